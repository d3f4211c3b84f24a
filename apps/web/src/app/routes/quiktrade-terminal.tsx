import { useState } from 'react';
import { useSubscriptions } from '../../features/billing/api/get-subscriptions';
import { QuikTradeTerminal } from '../../features/trading/components/quiktrade-terminal';
import { terminalPlanOf } from '../../features/trading/utils/terminal-plan';
import { usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { RISK_DISCLAIMER } from '../brand';
import { GatePopup } from '../navigation/gate-popup';
import { PageTitle } from '../page-title';

/** /pages/trading: the QuikTrade terminal under the user's running QuikTrade plan. */
export function QuikTradeTerminalRoute() {
  const feed = usePublicConfig().data?.feed;
  const subscriptions = useSubscriptions();
  const [upgradeShown, setUpgradeShown] = useState(false);
  const plan = terminalPlanOf(
    (subscriptions.data ?? [])
      .filter((entry) => entry.product === 'qt' && entry.status === 'active')
      .map((entry) => entry.planName),
  );
  return (
    <>
      <PageTitle name={APP_PAGES.trading.title} />
      {subscriptions.isPending ? (
        <p className="text-body-secondary">Loading…</p>
      ) : (
        <QuikTradeTerminal
          plan={plan}
          disclosure={RISK_DISCLAIMER}
          onUpgrade={() => setUpgradeShown(true)}
          {...(feed === undefined
            ? {}
            : { refreshMs: feed.refreshMs, replay: feed.replay, alwaysOpen: feed.alwaysOpen === true })}
        />
      )}
      <GatePopup gate="upgrade" show={upgradeShown} onClose={() => setUpgradeShown(false)} />
    </>
  );
}
