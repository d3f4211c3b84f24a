import { MarketMoversScreen } from '../../features/futures/components/market-movers-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /pages/fno-stocks: Market Movers, the F&O futures scanner. */
export function FnoStocksRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.fnoStocks.title} />
      <MarketMoversScreen />
    </>
  );
}
