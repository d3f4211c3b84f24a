import { HolidaySchema, type Holiday } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchData } from '../../../lib/use-data-query';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** localStorage key of the cached NFO holiday list (spec signed-in §3 Holiday). */
export const HOLIDAYS_STORAGE_KEY = 'holidays';

/** The holiday lists the app reads: the cash market's and the F&O segment's. */
export interface MarketHolidays {
  nse: Holiday[];
  nfo: Holiday[];
  /** Years whose lists the exchanges have published. */
  publishedYears: number[];
}

const CachedHolidaysSchema = z.array(HolidaySchema);

/** The cached NFO holiday list, or null when none is cached or the cache is unreadable. */
export function readCachedNfoHolidays(): Holiday[] | null {
  const raw = readStoredItem(HOLIDAYS_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = CachedHolidaysSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `get_exchange_holidays?exchange=nse,nfo`; caches the NFO list under 'holidays'. */
export async function getExchangeHolidays(signal?: AbortSignal): Promise<MarketHolidays> {
  const { data } = await fetchData('get_exchange_holidays', { exchange: 'nse,nfo' }, { signal });
  const holidays = { nse: data.holidays['NSE'] ?? [], nfo: data.holidays['NFO'] ?? [] };
  writeStoredItem(HOLIDAYS_STORAGE_KEY, JSON.stringify(holidays.nfo));
  return { ...holidays, publishedYears: data.publishedYears };
}

/** Query options of the holiday lists; they change a few times a year, so one fetch per visit is plenty. */
export function exchangeHolidaysQueryOptions() {
  return queryOptions({
    queryKey: ['market-calendar', 'holidays'],
    queryFn: ({ signal }) => getExchangeHolidays(signal),
    staleTime: Infinity,
  });
}

/** The NSE and NFO holiday lists. */
export function useExchangeHolidays() {
  return useQuery(exchangeHolidaysQueryOptions());
}
