import { TradingDashboardScreen } from '../../features/trading/components/trading-dashboard-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /trading/dashboard: every tradable account at a glance. */
export function TradingDashboardRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.tradingDashboard.title} />
      <TradingDashboardScreen />
    </>
  );
}
