// Expiry rules for index and stock derivatives.
// - NSE contracts expire on Tuesday, BSE contracts on Thursday, for contracts expiring on or after 1-Sep-2025
//   (SEBI allows only Tuesday or Thursday; before that date NSE used Thursday and BSE Tuesday).
// - Each exchange keeps one weekly-expiry benchmark: NIFTY on NSE, SENSEX on BSE. Every other index and every stock
//   expires monthly, on the last expiry weekday of the month. The weekly of a monthly-expiry week is the monthly.
// - When the expiry day is a holiday, the contract expires on the previous trading day (e.g. NSE's March-2026
//   monthly moved from 31-Mar to 30-Mar, BSE's from 26-Mar to 25-Mar).
// - Contracts expire at the normal close of the F&O session on expiry day.
// Older history is computed with today's set of weekly benchmarks (before 20-Nov-2024 BANKNIFTY, FINNIFTY,
// MIDCPNIFTY and BANKEX also had weeklies); quarterly and half-yearly NIFTY/BANKNIFTY contracts are not listed.
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
