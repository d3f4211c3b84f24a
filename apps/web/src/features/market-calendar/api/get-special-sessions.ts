import { SpecialSessionsSchema, type SpecialSession } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/use-data-query';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the cached special sessions (spec signed-in §3). */
export const SPECIAL_SESSIONS_STORAGE_KEY = 'specialSession';

/** The cached special sessions, or null when none are cached or the cache is unreadable. */
export function readCachedSpecialSessions(): SpecialSession[] | null {
  const raw = readStoredItem(SPECIAL_SESSIONS_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = SpecialSessionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `get_special_session`: sessions on weekends or holidays; cached under 'specialSession'. */
export async function getSpecialSessions(signal?: AbortSignal): Promise<SpecialSession[]> {
  const { data: sessions } = await fetchData('get_special_session', {}, { signal });
  writeStoredItem(SPECIAL_SESSIONS_STORAGE_KEY, JSON.stringify(sessions));
  return sessions;
}

/** Query options of the special sessions. */
export function specialSessionsQueryOptions() {
  return queryOptions({
    queryKey: ['market-calendar', 'special-sessions'],
    queryFn: ({ signal }) => getSpecialSessions(signal),
    staleTime: Infinity,
  });
}

/** The special sessions (Budget day, Muhurat trading). */
export function useSpecialSessions() {
  return useQuery(specialSessionsQueryOptions());
}
