// Texts the chart shows: prices en-IN with two decimals, volume and OI in K/L/Cr, and times in IST. Chart times
// are IST wall-clock seconds on lightweight-charts' UTC axis (see chart-time.ts), so they are turned back into
// instants and formatted with the domain's IST helpers.
import {
  abbreviateIndianNumber,
  dateParts,
  formatIndianNumber,
  formatIstDateTime,
  indianAbbreviationUnit,
  istDateOf,
  istMillisOfDay,
  monthAbbreviation,
  type IndianNumberUnit,
} from '@fnodesk/domain';
import { TickMarkType, type Time } from 'lightweight-charts';
import { fromChartTime } from './chart-time';

/** A price as people read it: en-IN grouping, two decimals (24,512.35). */
export function formatChartPrice(price: number): string {
  return formatIndianNumber(price, 2);
}

/** A volume or open interest abbreviated in K, L or Cr (1,50,000 → 1.50L). */
export function formatChartQuantity(quantity: number): string {
  return abbreviateIndianNumber(quantity);
}

const LAKH = 1_00_000;

/**
 * Open interest in lakhs for the OI scale ('120.50L'): one unit for every label keeps the scale's steps readable,
 * where K/L/Cr per label would round neighbouring ticks to the same text.
 */
export function formatChartLakhs(quantity: number): string {
  return `${formatIndianNumber(quantity / LAKH, 2)}L`;
}

const UNIT_SIZE: Readonly<Record<IndianNumberUnit, number>> = { K: 1_000, L: LAKH, Cr: 100 * LAKH };
const UNIT_RANK: Readonly<Record<IndianNumberUnit, number>> = { K: 0, L: 1, Cr: 2 };

/**
 * The one unit a chart writes its open interest in, on the OI scale and in the legend alike: the unit of its largest
 * OI (K below a lakh, L below a crore, else Cr), so '1.45Cr' in the legend never sits beside '144.87L' on the axis.
 */
export function chartOiUnit(openInterests: Iterable<number>): IndianNumberUnit {
  let unit: IndianNumberUnit = 'K';
  for (const oi of openInterests) {
    if (!Number.isFinite(oi)) continue;
    const own = indianAbbreviationUnit(oi);
    if (UNIT_RANK[own] > UNIT_RANK[unit]) unit = own;
  }
  return unit;
}

/** The larger of two OI units. */
export function largerOiUnit(a: IndianNumberUnit, b: IndianNumberUnit): IndianNumberUnit {
  return UNIT_RANK[b] > UNIT_RANK[a] ? b : a;
}

/** Open interest in a given unit with two decimals (1,44,87,000 in L → '144.87L', in Cr → '1.45Cr'). */
export function formatChartOi(quantity: number, unit: IndianNumberUnit): string {
  return `${formatIndianNumber(quantity / UNIT_SIZE[unit], 2)}${unit}`;
}

/** `DD-MMM-YYYY` in IST of an instant, as daily candles are labelled. */
export function formatIstDate(instant: number): string {
  const { year, month, day } = dateParts(istDateOf(instant));
  return `${String(day).padStart(2, '0')}-${monthAbbreviation(month)}-${year}`;
}

/** The label of a candle's time: date and time for intraday candles ('21-Nov-2026 10:15 am'), else the date. */
export function formatCandleTime(epochMs: number, intraday: boolean): string {
  return intraday ? formatIstDateTime(epochMs) : formatIstDate(epochMs);
}

/** The crosshair's time label for a chart time. */
export function formatCrosshairTime(time: Time, intraday: boolean): string {
  return typeof time === 'number' ? formatCandleTime(fromChartTime(time), intraday) : '';
}

/**
 * A label on the time axis: the year, the month, the day ('21 Nov') or the 24-hour IST time ('09:15'), by the
 * kind of boundary lightweight-charts marks there.
 */
export function formatTimeAxisMark(time: Time, markType: TickMarkType): string | null {
  if (typeof time !== 'number') return null;
  const instant = fromChartTime(time);
  const { year, month, day } = dateParts(istDateOf(instant));
  switch (markType) {
    case TickMarkType.Year:
      return String(year);
    case TickMarkType.Month:
      return monthAbbreviation(month);
    case TickMarkType.DayOfMonth:
      return `${day} ${monthAbbreviation(month)}`;
    case TickMarkType.Time:
      return clockText(instant, false);
    case TickMarkType.TimeWithSeconds:
      return clockText(instant, true);
  }
}

function clockText(instant: number, withSeconds: boolean): string {
  const seconds = Math.floor(istMillisOfDay(instant) / 1_000);
  const hh = String(Math.floor(seconds / 3_600)).padStart(2, '0');
  const mm = String(Math.floor(seconds / 60) % 60).padStart(2, '0');
  return withSeconds ? `${hh}:${mm}:${String(seconds % 60).padStart(2, '0')}` : `${hh}:${mm}`;
}
