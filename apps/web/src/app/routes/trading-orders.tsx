import { OrdersScreen } from '../../features/trading/components/orders-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';

/** /trading/orders: the order book and trades. */
export function TradingOrdersRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.orders.title} />
      <OrdersScreen />
    </>
  );
}
