// Kite-style trading symbols for futures and options, the one symbology the platform uses:
//   futures                  NIFTY26NOVFUT           root, YY, MMM, FUT
//   monthly options          NIFTY26NOV25500CE       root, YY, MMM, strike, CE|PE
//   weekly options           NIFTY2681125700CE       root, YY, M, DD, strike, CE|PE  (M = 1–9, O, N, D)
// A weekly that expires on the month's expiry day is the monthly contract and takes the monthly form. Weekly symbols
// carry the actual (holiday-shifted) expiry day; monthly symbols carry only the month, whose expiry the rules give.
import type { Exchange } from './exchanges';
import type { ExpirySeries } from './expiry-rules';
import { isMonthlyExpiryDate, monthlyExpiry } from './expiry-rules';
import type { IsoDate } from './ist-time';
import { dateParts, daysInMonth, isoDate } from './ist-time';
import type { MarketCalendar } from './market-calendar';
import { defaultMarketCalendar } from './market-calendar';
import { derivativesRoots, derivativesUnderlying, findDerivativesUnderlying } from './underlyings';

/** A futures contract or a call/put option. */
export type ContractKind = 'FUT' | 'CE' | 'PE';

/** A derivatives contract: root, kind, expiry day and (for options) strike. */
export interface DerivativeContract {
  root: string;
  kind: ContractKind;
  expiry: IsoDate;
  /** Strike in rupees for options; null for futures. */
  strike: number | null;
}

/** A contract read from a trading symbol, with its segment and expiry series. */
export interface ParsedTradingSymbol extends DerivativeContract {
  exchange: Exchange;
  series: ExpirySeries;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const WEEKLY_MONTH_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'] as const;
const STRIKE = '(\\d+(?:\\.\\d{1,2})?)';
const FUTURES_TAIL = new RegExp(`^(\\d{2})(${MONTHS.join('|')})FUT$`);
const MONTHLY_OPTION_TAIL = new RegExp(`^(\\d{2})(${MONTHS.join('|')})${STRIKE}(CE|PE)$`);
const WEEKLY_OPTION_TAIL = new RegExp(`^(\\d{2})([1-9OND])(\\d{2})${STRIKE}(CE|PE)$`);
// Strikes are whole multiples of ₹0.05.
const STRIKE_UNIT = 0.05;

/** The single-character month of weekly symbols: 1–9 for January–September, O, N, D for October–December. */
export function weeklyMonthCode(month: number): string {
  const code = WEEKLY_MONTH_CODES[month - 1];
  if (code === undefined) throw new RangeError(`Not a month number: ${month}`);
  return code;
}

/** The trading symbol of a contract; throws a RangeError for an unknown root, a bad strike or a non-monthly future. */
export function formatTradingSymbol(
  contract: DerivativeContract,
  calendar: MarketCalendar = defaultMarketCalendar,
): string {
  const { root, kind, expiry, strike } = contract;
  derivativesUnderlying(root);
  const { year, month, day } = dateParts(expiry);
  const yy = String(year % 100).padStart(2, '0');
  const monthly = isMonthlyExpiryDate(root, expiry, calendar);
  const mmm = MONTHS[month - 1] ?? '';
  if (kind === 'FUT') {
    if (!monthly) throw new RangeError(`${expiry} is not a monthly expiry of ${root}`);
    return `${root}${yy}${mmm}FUT`;
  }
  if (strike === null) throw new RangeError(`An option needs a strike: ${root} ${expiry} ${kind}`);
  const strikeText = formatStrike(strike);
  if (monthly) return `${root}${yy}${mmm}${strikeText}${kind}`;
  return `${root}${yy}${weeklyMonthCode(month)}${String(day).padStart(2, '0')}${strikeText}${kind}`;
}

function formatStrike(strike: number): string {
  const units = strike / STRIKE_UNIT;
  if (!(strike > 0) || Math.abs(units - Math.round(units)) > 1e-6) {
    throw new RangeError(`A strike must be a positive multiple of ₹0.05: ${strike}`);
  }
  return String(Number((Math.round(units) * STRIKE_UNIT).toFixed(2)));
}

// Longest roots first, so NIFTYNXT50 is tried before NIFTY.
const ROOTS_LONGEST_FIRST = [...derivativesRoots()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

/** Reads a trading symbol of a known root, or returns null when it is not one. */
export function tryParseTradingSymbol(
  symbol: string,
  calendar: MarketCalendar = defaultMarketCalendar,
): ParsedTradingSymbol | null {
  for (const root of ROOTS_LONGEST_FIRST) {
    if (!symbol.startsWith(root)) continue;
    const parsed = parseTail(root, symbol.slice(root.length), calendar);
    if (parsed) return parsed;
  }
  return null;
}

/** Reads a trading symbol of a known root; throws a RangeError when it is not one. */
export function parseTradingSymbol(
  symbol: string,
  calendar: MarketCalendar = defaultMarketCalendar,
): ParsedTradingSymbol {
  const parsed = tryParseTradingSymbol(symbol, calendar);
  if (!parsed) throw new RangeError(`Not a trading symbol of a known root: ${symbol}`);
  return parsed;
}

function parseTail(root: string, tail: string, calendar: MarketCalendar): ParsedTradingSymbol | null {
  const underlying = findDerivativesUnderlying(root);
  if (!underlying) return null;
  const { exchange } = underlying;

  const futures = FUTURES_TAIL.exec(tail);
  if (futures) {
    const expiry = monthlyExpiryOf(root, futures[1], futures[2], calendar);
    return { root, kind: 'FUT', expiry, strike: null, exchange, series: 'monthly' };
  }
  const monthlyOption = MONTHLY_OPTION_TAIL.exec(tail);
  if (monthlyOption) {
    const expiry = monthlyExpiryOf(root, monthlyOption[1], monthlyOption[2], calendar);
    const strike = Number(monthlyOption[3]);
    const kind = monthlyOption[4] as 'CE' | 'PE';
    return { root, kind, expiry, strike, exchange, series: 'monthly' };
  }
  const weeklyOption = WEEKLY_OPTION_TAIL.exec(tail);
  if (weeklyOption) {
    const year = 2000 + Number(weeklyOption[1]);
    const month = WEEKLY_MONTH_CODES.indexOf(weeklyOption[2] as (typeof WEEKLY_MONTH_CODES)[number]) + 1;
    const day = Number(weeklyOption[3]);
    if (day < 1 || day > daysInMonth(year, month)) return null;
    const strike = Number(weeklyOption[4]);
    const kind = weeklyOption[5] as 'CE' | 'PE';
    return { root, kind, expiry: isoDate(year, month, day), strike, exchange, series: 'weekly' };
  }
  return null;
}

function monthlyExpiryOf(
  root: string,
  yy: string | undefined,
  mmm: string | undefined,
  calendar: MarketCalendar,
): IsoDate {
  const month = MONTHS.indexOf(mmm as (typeof MONTHS)[number]) + 1;
  return monthlyExpiry(root, 2000 + Number(yy), month, calendar).date;
}
