import { SubscriptionOrderSchema, type SubscriptionOrder } from '@fnodesk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/payment-orders/:orderId`: an order that can still be paid (a renewal's pay link). */
export function getPaymentOrder(orderId: string, signal?: AbortSignal): Promise<SubscriptionOrder> {
  return apiFetch(`/api/v1/payment-orders/${encodeURIComponent(orderId)}`, { schema: SubscriptionOrderSchema, signal });
}

/** Query options of one order by its id. */
export function paymentOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['billing', 'payment-order', orderId],
    queryFn: ({ signal }) => getPaymentOrder(orderId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
