import { FuturesDashboardScreen } from '../../features/futures/components/futures-dashboard-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /pages/future-dashboard: the Futures Dashboard's top-N cards, refreshed every 15 s. */
export function FutureDashboardRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.futureDashboard.title} />
      <FuturesDashboardScreen marketMoversPath={paths.fnoStocks} />
    </>
  );
}
