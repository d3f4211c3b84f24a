import type { QueryClient } from '@tanstack/react-query';
import { HOLIDAYS_STORAGE_KEY } from '../../features/market-calendar/api/get-exchange-holidays';
import { SPECIAL_SESSIONS_STORAGE_KEY } from '../../features/market-calendar/api/get-special-sessions';
import { removeStoredItem } from '../../lib/local-storage';

/** Toast shown when the cache is cleared (spec signed-in §2.2). */
export const CACHE_CLEARED_MESSAGE = 'Cache cleared successfully';

/** Market data kept in localStorage between visits; the session and the settings are not cache and stay. */
export const CACHED_DATA_STORAGE_KEYS: readonly string[] = [HOLIDAYS_STORAGE_KEY, SPECIAL_SESSIONS_STORAGE_KEY];

/** Drops the stored market data and every cached server answer; the pages on screen fetch theirs again. */
export async function clearCachedData(queryClient: QueryClient): Promise<void> {
  for (const key of CACHED_DATA_STORAGE_KEYS) removeStoredItem(key);
  await queryClient.resetQueries();
}
