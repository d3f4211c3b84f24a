import { SubscriptionPaymentsSchema, type SubscriptionPayment } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/subscription-payments`: the user's payments with the validity each bought (`packageEndTime`). */
export async function getSubscriptionPayments(signal?: AbortSignal): Promise<SubscriptionPayment[]> {
  return (await apiFetch('/api/v1/subscription-payments', { schema: SubscriptionPaymentsSchema, signal })).payments;
}

/** Query options of the user's payments. */
export function subscriptionPaymentsQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'subscription-payments'],
    queryFn: ({ signal }) => getSubscriptionPayments(signal),
  });
}

/** The user's payments. */
export function useSubscriptionPayments() {
  return useQuery(subscriptionPaymentsQueryOptions());
}
