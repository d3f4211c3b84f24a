import {
  BulkOrderRequestSchema,
  OrderViewSchema,
  PlacedOrdersSchema,
  type BulkOrderRequest,
  type ModifyOrderRequest,
  type OrderLineInput,
  type OrderView,
  type PlacedOrders,
} from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';
import { brokerPath } from '../../../lib/trading/trading-paths';

/** `POST brokers/{id}/bulk-orders` (spec §7 bulkOrder): places lines on one account; every slice it created. */
export function placeBulkOrders(brokerId: string, orders: readonly OrderLineInput[]): Promise<PlacedOrders> {
  const body: BulkOrderRequest = BulkOrderRequestSchema.parse({ priorityType: 'broker-config', orders });
  return apiFetch(brokerPath(brokerId, '/bulk-orders'), { method: 'POST', body, schema: PlacedOrdersSchema });
}

/** `PUT brokers/{id}/orders/{orderId}` (spec §4.2: an order sent with an id is a modify): the order as modified. */
export function modifyOrder(brokerId: string, orderId: string, change: ModifyOrderRequest): Promise<OrderView> {
  return apiFetch(brokerPath(brokerId, `/orders/${encodeURIComponent(orderId)}`), {
    method: 'PUT',
    body: change,
    schema: OrderViewSchema,
  });
}

/** `DELETE brokers/{id}/orders/{orderId}`. */
export function cancelOrder(brokerId: string, orderId: string): Promise<unknown> {
  return apiFetch(brokerPath(brokerId, `/orders/${encodeURIComponent(orderId)}`), { method: 'DELETE' });
}
