// When orders may be placed: the regular session, after-market-order (AMO) windows and the MIS square-off time,
// all read from the market calendar (which knows the 15:40 F&O close from 3-Aug-2026).
import type { Exchange } from '../market/exchanges';
import { isDerivativesExchange } from '../market/exchanges';
import type { EpochMs, IsoDate } from '../market/ist-time';
import { istDateOf, istInstant, MINUTE_MS } from '../market/ist-time';
import type { MarketCalendar } from '../market/market-calendar';
import { defaultMarketCalendar, marketStatusAt, nextTradingDay, sessionOn } from '../market/market-calendar';

/** Default minutes before the close at which open MIS positions are squared off. */
export const DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE = 5;

// Zerodha refuses AMOs from 09:10 (F&O; 09:00 cash) to 15:45 on trading days [ZR]. With the 15:40 F&O close the
// window's end stays at least five minutes after the close.
const AMO_BLOCK_START = { derivatives: '09:10', cash: '09:00' } as const;
const AMO_BLOCK_END = '15:45';
const AMO_MIN_MINUTES_AFTER_CLOSE = 5;

/**
 * The instant open MIS positions are squared off on a date: `minutesBeforeClose` before the segment's close in
 * force (15:25 before 3-Aug-2026, 15:35 after, by default); null when the segment does not trade that day.
 */
export function misSquareOffAt(
  date: IsoDate,
  exchange: Exchange,
  minutesBeforeClose: number = DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs | null {
  if (!Number.isFinite(minutesBeforeClose) || minutesBeforeClose < 0) {
    throw new RangeError(`Not a number of minutes: ${minutesBeforeClose}`);
  }
  const session = sessionOn(date, exchange, calendar);
  return session ? session.close - minutesBeforeClose * MINUTE_MS : null;
}

/** True while regular orders are accepted: the segment's continuous session is open. */
export function regularOrdersOpen(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  return marketStatusAt(instant, exchange, calendar) === 'open';
}

/** The window of a trading day in which AMOs are refused, or null on a day without a session. */
export function amoBlockedWindow(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): { start: EpochMs; end: EpochMs } | null {
  const session = sessionOn(date, exchange, calendar);
  if (!session) return null;
  const start = istInstant(date, isDerivativesExchange(exchange) ? AMO_BLOCK_START.derivatives : AMO_BLOCK_START.cash);
  const end = Math.max(istInstant(date, AMO_BLOCK_END), session.close + AMO_MIN_MINUTES_AFTER_CLOSE * MINUTE_MS);
  return { start, end };
}

/** True when an AMO may be placed at the instant (outside the blocked window of a trading day, or any time else). */
export function amoAccepted(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  const window = amoBlockedWindow(istDateOf(instant), exchange, calendar);
  return window === null || instant < window.start || instant >= window.end;
}

/** The open of the session an AMO placed at the instant goes to: today's if it is still ahead, else the next one's. */
export function amoReleaseAt(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs {
  const today = istDateOf(instant);
  const session = sessionOn(today, exchange, calendar);
  if (session && instant < session.open) return session.open;
  const next = sessionOn(nextTradingDay(today, exchange, calendar), exchange, calendar);
  if (!next) throw new RangeError(`${exchange} has no session after ${today}`);
  return next.open;
}
