import { HoldingsScreen } from '../../features/trading/components/holdings-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /trading/holdings: holdings at live prices. */
export function TradingHoldingsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.holdings.title} />
      <HoldingsScreen />
    </>
  );
}
