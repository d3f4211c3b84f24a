import { PositionsScreen } from '../../features/trading/components/positions-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /trading/positions: positions with live MTM. */
export function TradingPositionsRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.positions.title} />
      <PositionsScreen />
    </>
  );
}
