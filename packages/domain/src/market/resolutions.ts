// Candle resolutions of the charts and how instants fall into candles. Intraday candles are counted from the
// session's open (09:15 IST on a normal day), as exchanges and Kite do, so 75-minute candles start at 09:15,
// 10:30, 11:45, 13:00 and 14:15 and hourly ones at 09:15, 10:15, …; a candle never spans two sessions. Daily,
// weekly and monthly candles are made of whole sessions and start at the open of their first session.
import type { Exchange } from './exchanges';
import type { EpochMs, IsoDate } from './ist-time';
import { addCalendarDays, dateParts, isoDate, istDateOf, istInstant, MINUTE_MS, weekdayOf } from './ist-time';
import type { MarketCalendar } from './market-calendar';
import { defaultMarketCalendar, sessionOn } from './market-calendar';

/** Every chart resolution, shortest first. */
export const RESOLUTIONS = [
  '1m',
  '2m',
  '3m',
  '4m',
  '5m',
  '10m',
  '15m',
  '20m',
  '30m',
  '75m',
  '1h',
  '2h',
  '1D',
  '1W',
  '1M',
] as const;

/** A chart resolution name. */
export type Resolution = (typeof RESOLUTIONS)[number];

/** Minutes per resolution. 1D, 1W and 1M are nominal (a day, five days, twenty days); their candles follow sessions. */
export const RESOLUTION_MINUTES: Readonly<Record<Resolution, number>> = {
  '1m': 1,
  '2m': 2,
  '3m': 3,
  '4m': 4,
  '5m': 5,
  '10m': 10,
  '15m': 15,
  '20m': 20,
  '30m': 30,
  '75m': 75,
  '1h': 60,
  '2h': 120,
  '1D': 1440,
  '1W': 7200,
  '1M': 28800,
};

/** The chart's default resolution. */
export const DEFAULT_RESOLUTION: Resolution = '5m';

/** The periods the Option Chain Charts page offers. */
export const CHART_PERIODS = ['1D', '2D', '3D', '4D', '5D', '1M'] as const;

/** A period of the Option Chain Charts page. */
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** The chart's default period. */
export const DEFAULT_CHART_PERIOD: ChartPeriod = '2D';

// Anchor for days without a session, so bucketing stays total.
const DEFAULT_OPEN = '09:15';

/** True when the text is one of the resolution names. */
export function isResolution(text: string): text is Resolution {
  return (RESOLUTIONS as readonly string[]).includes(text);
}

/** Minutes per candle of a resolution. */
export function resolutionMinutes(resolution: Resolution): number {
  return RESOLUTION_MINUTES[resolution];
}

/** True for resolutions shorter than a day. */
export function isIntradayResolution(resolution: Resolution): boolean {
  return resolution !== '1D' && resolution !== '1W' && resolution !== '1M';
}

/**
 * The start of the candle containing an instant. Intraday: counted from the session's open; pre-open trades
 * belong to the first candle. 1D/1W/1M: the open of the first session of the day, week (Monday–Sunday) or month.
 */
export function candleBucketStart(
  instant: EpochMs,
  resolution: Resolution,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs {
  const date = istDateOf(instant);
  if (resolution === '1D') return firstSessionOpen([date], exchange, calendar);
  if (resolution === '1W') {
    const monday = addCalendarDays(date, -((weekdayOf(date) + 6) % 7));
    return firstSessionOpen(datesFrom(monday, 7), exchange, calendar);
  }
  if (resolution === '1M') {
    const { year, month } = dateParts(date);
    const first = isoDate(year, month, 1);
    return firstSessionOpen(
      datesFrom(first, 31).filter((d) => dateParts(d).month === month),
      exchange,
      calendar,
    );
  }
  const length = RESOLUTION_MINUTES[resolution] * MINUTE_MS;
  const session = sessionOn(date, exchange, calendar);
  const anchor = session ? session.open : istInstant(date, DEFAULT_OPEN);
  const t = session ? Math.min(Math.max(instant, session.open), session.close - 1) : instant;
  return anchor + Math.floor((t - anchor) / length) * length;
}

function datesFrom(start: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addCalendarDays(start, i));
}

function firstSessionOpen(dates: readonly IsoDate[], exchange: Exchange, calendar: MarketCalendar): EpochMs {
  for (const date of dates) {
    const session = sessionOn(date, exchange, calendar);
    if (session) return session.open;
  }
  const first = dates[0];
  if (first === undefined) throw new RangeError('No dates to bucket');
  return istInstant(first, DEFAULT_OPEN);
}

/**
 * Resolutions offered for a chart period. With 5D, 1m and 3m are removed; with 1M, 1m, 3m and 5m are removed;
 * other periods offer all. (The page removes only these; 2m and 4m stay listed but are raised by
 * {@link resolutionForPeriod}.)
 */
export function resolutionsForPeriod(period: string): readonly Resolution[] {
  if (period === '5D') return RESOLUTIONS.filter((r) => r !== '1m' && r !== '3m');
  if (period === '1M') return RESOLUTIONS.filter((r) => r !== '1m' && r !== '3m' && r !== '5m');
  return RESOLUTIONS;
}

/** The resolution actually used for a period: with 5D anything up to 5m becomes 5m; with 1M up to 15m becomes 15m. */
export function resolutionForPeriod(period: string, resolution: Resolution): Resolution {
  const minutes = RESOLUTION_MINUTES[resolution];
  if (period === '5D' && minutes <= 5) return '5m';
  if (period === '1M' && minutes <= 15) return '15m';
  return resolution;
}
