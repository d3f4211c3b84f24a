// India Standard Time is UTC+05:30 all year: India has no daylight saving. All arithmetic here works on epoch
// milliseconds with that fixed offset, so results never depend on the time zone of the machine running the code.

/** Milliseconds since 1970-01-01T00:00:00Z. */
export type EpochMs = number;

/** A calendar date in India as `YYYY-MM-DD`. */
export type IsoDate = string;

/** A wall-clock time in India as `HH:MM` (24-hour). */
export type ClockTime = string;

/** Day of the week: 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The fixed offset of IST from UTC, in milliseconds. */
export const IST_OFFSET_MS = 19_800_000;

/** Milliseconds in one calendar day. */
export const DAY_MS = 86_400_000;

/** Milliseconds in one minute. */
export const MINUTE_MS = 60_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Year, month (1–12) and day of an {@link IsoDate}. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Splits an ISO date into numbers; throws a RangeError for anything that is not a real calendar date. */
export function dateParts(date: IsoDate): DateParts {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date in YYYY-MM-DD form: ${date}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return { year, month, day };
}

/** True when the text is a real calendar date in `YYYY-MM-DD` form. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}

/** Builds an ISO date from year, month (1–12) and day. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Number of days in a month (1–12) of a Gregorian year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 for a date (the date's position on a plain day line). */
export function dayNumber(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The date at a position on the day line (inverse of {@link dayNumber}). */
export function dateOfDayNumber(days: number): IsoDate {
  const d = new Date(days * DAY_MS);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The date `days` calendar days after (or before, if negative) the given date. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** The same day of the month `months` months later (or earlier), clamped to the end of shorter months. */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = dateParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Day of the week of a date (0 = Sunday). */
export function weekdayOf(date: IsoDate): Weekday {
  // 1970-01-01 was a Thursday (4).
  return ((((dayNumber(date) + 4) % 7) + 7) % 7) as Weekday;
}

/** True for Saturday and Sunday, the exchanges' weekly off days. */
export function isWeekend(date: IsoDate): boolean {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
}

/** The IST calendar date of an instant. */
export function istDateOf(instant: EpochMs): IsoDate {
  return dateOfDayNumber(Math.floor((instant + IST_OFFSET_MS) / DAY_MS));
}

/** The instant of IST midnight at the start of a date. */
export function istMidnight(date: IsoDate): EpochMs {
  return dayNumber(date) * DAY_MS - IST_OFFSET_MS;
}

/** Minutes after IST midnight for a `HH:MM` clock time; throws a RangeError for a malformed time. */
export function clockTimeMinutes(time: ClockTime): number {
  const match = CLOCK_TIME.exec(time);
  if (!match) throw new RangeError(`Not a clock time in HH:MM form: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The instant at an IST wall-clock time on a date. */
export function istInstant(date: IsoDate, time: ClockTime): EpochMs {
  return istMidnight(date) + clockTimeMinutes(time) * MINUTE_MS;
}

/** Milliseconds elapsed since IST midnight for an instant. */
export function istMillisOfDay(instant: EpochMs): number {
  return (((instant + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** Orders two ISO dates (for sorting): negative when `a` is earlier. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Three-letter English month abbreviation (`Jan` … `Dec`) for a month number 1–12. */
export function monthAbbreviation(month: number): string {
  const name = MONTH_ABBREVIATIONS[month - 1];
  if (name === undefined) throw new RangeError(`Not a month number: ${month}`);
  return name;
}
