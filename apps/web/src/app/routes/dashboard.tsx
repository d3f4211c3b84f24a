import { IndexWatchScreen } from '../../features/futures/components/index-watch-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/dashboard: Index Watch, up to five indices side by side. */
export function DashboardRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.dashboard.title} />
      <IndexWatchScreen />
    </>
  );
}
