import { IST_OFFSET_MS } from '@fnodesk/domain';
import type { UTCTimestamp } from 'lightweight-charts';

/**
 * lightweight-charts draws its time axis in UTC. Shifting every instant by IST's offset makes the axis, the
 * crosshair label and the day boundaries read as Indian Standard Time without a time-zone library.
 */
export function toChartTime(epochMs: number): UTCTimestamp {
  return Math.floor((epochMs + IST_OFFSET_MS) / 1000) as UTCTimestamp;
}

/** The epoch milliseconds a chart time stands for (the inverse of {@link toChartTime} to the second). */
export function fromChartTime(time: UTCTimestamp): number {
  return time * 1000 - IST_OFFSET_MS;
}
