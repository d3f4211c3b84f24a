import { DAYS_PER_MONTH } from './plan-pricing';

const DAY_MS = 86_400_000;

/** Milliseconds in `days` days. */
export function daysToMs(days: number): number {
  return days * DAY_MS;
}

/**
 * When a newly bought period starts: now, or — for a renewal bought while a plan of the same product is still
 * running — the moment the current validity ends, so no paid day is lost.
 */
export function periodStart(nowMs: number, currentValidTillMs: number | null): number {
  return currentValidTillMs !== null && currentValidTillMs > nowMs ? currentValidTillMs : nowMs;
}

/** The validity window of a package of `days` days bought at `nowMs`, given the current validity end. */
export function periodFor(
  nowMs: number,
  days: number,
  currentValidTillMs: number | null,
): { startsAtMs: number; endsAtMs: number } {
  const startsAtMs = periodStart(nowMs, currentValidTillMs);
  return { startsAtMs, endsAtMs: startsAtMs + daysToMs(days) };
}

/** Whole days from `nowMs` until `endMs`, rounded up (a plan ending in 2 h has 1 day left); 0 once ended. */
export function daysLeft(nowMs: number, endMs: number): number {
  return endMs <= nowMs ? 0 : Math.ceil((endMs - nowMs) / DAY_MS);
}

/** Validity in whole 30-day months, for labels such as '6 Month' (0 for periods under a month). */
export function validityMonths(days: number): number {
  return Math.floor(days / DAYS_PER_MONTH);
}
