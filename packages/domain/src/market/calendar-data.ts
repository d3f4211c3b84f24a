// Shapes of the calendar's data modules (session schedules, holiday lists, special sessions). The data lives in
// plain modules of literals so a new circular is an edit to an array, never to code.
import type { Exchange } from './exchanges';
import type { ClockTime, IsoDate } from './ist-time';

/** A window of wall-clock time in IST, start inclusive, end exclusive. */
export interface ClockWindow {
  start: ClockTime;
  end: ClockTime;
}

/** The call-auction pre-open; it always ends when the normal market opens. */
export interface PreOpenTimes {
  start: ClockTime;
  /** Order entry closes (randomly within the last minute or two) by this time. */
  orderEntryEnd: ClockTime;
  /** Order matching and trade confirmation finish by this time; a buffer then runs to the open. */
  matchingEnd: ClockTime;
}

/** One day's timetable for an exchange segment. */
export interface SessionTimes {
  preOpen: PreOpenTimes | null;
  /** Continuous trading: the normal market. */
  normal: { open: ClockTime; close: ClockTime };
  /** Closing auction (cash) or closing-price window (F&O), when the segment has one. */
  closingAuction: ClockWindow | null;
  postClose: ClockWindow | null;
}

/** A segment's timetable in force from a date until the next entry for the same segment. */
export interface SessionScheduleEntry {
  exchange: Exchange;
  effectiveFrom: IsoDate;
  times: SessionTimes;
  /** Circular or page the timings come from. */
  source: string;
}

/** A day on which the exchange is shut although it is a weekday. */
export interface HolidayEntry {
  date: IsoDate;
  description: string;
}

/** One published yearly holiday list and the segments it applies to. */
export interface HolidayList {
  year: number;
  exchanges: readonly Exchange[];
  /** Weekday trading holidays: no session on these dates. */
  holidays: readonly HolidayEntry[];
  /** Festivals that fall on a Saturday or Sunday; listed by exchanges, with no effect on trading. */
  weekendHolidays: readonly HolidayEntry[];
  source: string;
}

/** Why a session outside the normal calendar exists. */
export type SpecialSessionKind = 'budget' | 'muhurat';

/** Timings of a special session. */
export interface SpecialSessionTimes {
  /** Start of the pre-open; applied only to segments that run a pre-open on that date. */
  preOpenStart: ClockTime | null;
  open: ClockTime;
  close: ClockTime;
  /** Closing session after the normal market (Muhurat trading has one). */
  closingSession: ClockWindow | null;
}

/** A trading session on a weekend or a holiday. */
export interface SpecialSessionEntry {
  date: IsoDate;
  kind: SpecialSessionKind;
  description: string;
  exchanges: readonly Exchange[];
  /** `null` while the exchange has announced the session but not its timings: it is listed but not tradable. */
  times: SpecialSessionTimes | null;
  source: string;
}
