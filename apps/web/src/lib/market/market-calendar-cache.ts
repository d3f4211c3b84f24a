import { HolidaySchema, SpecialSessionSchema, type Holiday, type SpecialSession } from '@fnodesk/contracts';
import { istDateOf } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchData } from '../use-data-query';
import { readStoredItem, writeStoredItem } from '../local-storage';

/** localStorage key of the cached NFO holiday list (spec §3). */
export const HOLIDAYS_STORAGE_KEY = 'holidays';
/** localStorage key of the cached special sessions (spec §3). */
export const SPECIAL_SESSION_STORAGE_KEY = 'specialSession';

/** The market calendar a chart page needs: NFO holidays and the special sessions. */
export interface MarketCalendarData {
  holidays: Holiday[];
  specialSessions: SpecialSession[];
}

// The cache is refreshed once per IST day; the lists change a few times a year.
const CachedSchema = <T extends z.ZodType>(item: T) => z.object({ day: z.string(), list: z.array(item) });

function readCached<T extends z.ZodType>(key: string, item: T, today: string): z.infer<T>[] | null {
  const raw = readStoredItem(key);
  if (raw === null) return null;
  try {
    const parsed = CachedSchema(item).safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.day === today ? parsed.data.list : null;
  } catch {
    return null;
  }
}

function writeCached(key: string, today: string, list: readonly unknown[]): void {
  writeStoredItem(key, JSON.stringify({ day: today, list }));
}

/**
 * The NFO holidays (`get_exchange_holidays?exchange=nse,nfo`) and special sessions (`get_special_session`), read
 * from localStorage ('holidays', 'specialSession') when cached today, else fetched and cached.
 */
export async function loadMarketCalendar(now: number, signal?: AbortSignal): Promise<MarketCalendarData> {
  const today = istDateOf(now);
  const [cachedHolidays, cachedSessions] = [
    readCached(HOLIDAYS_STORAGE_KEY, HolidaySchema, today),
    readCached(SPECIAL_SESSION_STORAGE_KEY, SpecialSessionSchema, today),
  ];
  const [holidays, specialSessions] = await Promise.all([
    cachedHolidays ??
      fetchData('get_exchange_holidays', { exchange: 'nse,nfo' }, { signal }).then(({ data }) => {
        const list = data.holidays['NFO'] ?? data.holidays['nfo'] ?? [];
        writeCached(HOLIDAYS_STORAGE_KEY, today, list);
        return list;
      }),
    cachedSessions ??
      fetchData('get_special_session', {}, { signal }).then(({ data }) => {
        writeCached(SPECIAL_SESSION_STORAGE_KEY, today, data);
        return data;
      }),
  ]);
  return { holidays, specialSessions };
}

/** The market calendar for today's IST date (from the cache when fresh). */
export function useMarketCalendar(now: number) {
  const today = istDateOf(now);
  return useQuery({
    queryKey: ['market', 'calendar', today],
    queryFn: ({ signal }) => loadMarketCalendar(now, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Today's holiday (IST), if today is one. */
export function holidayOn(holidays: readonly Holiday[], now: number): Holiday | undefined {
  const today = istDateOf(now);
  return holidays.find((holiday) => holiday.date === today);
}
