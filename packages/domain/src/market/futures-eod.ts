// End-of-day futures screens (pages brief G3, Futures EOD Analysis and Futures EOD): the chips' rules and the
// rollover figures a day's near, next and far futures give. The thresholds are settings the pages show; the brief
// marks them as assumed:
//   Volume Spike   volume ≥ 2 × the average volume of the 5 sessions before
//   High Delivery  delivery % ≥ 1.5 × the average delivery % of the 5 sessions before
//   High Rollover  rollover ≥ 75 % in the week of the near-month expiry
//   Rollover %     (next OI + far OI) ÷ (near OI + next OI + far OI) × 100
//   Roll cost %    (next close − near close) ÷ near close × 100
import { addCalendarDays, dayNumber, weekdayOf, type IsoDate } from './ist-time';

/** The chips' thresholds. */
export const FUTURES_EOD_RULES = Object.freeze({
  /** Sessions the averages look back over. */
  averageSessions: 5,
  volumeSpikeMultiple: 2,
  highDeliveryMultiple: 1.5,
  highRolloverPercent: 75,
});

/** The mean of the known values, or null when none is known. */
export function averageOfKnown(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    sum += value;
    count += 1;
  }
  return count === 0 ? null : sum / count;
}

/** Volume Spike: a session's volume at least twice the average of the sessions before (the last five). */
export function isVolumeSpike(volume: number | null, before: readonly (number | null)[]): boolean {
  const average = averageOfKnown(before.slice(-FUTURES_EOD_RULES.averageSessions));
  return (
    volume !== null && average !== null && average > 0 && volume >= FUTURES_EOD_RULES.volumeSpikeMultiple * average
  );
}

/** High Delivery: a session's delivery % at least 1.5 times the average of the sessions before (the last five). */
export function isHighDelivery(deliveryPercent: number | null, before: readonly (number | null)[]): boolean {
  const average = averageOfKnown(before.slice(-FUTURES_EOD_RULES.averageSessions));
  return (
    deliveryPercent !== null &&
    average !== null &&
    average > 0 &&
    deliveryPercent >= FUTURES_EOD_RULES.highDeliveryMultiple * average
  );
}

/** True when `date` falls in the Monday-to-Sunday week of the near-month `expiry`, on or before it. */
export function isExpiryWeek(date: IsoDate, expiry: IsoDate): boolean {
  const weekday = weekdayOf(date);
  const monday = addCalendarDays(date, weekday === 0 ? -6 : 1 - weekday);
  const days = dayNumber(expiry) - dayNumber(monday);
  return date <= expiry && days >= 0 && days < 7;
}

/** High Rollover: rollover of at least 75 % in the expiry week. */
export function isHighRollover(rolloverPercent: number | null, date: IsoDate, nearExpiry: IsoDate | null): boolean {
  return (
    rolloverPercent !== null &&
    nearExpiry !== null &&
    rolloverPercent >= FUTURES_EOD_RULES.highRolloverPercent &&
    isExpiryWeek(date, nearExpiry)
  );
}

/** Rollover %: the share of the open interest held beyond the near month. Null when no OI is known. */
export function rolloverPercent(nearOi: number | null, nextOi: number | null, farOi: number | null): number | null {
  if (nearOi === null || nextOi === null) return null;
  const total = nearOi + nextOi + (farOi ?? 0);
  return total > 0 ? (100 * (nextOi + (farOi ?? 0))) / total : null;
}

/** Roll cost %: the next month's premium over the near month, as a share of the near month's close. */
export function rollCostPercent(nearClose: number | null, nextClose: number | null): number | null {
  if (nearClose === null || nextClose === null || nearClose <= 0) return null;
  return (100 * (nextClose - nearClose)) / nearClose;
}
