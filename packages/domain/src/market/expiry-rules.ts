// Expiry rules for index and stock derivatives.
// - NSE contracts expire on Tuesday, BSE contracts on Thursday, for contracts expiring on or after 1-Sep-2025
//   (SEBI allows only Tuesday or Thursday; before that date NSE used Thursday and BSE Tuesday).
// - Each exchange keeps one weekly-expiry benchmark: NIFTY on NSE, SENSEX on BSE. Every other index and every stock
//   expires monthly, on the last expiry weekday of the month. The weekly of a monthly-expiry week is the monthly.
// - When the expiry day is a holiday, the contract expires on the previous trading day (e.g. NSE's March-2026
//   monthly moved from 31-Mar to 30-Mar, BSE's from 26-Mar to 25-Mar).
// - Contracts expire at the normal close of the F&O session on expiry day.
// - Beyond the three serial months NSE lists long-dated index options on the same monthly expiry days: NIFTY and
//   BANKNIFTY three quarterlies (March, June, September, December), NIFTY also eight half-yearlies (June, December)
//   after those, so a NIFTY expiry can be listed five years ahead.
// Older history is computed with today's set of weekly benchmarks (before 20-Nov-2024 BANKNIFTY, FINNIFTY,
// MIDCPNIFTY and BANKEX also had weeklies).
import type { Venue } from './exchanges';
import type { EpochMs, IsoDate, Weekday } from './ist-time';
import { addCalendarDays, daysInMonth, isoDate, istDateOf, istInstant, dateParts, weekdayOf } from './ist-time';
import type { MarketCalendar } from './market-calendar';
import {
  defaultMarketCalendar,
  isRegularTradingDay,
  previousRegularTradingDay,
  sessionOn,
  sessionTimesInForce,
} from './market-calendar';
import { derivativesUnderlying } from './underlyings';

/** Whether an expiry belongs to the weekly series or is the month's expiry. */
export type ExpirySeries = 'weekly' | 'monthly';

/** One expiry of a derivatives root. */
export interface ContractExpiry {
  root: string;
  /** The day the contract expires, after any holiday shift. */
  date: IsoDate;
  /** The day the weekday rule gives, before any holiday shift. */
  nominalDate: IsoDate;
  series: ExpirySeries;
  /** True when a holiday moved the expiry to the previous trading day. */
  shiftedForHoliday: boolean;
  /** The instant of expiry: the F&O session's normal close on `date`. */
  expiresAt: EpochMs;
}

const TUESDAY: Weekday = 2;
const THURSDAY: Weekday = 4;
const WEEKDAY_SWITCH = '2025-09-01';
// Generous bound on the scan for the next expiry: weeklies come every 7 days, monthlies every ~31.
const MAX_SCAN_DAYS = 400;

/** The weekday contracts of an exchange expire on, for contracts whose expiry falls on the given date. */
export function expiryWeekday(venue: Venue, date: IsoDate): Weekday {
  const switched = date >= WEEKDAY_SWITCH;
  if (venue === 'NSE') return switched ? TUESDAY : THURSDAY;
  return switched ? THURSDAY : TUESDAY;
}

/** True when the root has weekly options (NIFTY and SENSEX); all others expire monthly only. */
export function hasWeeklyOptions(root: string): boolean {
  return derivativesUnderlying(root).weeklyOptions;
}

/** The monthly expiry of a root in a year and month (1–12), after any holiday shift. */
export function monthlyExpiry(
  root: string,
  year: number,
  month: number,
  calendar: MarketCalendar = defaultMarketCalendar,
): ContractExpiry {
  const { venue } = derivativesUnderlying(root);
  return resolveExpiry(root, monthlyNominalDate(venue, year, month), 'monthly', calendar);
}

/** True when the date is the (holiday-shifted) monthly expiry of the root in that month. */
export function isMonthlyExpiryDate(
  root: string,
  date: IsoDate,
  calendar: MarketCalendar = defaultMarketCalendar,
): boolean {
  const { year, month } = dateParts(date);
  return monthlyExpiry(root, year, month, calendar).date === date;
}

/** The next `count` monthly expiries (futures and monthly options) not yet expired at the instant. */
export function nextMonthlyExpiries(
  root: string,
  instant: EpochMs,
  count: number,
  calendar: MarketCalendar = defaultMarketCalendar,
): ContractExpiry[] {
  const expiries: ContractExpiry[] = [];
  let { year, month } = dateParts(istDateOf(instant));
  while (expiries.length < count) {
    const expiry = monthlyExpiry(root, year, month, calendar);
    if (instant < expiry.expiresAt) expiries.push(expiry);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return expiries;
}

/**
 * The next `count` option expiries not yet expired at the instant: every weekly and monthly expiry for NIFTY and
 * SENSEX, the monthly expiries for everything else.
 */
export function nextOptionExpiries(
  root: string,
  instant: EpochMs,
  count: number,
  calendar: MarketCalendar = defaultMarketCalendar,
): ContractExpiry[] {
  const { venue, weeklyOptions } = derivativesUnderlying(root);
  if (!weeklyOptions) return nextMonthlyExpiries(root, instant, count, calendar);
  const expiries: ContractExpiry[] = [];
  // An expiry only moves earlier, so no nominal date before today can still be open.
  let date = istDateOf(instant);
  for (let scanned = 0; expiries.length < count; scanned++) {
    if (scanned > MAX_SCAN_DAYS * Math.max(1, count)) throw new RangeError(`No expiries found for ${root}`);
    if (weekdayOf(date) === expiryWeekday(venue, date)) {
      const { year, month } = dateParts(date);
      const series: ExpirySeries = monthlyNominalDate(venue, year, month) === date ? 'monthly' : 'weekly';
      const expiry = resolveExpiry(root, date, series, calendar);
      if (instant < expiry.expiresAt) expiries.push(expiry);
    }
    date = addCalendarDays(date, 1);
  }
  return expiries;
}

/** Long-dated option expiries of a root: quarterlies after the serial months, then half-yearlies. */
const LONG_DATED: Readonly<Record<string, { quarterly: number; halfYearly: number }>> = {
  NIFTY: { quarterly: 3, halfYearly: 8 },
  BANKNIFTY: { quarterly: 3, halfYearly: 0 },
};
/** Serial months listed before the long-dated expiries. */
const SERIAL_MONTHS = 3;

/** True when the root lists long-dated (quarterly and half-yearly) options. */
export function hasLongDatedOptions(root: string): boolean {
  return LONG_DATED[root] !== undefined;
}

/**
 * The long-dated option expiries (quarterlies, then half-yearlies) listed at an instant beyond the root's three
 * serial months, nearest first; empty for roots without them.
 */
export function longDatedExpiries(
  root: string,
  instant: EpochMs,
  calendar: MarketCalendar = defaultMarketCalendar,
): ContractExpiry[] {
  const plan = LONG_DATED[root];
  if (!plan) return [];
  const serial = nextMonthlyExpiries(root, instant, SERIAL_MONTHS, calendar);
  let { year, month } = dateParts(serial[SERIAL_MONTHS - 1]!.date);
  const expiries: ContractExpiry[] = [];
  let quarterly = 0;
  let halfYearly = 0;
  while (quarterly < plan.quarterly || halfYearly < plan.halfYearly) {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    if (quarterly < plan.quarterly) {
      if (month % 3 === 0) {
        expiries.push(monthlyExpiry(root, year, month, calendar));
        quarterly += 1;
      }
    } else if (month % 6 === 0) {
      expiries.push(monthlyExpiry(root, year, month, calendar));
      halfYearly += 1;
    }
  }
  return expiries;
}

/**
 * Months before its expiry that a long-dated contract of the root expiring in `month` is listed (at the expiry
 * of that earlier month), or 0 when such a month has no long-dated contract.
 */
export function longDatedListingMonths(root: string, month: number): number {
  const plan = LONG_DATED[root];
  if (!plan) return 0;
  const quarters = 3 * plan.quarterly + SERIAL_MONTHS;
  if (plan.halfYearly > 0 && month % 6 === 0) return quarters + 6 * plan.halfYearly;
  if (plan.quarterly > 0 && month % 3 === 0) return quarters;
  return 0;
}

function monthlyNominalDate(venue: Venue, year: number, month: number): IsoDate {
  const lastDay = isoDate(year, month, daysInMonth(year, month));
  const weekday = expiryWeekday(venue, lastDay);
  return addCalendarDays(lastDay, -((weekdayOf(lastDay) - weekday + 7) % 7));
}

function resolveExpiry(
  root: string,
  nominalDate: IsoDate,
  series: ExpirySeries,
  calendar: MarketCalendar,
): ContractExpiry {
  const { exchange } = derivativesUnderlying(root);
  const date = isRegularTradingDay(nominalDate, exchange, calendar)
    ? nominalDate
    : previousRegularTradingDay(nominalDate, exchange, calendar);
  const session = sessionOn(date, exchange, calendar);
  const expiresAt = session
    ? session.close
    : istInstant(date, sessionTimesInForce(date, exchange, calendar).normal.close);
  return { root, date, nominalDate, series, shiftedForHoliday: date !== nominalDate, expiresAt };
}
