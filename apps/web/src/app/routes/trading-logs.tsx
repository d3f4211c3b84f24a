import { TradingLogsScreen } from '../../features/trading/components/trading-logs-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /trading/logs: the trading log. */
export function TradingLogsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.tradingLogs.title} />
      <TradingLogsScreen />
    </>
  );
}
