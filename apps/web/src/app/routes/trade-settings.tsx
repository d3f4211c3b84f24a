import { TradeSettingsScreen } from '../../features/trading/components/trade-settings-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/setting: the QuikTrade terminal's order defaults and RMS limits. */
export function TradeSettingsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.tradingSettings.title} />
      <TradeSettingsScreen />
    </>
  );
}
