import { PreMarketScreen } from '../../features/futures/components/pre-market-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/pre-market: the pre-open call auction of the F&O stocks and futures. */
export function PreMarketRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.preMarket.title} />
      <PreMarketScreen />
    </>
  );
}
