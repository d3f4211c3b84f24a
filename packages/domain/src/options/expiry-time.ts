// Time to expiry for option pricing.
//
// Day count: ACT/365 in calendar time, measured in milliseconds between two instants. Nights, weekends and holidays
// count like trading hours. This is the convention behind VIX-style indices (India VIX counts minutes to expiry over
// the 525,600 minutes of a 365-day year), it keeps theta meaningful "per calendar day", and it needs no holiday
// calendar, so the math does not depend on the market calendar. A trading-time clock would make overnight decay
// vanish and weekend decay jump, which is not how Indian option chains quote IV.

const MS_PER_MINUTE = 60_000;
const MS_PER_YEAR = 365 * 86_400_000;
// India Standard Time is UTC+05:30 all year (no daylight saving).
const IST_OFFSET_MINUTES = 5 * 60 + 30;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Default expiry time of day in minutes after midnight IST: the 15:30 close of normal F&O trading. NSE's F&O close
 * moves to 15:40 from 3-Aug-2026; callers that know the session in force pass its close to `optionExpiryEpochMs`.
 */
export const OPTION_EXPIRY_IST_MINUTES = 15 * 60 + 30;

/** Epoch milliseconds of an expiry on an IST calendar date 'YYYY-MM-DD' at the close (15:30 IST unless given); NaN if malformed. */
export function optionExpiryEpochMs(isoDate: string, closeIstMinutes: number = OPTION_EXPIRY_IST_MINUTES): number {
  const match = ISO_DATE.exec(isoDate);
  if (!match || !Number.isFinite(closeIstMinutes)) return NaN;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const midnightUtc = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 31-Feb over into March; such a date is malformed, not a different day.
  const check = new Date(midnightUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return NaN;
  return midnightUtc + (closeIstMinutes - IST_OFFSET_MINUTES) * MS_PER_MINUTE;
}

/** ACT/365 year fraction from `nowMs` to `expiryMs` (both epoch ms), zero once expired, NaN for non-finite input. */
export function yearFractionToExpiry(nowMs: number, expiryMs: number): number {
  const remaining = expiryMs - nowMs;
  if (Number.isNaN(remaining)) return NaN;
  return remaining > 0 ? remaining / MS_PER_YEAR : 0;
}
