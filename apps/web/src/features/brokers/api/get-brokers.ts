import { BrokerListSchema, type BrokerAccount, type BrokerStatus } from '@fnodesk/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { BROKERS_LIST_QUERY_KEY, BROKERS_QUERY_KEY } from '../../../lib/broker-accounts-key';

export { BROKERS_QUERY_KEY };

/** `GET /api/v1/brokers` (optionally `?status=`): the user's broker accounts. */
export async function getBrokers(status?: BrokerStatus, signal?: AbortSignal): Promise<BrokerAccount[]> {
  const query = status === undefined ? '' : `?status=${encodeURIComponent(status)}`;
  return (await apiFetch(`/api/v1/brokers${query}`, { schema: BrokerListSchema, signal })).brokers;
}

/** Query options of the user's broker accounts (all statuses). */
export function brokersQueryOptions() {
  return queryOptions({
    queryKey: BROKERS_LIST_QUERY_KEY,
    queryFn: ({ signal }) => getBrokers(undefined, signal),
  });
}

/** The user's broker accounts. */
export function useBrokers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...brokersQueryOptions(), enabled: options.enabled ?? true });
}

/** Marks the broker accounts for reloading (after a change to one of them). */
export function invalidateBrokers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: BROKERS_QUERY_KEY });
}
