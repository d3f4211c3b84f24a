// The legend's texts for one candle, as a pure function so the formatting is testable without a chart.
import type { Candle } from '@fnodesk/contracts';
import { formatIndianNumber, formatRupees, type IndianNumberUnit } from '@fnodesk/domain';
import { formatCandleTime, formatChartOi, formatChartPrice, formatChartQuantity } from './chart-format';

/** Which way a candle moved against the previous close (or, with none known, against its own open). */
export type LegendDirection = 'up' | 'down' | 'flat';

/** The formatted fields of the legend. */
export interface LegendFields {
  /** The candle's IST time: date and time intraday, the date for daily and longer candles. */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Volume in K/L/Cr. */
  volume: string;
  /** Average traded price, or null when the instrument has none (indices). */
  atp: string | null;
  /** Open interest in the chart's OI unit (else K/L/Cr by its size), or null when the instrument has none. */
  oi: string | null;
  /**
   * Change of the close against the previous close with its sign: in rupees ('+₹12.50') for prices, in points
   * ('+27.95') for an index; null with no previous close.
   */
  change: string | null;
  /** The same change in percent with its sign ('+0.52%'), null with no (or a zero) previous close. */
  changePercent: string | null;
  direction: LegendDirection;
}

/** Options of {@link legendFor}. */
export interface LegendOptions {
  /** Intraday candles show their time of day; daily and longer ones only the date. Default true. */
  intraday?: boolean;
  /** The unit the chart's OI scale is in; the legend writes OI in it too. Default: each value's own unit. */
  oiUnit?: IndianNumberUnit | undefined;
  /** What the values are: rupees (prices, the default) or index points, whose change carries no ₹ sign. */
  valueUnit?: ChartValueUnit | undefined;
}

/** What a chart's values are: rupee prices, or the points of an index. */
export type ChartValueUnit = 'rupees' | 'points';

/** The legend of a candle; `previousClose` is the close before it (the previous candle's), if known. */
export function legendFor(
  candle: Candle,
  previousClose: number | null | undefined,
  { intraday = true, oiUnit, valueUnit = 'rupees' }: LegendOptions = {},
): LegendFields {
  const previous =
    previousClose !== null && previousClose !== undefined && Number.isFinite(previousClose) ? previousClose : null;
  const change = previous === null ? null : candle.c - previous;
  return {
    time: formatCandleTime(candle.t, intraday),
    open: formatChartPrice(candle.o),
    high: formatChartPrice(candle.h),
    low: formatChartPrice(candle.l),
    close: formatChartPrice(candle.c),
    volume: formatChartQuantity(candle.v),
    atp: candle.atp > 0 ? formatChartPrice(candle.atp) : null,
    oi:
      candle.oi <= 0 ? null : oiUnit === undefined ? formatChartQuantity(candle.oi) : formatChartOi(candle.oi, oiUnit),
    change:
      change === null
        ? null
        : signed(valueUnit === 'points' ? formatIndianNumber(change) : formatRupees(change), change),
    changePercent:
      change === null || previous === null || previous === 0
        ? null
        : `${signed(formatIndianNumber((change / previous) * 100), change)}%`,
    direction: directionOf(candle.c, previous ?? candle.o),
  };
}

/** Which optional legend fields the chart shows. */
export interface LegendVisibility {
  volume: boolean;
  atp: boolean;
  oi: boolean;
}

const ALL_FIELDS: Readonly<LegendVisibility> = Object.freeze({ volume: true, atp: true, oi: true });

/** A sentence naming every field shown, for the legend's accessible label. */
export function legendLabel(fields: LegendFields, shown: Readonly<LegendVisibility> = ALL_FIELDS): string {
  const parts = [
    fields.time,
    `Open ${fields.open}`,
    `High ${fields.high}`,
    `Low ${fields.low}`,
    `Close ${fields.close}`,
  ];
  if (shown.volume) parts.push(`Volume ${fields.volume}`);
  if (shown.atp && fields.atp !== null) parts.push(`ATP ${fields.atp}`);
  if (shown.oi && fields.oi !== null) parts.push(`OI ${fields.oi}`);
  if (fields.change !== null) {
    parts.push(`Change ${fields.change}${fields.changePercent === null ? '' : ` (${fields.changePercent})`}`);
  }
  return parts.join(', ');
}

// A rise gets an explicit '+'; formatRupees and formatIndianNumber already print '-' for a fall and no sign when
// the value rounds to zero, which must not get one either.
function signed(text: string, value: number): string {
  return value > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

function directionOf(close: number, reference: number): LegendDirection {
  if (close > reference) return 'up';
  return close < reference ? 'down' : 'flat';
}
