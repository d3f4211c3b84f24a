import { FundsScreen } from '../../features/trading/components/funds-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /trading/funds: capital, margin and charges. */
export function TradingFundsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.funds.title} />
      <FundsScreen />
    </>
  );
}
