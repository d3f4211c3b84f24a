import { useState } from 'react';
import { useSubscriptions } from '../../features/billing/api/get-subscriptions';
import { PortfolioRiskPanel } from '../../features/quiktrade-risk/components/portfolio-risk-panel';
import { RulesPanel } from '../../features/quiktrade-risk/components/rules-panel';
import { QuikTradeTerminal } from '../../features/trading/components/quiktrade-terminal';
import type { TerminalSession, TerminalTab } from '../../features/trading/components/terminal-session';
import { tradePlanOf } from '@fnodesk/contracts';
import { usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { RISK_DISCLAIMER } from '../brand';
import { GatePopup } from '../navigation/gate-popup';
import { PageTitle } from '../page-title';

/**
 * The terminal's server-side risk tabs: the portfolio's MTM stop, target and lock-in trail (every QuikTrade plan) and
 * the rules engine (Pro only: on other plans the tab opens the Upgrade Now popup, as the server answers 402).
 */
function riskTabs(session: TerminalSession): readonly TerminalTab[] {
  return [
    {
      id: 'portfolio-risk',
      label: 'MTM Risk',
      element: <PortfolioRiskPanel brokerId={session.account.id} mode={session.mode} />,
    },
    {
      id: 'rules',
      label: 'Rules',
      locked: session.plan !== 'pro',
      element: <RulesPanel brokerId={session.account.id} mode={session.mode} />,
    },
  ];
}

/** /pages/trading: the QuikTrade terminal under the user's running QuikTrade plan. */
export function QuikTradeTerminalRoute() {
  const feed = usePublicConfig().data?.feed;
  const subscriptions = useSubscriptions();
  const [upgradeShown, setUpgradeShown] = useState(false);
  const plan = tradePlanOf(
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
          extraTabs={riskTabs}
          {...(feed === undefined
            ? {}
            : { refreshMs: feed.refreshMs, replay: feed.replay, alwaysOpen: feed.alwaysOpen === true })}
        />
      )}
      <GatePopup gate="upgrade" show={upgradeShown} onClose={() => setUpgradeShown(false)} />
    </>
  );
}
