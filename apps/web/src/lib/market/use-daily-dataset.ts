import { addCalendarDays, istDateOf, istMidnight, systemClock, type Clock } from '@fnodesk/domain';
import type { DataParams } from '@fnodesk/contracts';
import { useMemo } from 'react';
import { useDataQuery } from '../use-data-query';

/** The end-of-session datasets read over a range of days (`?from&to`). */
export type DailyDatasetOperation = 'get_cash_market' | 'get_index_stats' | 'get_fno_oi';

/**
 * The sessions of an end-of-day dataset over the last `calendarDays` days to now (the server serves closed
 * sessions only, and never past what the caller's tier allows). The range is fixed at the IST day, so the query
 * key, and with it the cached answer, stays the same all day.
 */
export function useDailyDataset<Op extends DailyDatasetOperation>(
  op: Op,
  calendarDays: number,
  clock: Clock = systemClock,
) {
  const today = istDateOf(clock.now());
  const params = useMemo(
    // The three operations share one query ({from, to}); a generic Op does not let the compiler see it.
    () =>
      ({
        from: istMidnight(addCalendarDays(today, -calendarDays)),
        to: istMidnight(addCalendarDays(today, 1)) - 1,
      }) as DataParams<Op>,
    [today, calendarDays],
  );
  // A day's dataset is published once, in the evening: no need to read it again within the half-hour.
  return useDataQuery(op, params, { staleTime: 30 * 60_000 });
}
