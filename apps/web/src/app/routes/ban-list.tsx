import { BanListScreen } from '../../features/ban-list/components/ban-list-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/ban-list: the F&O ban list, its possible entrants and exits, and every stock's MWPL change. */
export function BanListRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.banList.title} />
      <BanListScreen />
    </>
  );
}
