import { SubscriptionsSchema, type SubscriptionEntry } from '@fnodesk/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/subscriptions`: the user's plans ('My Plans'), newest first. */
export async function getSubscriptions(signal?: AbortSignal): Promise<SubscriptionEntry[]> {
  return (await apiFetch('/api/v1/subscriptions', { schema: SubscriptionsSchema, signal })).subscriptions;
}

/** Query options of the user's plans. */
export function subscriptionsQueryOptions() {
  return queryOptions({ queryKey: ['billing', 'subscriptions'], queryFn: ({ signal }) => getSubscriptions(signal) });
}

/** The user's plans. */
export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}

/** Marks what a purchase or trial changes (plans, payments, referral earnings) for reloading; open orders stay. */
export function invalidateAfterActivation(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [
      ['billing', 'subscriptions'],
      ['billing', 'subscription-payments'],
      ['billing', 'referral-earnings'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
