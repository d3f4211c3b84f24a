import { SubscriptionEntrySchema, type SubscriptionEntry } from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { subscriptionsQueryOptions } from './get-subscriptions';

/** `PUT /api/v1/subscriptions/:id`: switches auto-renewal on, or cancels it. */
export function updateSubscription(id: string, autoRenew: boolean): Promise<SubscriptionEntry> {
  return apiFetch(`/api/v1/subscriptions/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { autoRenew },
    schema: SubscriptionEntrySchema,
  });
}

/** The auto-renewal switch as a mutation; the plan list is reloaded afterwards. */
export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: string; autoRenew: boolean }) => updateSubscription(id, autoRenew),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions().queryKey }),
  });
}
