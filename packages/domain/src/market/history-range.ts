// History ranges as the pages write them: `nD` (the last n trading sessions), `nM` and `nY` (calendar months and
// years back, starting at the first session on or after that date). Days without a session never count.
import type { Exchange } from './exchanges';
import type { EpochMs, IsoDate } from './ist-time';
import { addCalendarMonths, istDateOf } from './ist-time';
import type { MarketCalendar } from './market-calendar';
import {
  defaultMarketCalendar,
  isTradingDay,
  latestSessionAt,
  nextTradingDay,
  previousTradingDay,
  sessionOn,
  sessionStart,
} from './market-calendar';

/** Unit of a history range: trading days, calendar months or calendar years. */
export type HistoryRangeUnit = 'D' | 'M' | 'Y';

/** A parsed history range such as `2D` or `1M`. */
export interface HistoryRange {
  count: number;
  unit: HistoryRangeUnit;
}

/** The instants a history range covers and the sessions at its ends. */
export interface HistoryWindow {
  /** Start of the first session (its pre-open if it has one). */
  from: EpochMs;
  /** The instant the range ends at. */
  to: EpochMs;
  firstSession: IsoDate;
  lastSession: IsoDate;
}

// Upper bounds keep the arithmetic inside four-digit years.
const MAX_COUNT: Record<HistoryRangeUnit, number> = { D: 10_000, M: 1_200, Y: 100 };
const RANGE_TEXT = /^([1-9]\d{0,4})([DMY])$/;

/** Parses `nD`, `nM` or `nY`; throws a RangeError for anything else or a count out of bounds. */
export function parseHistoryRange(text: string): HistoryRange {
  const match = RANGE_TEXT.exec(text);
  const unit = match?.[2] as HistoryRangeUnit | undefined;
  const count = Number(match?.[1]);
  if (!unit || count > MAX_COUNT[unit]) throw new RangeError(`Not a history range (nD, nM or nY): ${text}`);
  return { count, unit };
}

/** True when the text is a valid history range. */
export function isHistoryRange(text: string): boolean {
  const match = RANGE_TEXT.exec(text);
  const unit = match?.[2] as HistoryRangeUnit | undefined;
  return unit !== undefined && Number(match?.[1]) <= MAX_COUNT[unit];
}

/**
 * The window a range covers when it ends at an instant. `2D` is the last two sessions that had started by then
 * (today's counts once its pre-open or open has begun); `1M` runs from the first session on or after the same
 * date a month earlier.
 */
export function historyRangeWindow(
  range: string | HistoryRange,
  end: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): HistoryWindow {
  const { count, unit } = typeof range === 'string' ? parseHistoryRange(range) : range;
  const lastSession = latestSessionAt(end, exchange, calendar).date;
  let firstSession: IsoDate;
  if (unit === 'D') {
    firstSession = lastSession;
    for (let i = 1; i < count; i++) firstSession = previousTradingDay(firstSession, exchange, calendar);
  } else {
    const startDate = addCalendarMonths(istDateOf(end), -(unit === 'M' ? count : count * 12));
    firstSession = isTradingDay(startDate, exchange, calendar)
      ? startDate
      : nextTradingDay(startDate, exchange, calendar);
  }
  const first = sessionOn(firstSession, exchange, calendar);
  if (!first) throw new RangeError(`${exchange} has no session on ${firstSession}`);
  return { from: sessionStart(first), to: end, firstSession, lastSession };
}
