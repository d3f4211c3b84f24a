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
import { brokerPath } from '../../../lib/trading/trading-paths';

/** Where an order comes from: the window, the basket or a part of the QuikTrade terminal (the server gates the Scalper plan on it). */
export type TerminalOrderOrigin = 'chain' | 'straddle' | 'strangle' | 'adjustment' | 'window' | 'basket';

/**
 * A new idempotency key for one user action on orders (a click on Buy, Execute, Modify, Cancel, Exit): sent as the
 * `Idempotency-Key` header, and sent again with the same request when it is retried, so the server places it once.
 * (`crypto.randomUUID` needs a secure context; plain HTTP gets random hex.)
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Options of a bulk order: the terminal's origin, and the click's idempotency key (a retry places nothing twice). */
export interface BulkOrderOptions {
  origin?: TerminalOrderOrigin;
  idempotencyKey?: string;
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
  options: BulkOrderOptions = {},
): Promise<PlacedOrders> {
  const parsed: BulkOrderRequest = BulkOrderRequestSchema.parse({ priorityType: 'broker-config', orders });
  const body = options.origin === undefined ? parsed : { ...parsed, origin: options.origin };
  return apiFetch(brokerPath(brokerId, '/bulk-orders'), {
    method: 'POST',
    body,
    schema: PlacedOrdersSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey ?? newIdempotencyKey() },
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
