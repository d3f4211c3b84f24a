import { addCalendarDays, istMidnight, type IsoDate } from '@fnodesk/domain';

/** `{from, to}` of the calendar days from `days` before `today` through its end (fixed per IST day). */
export function eodRangeParams(today: IsoDate, days: number): { from: number; to: number } {
  return { from: istMidnight(addCalendarDays(today, -days)), to: istMidnight(addCalendarDays(today, 1)) - 1 };
}

/** End-of-day files are published once, in the evening: answers stay fresh for half an hour. */
export const EOD_STALE_MS = 30 * 60_000;
