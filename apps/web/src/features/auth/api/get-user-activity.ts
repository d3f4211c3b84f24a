import { ActivityResponseSchema, type ActivityEntry, type ActivitySource } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Which activity to list: an epoch-ms range and, optionally, one source. */
export interface ActivityRange {
  from: number;
  to: number;
  source?: ActivitySource;
}

/** `GET /api/v1/user/activity`: the signed-in user's account activity in the range, newest first. */
export async function getUserActivity(range: ActivityRange, signal?: AbortSignal): Promise<ActivityEntry[]> {
  const query = new URLSearchParams({ from: String(range.from), to: String(range.to) });
  if (range.source !== undefined) query.set('source', range.source);
  const data = await apiFetch(`/api/v1/user/activity?${query.toString()}`, {
    schema: ActivityResponseSchema,
    signal,
  });
  return data.activities;
}

/** Query options of the account activity in `range`. */
export function userActivityQueryOptions(range: ActivityRange) {
  return queryOptions({
    queryKey: ['auth', 'user-activity', range.from, range.to, range.source ?? 'all'],
    queryFn: ({ signal }) => getUserActivity(range, signal),
  });
}

/** The signed-in user's account activity in `range`. */
export function useUserActivity(range: ActivityRange) {
  return useQuery(userActivityQueryOptions(range));
}
