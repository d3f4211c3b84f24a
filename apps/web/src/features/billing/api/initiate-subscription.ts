import { SubscriptionOrderSchema, type ProductType, type SubscriptionOrder } from '@fnodesk/contracts';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** What an order is asked for: a plan and, optionally, a promo code. Never a price. */
export interface OrderRequest {
  packageId: string;
  productType: ProductType;
  promoCode?: string | undefined;
}

/**
 * `POST /api/v1/initiate-subscription`: the payment order for a plan, priced by the server. The promo code is sent
 * upper-cased (spec §5). The server hands back the user's pending order for the same plan and promo when there is one.
 */
export function initiateSubscription(request: OrderRequest, signal?: AbortSignal): Promise<SubscriptionOrder> {
  const promoCode = request.promoCode?.trim().toUpperCase();
  return apiFetch('/api/v1/initiate-subscription', {
    method: 'POST',
    body: {
      packageId: request.packageId,
      productType: request.productType,
      path: window.location.hostname,
      ...(promoCode ? { promoCode } : {}),
    },
    schema: SubscriptionOrderSchema,
    signal,
  });
}

/** Query options of the order for a plan (and promo) on the payment page; the server reuses a pending one. */
export function paymentOrderForPlanQueryOptions(request: OrderRequest) {
  return queryOptions({
    queryKey: ['billing', 'order', request.packageId, request.promoCode?.toUpperCase() ?? ''],
    queryFn: ({ signal }) => initiateSubscription(request, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // While a promo's order is being made, the table keeps showing the current one.
    placeholderData: keepPreviousData,
  });
}

/** Creating an order as a mutation (the pricing pages' Buy and Select Plan). */
export function useInitiateSubscription() {
  return useMutation({ mutationFn: (request: OrderRequest) => initiateSubscription(request) });
}
