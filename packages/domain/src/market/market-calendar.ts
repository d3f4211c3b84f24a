// The trading calendar of NSE and BSE (cash and F&O): which days have a session, when each session opens and
// closes, and what the market is doing at an instant. Every function takes the instant or date it is asked about
// (callers read the clock port), and an optional calendar built from other data (e.g. holidays loaded from the
// database); without one they use the data modules of this folder.
import type {
  HolidayEntry,
  HolidayList,
  SessionScheduleEntry,
  SessionTimes,
  SpecialSessionEntry,
  SpecialSessionKind,
} from './calendar-data';
import type { Exchange } from './exchanges';
import { isDerivativesExchange } from './exchanges';
import { FIXED_DATE_HOLIDAYS, HOLIDAY_LISTS } from './holidays-2025-2026';
import type { EpochMs, IsoDate } from './ist-time';
import {
  addCalendarDays,
  clockTimeMinutes,
  compareIsoDates,
  dateParts,
  istDateOf,
  istInstant,
  isWeekend,
} from './ist-time';
import { SESSION_SCHEDULES } from './session-schedules';
import { SPECIAL_SESSIONS } from './special-sessions-2025-2026';

/** The data a calendar is built from. */
export interface MarketCalendarData {
  sessionSchedules: readonly SessionScheduleEntry[];
  holidayLists: readonly HolidayList[];
  specialSessions: readonly SpecialSessionEntry[];
  /**
   * Holidays on the same calendar date every year (national days), applied to years without a published list;
   * `date` is written as month-day, e.g. 01-26.
   */
  fixedDateHolidays?: readonly HolidayEntry[];
}

/** A window between two instants, start inclusive, end exclusive. */
export interface InstantWindow {
  start: EpochMs;
  end: EpochMs;
}

/** One session of an exchange segment on one date, as instants. */
export interface TradingSession {
  exchange: Exchange;
  date: IsoDate;
  /** `special` for Budget weekends and Muhurat trading. */
  kind: 'regular' | 'special';
  specialKind: SpecialSessionKind | null;
  description: string | null;
  /** Start of the pre-open call auction, when the segment runs one that day. */
  preOpenStart: EpochMs | null;
  open: EpochMs;
  close: EpochMs;
  closingAuction: InstantWindow | null;
  postClose: InstantWindow | null;
  /** False when the year has no published holiday list and only weekends were excluded. */
  holidayListKnown: boolean;
}

/** What the market is doing at an instant. Weekends are `closed`; `holiday` is a listed weekday holiday. */
export type MarketStatus = 'pre-open' | 'open' | 'closed' | 'holiday';

/** A compiled calendar: indexes over its data and a cache of computed sessions. */
export interface MarketCalendar {
  readonly data: MarketCalendarData;
  readonly schedules: ReadonlyMap<Exchange, readonly SessionScheduleEntry[]>;
  readonly holidays: ReadonlyMap<Exchange, ReadonlyMap<IsoDate, HolidayEntry>>;
  readonly listedYears: ReadonlyMap<Exchange, ReadonlySet<number>>;
  readonly specialSessions: ReadonlyMap<Exchange, ReadonlyMap<IsoDate, SpecialSessionEntry>>;
  /** Fixed-date holidays by month-day (MM-DD). */
  readonly fixedDateHolidays: ReadonlyMap<string, HolidayEntry>;
  readonly sessionCache: Map<string, TradingSession | null>;
}

// A year without trading days does not exist, so any walk longer than this means broken data.
const MAX_DAYS_WITHOUT_SESSION = 60;

/** Builds a calendar from data; throws a RangeError when a date or time in the data is malformed. */
export function createMarketCalendar(data: MarketCalendarData = DEFAULT_CALENDAR_DATA): MarketCalendar {
  const schedules = new Map<Exchange, SessionScheduleEntry[]>();
  for (const entry of data.sessionSchedules) {
    dateParts(entry.effectiveFrom);
    const { preOpen, normal, closingAuction, postClose } = entry.times;
    checkClockTimes(entry.effectiveFrom, [
      preOpen?.start,
      preOpen?.orderEntryEnd,
      preOpen?.matchingEnd,
      normal.open,
      normal.close,
      closingAuction?.start,
      closingAuction?.end,
      postClose?.start,
      postClose?.end,
    ]);
    const list = schedules.get(entry.exchange) ?? [];
    list.push(entry);
    schedules.set(entry.exchange, list);
  }
  for (const list of schedules.values()) list.sort((a, b) => compareIsoDates(a.effectiveFrom, b.effectiveFrom));

  const holidays = new Map<Exchange, Map<IsoDate, HolidayEntry>>();
  const listedYears = new Map<Exchange, Set<number>>();
  for (const list of data.holidayLists) {
    for (const exchange of list.exchanges) {
      const byDate = holidays.get(exchange) ?? new Map<IsoDate, HolidayEntry>();
      for (const holiday of list.holidays) {
        if (dateParts(holiday.date).year !== list.year) {
          throw new RangeError(`Holiday ${holiday.date} is not in the ${list.year} list's year`);
        }
        byDate.set(holiday.date, holiday);
      }
      holidays.set(exchange, byDate);
      const years = listedYears.get(exchange) ?? new Set<number>();
      years.add(list.year);
      listedYears.set(exchange, years);
    }
  }

  const specialSessions = new Map<Exchange, Map<IsoDate, SpecialSessionEntry>>();
  for (const session of data.specialSessions) {
    dateParts(session.date);
    const t = session.times;
    if (t) {
      checkClockTimes(session.date, [
        t.preOpenStart ?? undefined,
        t.open,
        t.close,
        t.closingSession?.start,
        t.closingSession?.end,
      ]);
    }
    for (const exchange of session.exchanges) {
      const byDate = specialSessions.get(exchange) ?? new Map<IsoDate, SpecialSessionEntry>();
      byDate.set(session.date, session);
      specialSessions.set(exchange, byDate);
    }
  }

  const fixedDateHolidays = new Map<string, HolidayEntry>();
  for (const holiday of data.fixedDateHolidays ?? []) {
    if (!/^\d\d-\d\d$/.test(holiday.date)) throw new RangeError(`Malformed fixed holiday date ${holiday.date}`);
    dateParts(`2000-${holiday.date}`);
    fixedDateHolidays.set(holiday.date, holiday);
  }

  return { data, schedules, holidays, listedYears, specialSessions, fixedDateHolidays, sessionCache: new Map() };
}

// Parses every clock time up front, so malformed data fails when the calendar is built rather than mid-session.
function checkClockTimes(date: IsoDate, times: ReadonlyArray<string | undefined>): void {
  for (const time of times) {
    if (time === undefined) continue;
    try {
      clockTimeMinutes(time);
    } catch {
      throw new RangeError(`Malformed clock time ${time} in the calendar entry for ${date}`);
    }
  }
}

const DEFAULT_CALENDAR_DATA: MarketCalendarData = {
  sessionSchedules: SESSION_SCHEDULES,
  holidayLists: HOLIDAY_LISTS,
  specialSessions: SPECIAL_SESSIONS,
  fixedDateHolidays: FIXED_DATE_HOLIDAYS,
};

/** The calendar built from this folder's data modules. */
export const defaultMarketCalendar: MarketCalendar = createMarketCalendar();

/** The regular timetable of a segment in force on a date (dates before the first entry use the first entry). */
export function sessionTimesInForce(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): SessionTimes {
  const list = calendar.schedules.get(exchange);
  const first = list?.[0];
  if (!list || !first) throw new RangeError(`No session schedule for ${exchange}`);
  let inForce = first;
  for (const entry of list) {
    if (entry.effectiveFrom <= date) inForce = entry;
    else break;
  }
  return inForce.times;
}

/** True when the year has a published holiday list for the segment; other years exclude weekends only. */
export function holidayListKnown(
  year: number,
  exchange: Exchange = 'NSE',
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  return calendar.listedYears.get(exchange)?.has(year) ?? false;
}

/**
 * The weekday holiday on a date, or null: a listed one, or in a year without a published list a fixed-date
 * national holiday (Republic Day is a holiday every year, listed or not).
 */
export function holidayOn(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): HolidayEntry | null {
  const listed = calendar.holidays.get(exchange)?.get(date);
  if (listed) return listed;
  if (calendar.fixedDateHolidays.size === 0 || isWeekend(date)) return null;
  const fixed = calendar.fixedDateHolidays.get(date.slice(5));
  if (!fixed || holidayListKnown(dateParts(date).year, exchange, calendar)) return null;
  return { date, description: fixed.description };
}

/** True when the date is a listed trading holiday of the segment. */
export function isHoliday(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  return holidayOn(date, exchange, calendar) !== null;
}

/** The segment's trading holidays of a year in date order (empty for years without a published list). */
export function holidaysInYear(
  year: number,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): readonly HolidayEntry[] {
  const prefix = `${String(year).padStart(4, '0')}-`;
  return [...(calendar.holidays.get(exchange)?.values() ?? [])]
    .filter((holiday) => holiday.date.startsWith(prefix))
    .sort((a, b) => compareIsoDates(a.date, b.date));
}

/** The special sessions (announced, with or without timings) of a segment in a year, in date order. */
export function specialSessionsInYear(
  year: number,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): readonly SpecialSessionEntry[] {
  const prefix = `${String(year).padStart(4, '0')}-`;
  return [...(calendar.specialSessions.get(exchange)?.values() ?? [])]
    .filter((session) => session.date.startsWith(prefix))
    .sort((a, b) => compareIsoDates(a.date, b.date));
}

/** True on a weekday that is not a listed holiday: the days expiries and normal sessions fall on. */
export function isRegularTradingDay(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  return !isWeekend(date) && !isHoliday(date, exchange, calendar);
}

/** The session of a segment on a date (regular or special), or null when the segment does not trade that day. */
export function sessionOn(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): TradingSession | null {
  const key = `${exchange}|${date}`;
  const cached = calendar.sessionCache.get(key);
  if (cached !== undefined) return cached;
  const session = buildSession(date, exchange, calendar);
  calendar.sessionCache.set(key, session);
  return session;
}

function buildSession(date: IsoDate, exchange: Exchange, calendar: MarketCalendar): TradingSession | null {
  const listKnown = holidayListKnown(dateParts(date).year, exchange, calendar);
  const times = sessionTimesInForce(date, exchange, calendar);
  const special = calendar.specialSessions.get(exchange)?.get(date);
  // A special session takes precedence over a holiday: Muhurat trading happens on the Diwali holiday.
  if (special?.times) {
    const t = special.times;
    const closing = t.closingSession;
    return Object.freeze({
      exchange,
      date,
      kind: 'special',
      specialKind: special.kind,
      description: special.description,
      // Segments without a pre-open in force (F&O before 8-Dec-2025) have none on special days either.
      preOpenStart: t.preOpenStart !== null && times.preOpen !== null ? istInstant(date, t.preOpenStart) : null,
      open: istInstant(date, t.open),
      close: istInstant(date, t.close),
      closingAuction: null,
      postClose:
        closing && !isDerivativesExchange(exchange)
          ? { start: istInstant(date, closing.start), end: istInstant(date, closing.end) }
          : null,
      holidayListKnown: listKnown,
    });
  }
  if (!isRegularTradingDay(date, exchange, calendar)) return null;
  return Object.freeze({
    exchange,
    date,
    kind: 'regular',
    specialKind: null,
    description: null,
    preOpenStart: times.preOpen ? istInstant(date, times.preOpen.start) : null,
    open: istInstant(date, times.normal.open),
    close: istInstant(date, times.normal.close),
    closingAuction: times.closingAuction
      ? { start: istInstant(date, times.closingAuction.start), end: istInstant(date, times.closingAuction.end) }
      : null,
    postClose: times.postClose
      ? { start: istInstant(date, times.postClose.start), end: istInstant(date, times.postClose.end) }
      : null,
    holidayListKnown: listKnown,
  });
}

/** True when the segment has a session on the date (weekday non-holidays and special sessions with timings). */
export function isTradingDay(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  return sessionOn(date, exchange, calendar) !== null;
}

/** The first trading day strictly after the date. */
export function nextTradingDay(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): IsoDate {
  return stepToTradingDay(date, 1, exchange, (d) => isTradingDay(d, exchange, calendar));
}

/** The last trading day strictly before the date. */
export function previousTradingDay(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): IsoDate {
  return stepToTradingDay(date, -1, exchange, (d) => isTradingDay(d, exchange, calendar));
}

/** The last regular trading day (weekday, not a holiday) strictly before the date; special sessions are skipped. */
export function previousRegularTradingDay(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): IsoDate {
  return stepToTradingDay(date, -1, exchange, (d) => isRegularTradingDay(d, exchange, calendar));
}

function stepToTradingDay(
  date: IsoDate,
  step: 1 | -1,
  exchange: Exchange,
  accepts: (date: IsoDate) => boolean,
): IsoDate {
  let candidate = date;
  for (let i = 0; i < MAX_DAYS_WITHOUT_SESSION; i++) {
    candidate = addCalendarDays(candidate, step);
    if (accepts(candidate)) return candidate;
  }
  throw new RangeError(`No ${exchange} trading day within ${MAX_DAYS_WITHOUT_SESSION} days of ${date}`);
}

/** The trading days from `from` to `to`, both inclusive, in order. */
export function tradingDaysBetween(
  from: IsoDate,
  to: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): IsoDate[] {
  dateParts(from);
  dateParts(to);
  const days: IsoDate[] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) {
    if (isTradingDay(date, exchange, calendar)) days.push(date);
  }
  return days;
}

/** What the segment is doing at an instant: pre-open, open, closed, or a listed holiday. */
export function marketStatusAt(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): MarketStatus {
  const date = istDateOf(instant);
  const session = sessionOn(date, exchange, calendar);
  if (session) {
    if (session.preOpenStart !== null && instant >= session.preOpenStart && instant < session.open) return 'pre-open';
    if (instant >= session.open && instant < session.close) return 'open';
  }
  return isHoliday(date, exchange, calendar) ? 'holiday' : 'closed';
}

/**
 * The session in progress at an instant, or else the latest one already started: the session whose data a chart
 * shows at that instant.
 */
export function latestSessionAt(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): TradingSession {
  return latestSessionBegunBy(instant, exchange, calendar, sessionStart);
}

/**
 * The latest session whose continuous trading had begun by an instant: the session that has candles then. A
 * pre-open makes no candle, so until the open this is the previous session.
 */
export function latestOpenedSessionAt(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): TradingSession {
  return latestSessionBegunBy(instant, exchange, calendar, (session) => session.open);
}

/** Today's session once `beginning` of it has passed, else the previous trading day's. */
function latestSessionBegunBy(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar,
  beginning: (session: TradingSession) => EpochMs,
): TradingSession {
  const today = istDateOf(instant);
  const session = sessionOn(today, exchange, calendar);
  if (session && instant >= beginning(session)) return session;
  return requireSession(previousTradingDay(today, exchange, calendar), exchange, calendar);
}

/** The first instant of a session: the pre-open start if it has one, else the open. */
export function sessionStart(session: TradingSession): EpochMs {
  return session.preOpenStart ?? session.open;
}

/**
 * The last second of the session on a date (close minus one second, e.g. 15:29:59 or 15:39:59 for F&O from
 * 3-Aug-2026). On a day without a session, the last second of the regular timetable in force that day.
 */
export function sessionLastSecond(
  date: IsoDate,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs {
  const session = sessionOn(date, exchange, calendar);
  const close = session ? session.close : istInstant(date, sessionTimesInForce(date, exchange, calendar).normal.close);
  return close - 1_000;
}

/**
 * The last second of the latest session that had closed by the instant: what a page shows as 'Last Updated'
 * when the market is closed, on a holiday or on a weekend.
 */
export function lastClosedSessionSecond(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs {
  const today = istDateOf(instant);
  const session = sessionOn(today, exchange, calendar);
  if (session && instant >= session.close) return session.close - 1_000;
  return requireSession(previousTradingDay(today, exchange, calendar), exchange, calendar).close - 1_000;
}

/**
 * The first instant (pre-open, else open) of the first session that starts after the instant: until then nothing
 * trades on the segment, so data up to any earlier instant is final.
 */
export function nextSessionStart(
  instant: EpochMs,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): EpochMs {
  const today = istDateOf(instant);
  const session = sessionOn(today, exchange, calendar);
  if (session && sessionStart(session) > instant) return sessionStart(session);
  return sessionStart(requireSession(nextTradingDay(today, exchange, calendar), exchange, calendar));
}

function requireSession(date: IsoDate, exchange: Exchange, calendar: MarketCalendar): TradingSession {
  const session = sessionOn(date, exchange, calendar);
  if (!session) throw new RangeError(`${exchange} has no session on ${date}`);
  return session;
}
