import {
  BulkOrderRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  OrderViewSchema,
  PlacedOrdersSchema,
  type BulkOrderRequest,
  type ModifyOrderRequest,
  type OrderLineInput,
  type OrderView,
  type PlacedOrders,
} from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { brokerPath } from './trading-paths';

/**
 * A new idempotency key for one user action on orders (a click on Buy, Execute, Modify, Cancel, Exit): sent as the
 * `Idempotency-Key` header, and sent again with the same request when it is retried, so the server places it once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** An order request lost on the way (no answer) is retried twice with its key; any answer is final. */
export function retryLostOrderRequest(failures: number, error: Error): boolean {
  return failures < 2 && error instanceof ApiError && error.errorCode === 'NETWORK';
}

const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

/** `POST brokers/{id}/bulk-orders` (spec §7 bulkOrder): places lines on one account; every slice it created. */
export function placeBulkOrders(
  brokerId: string,
  orders: readonly OrderLineInput[],
  idempotencyKey: string,
): Promise<PlacedOrders> {
  const body: BulkOrderRequest = BulkOrderRequestSchema.parse({ priorityType: 'broker-config', orders });
  return apiFetch(brokerPath(brokerId, '/bulk-orders'), {
    method: 'POST',
    body,
    schema: PlacedOrdersSchema,
    headers: keyed(idempotencyKey),
  });
}

/** `PUT brokers/{id}/orders/{orderId}` (spec §4.2: an order sent with an id is a modify): the order as modified. */
export function modifyOrder(
  brokerId: string,
  orderId: string,
  change: ModifyOrderRequest,
  idempotencyKey: string,
): Promise<OrderView> {
  return apiFetch(brokerPath(brokerId, `/orders/${encodeURIComponent(orderId)}`), {
    method: 'PUT',
    body: change,
    schema: OrderViewSchema,
    headers: keyed(idempotencyKey),
  });
}

/** `DELETE brokers/{id}/orders/{orderId}`. */
export function cancelOrder(brokerId: string, orderId: string, idempotencyKey: string): Promise<unknown> {
  return apiFetch(brokerPath(brokerId, `/orders/${encodeURIComponent(orderId)}`), {
    method: 'DELETE',
    headers: keyed(idempotencyKey),
  });
}
