// Supertrend (Olivier Seban): bands at the candle's midpoint ± multiplier × ATR (Wilder's average true range). The
// final upper band only falls, and the lower only rises, while the close stays inside them; the trend turns up when
// the close crosses above the final upper band and down when it crosses below the final lower band. The line is the
// lower band in an up trend and the upper band in a down trend.
import { assertPeriod } from './moving-averages';

/** The usual Supertrend settings (ATR period 10, multiplier 3). */
export const SUPERTREND_DEFAULTS = { period: 10, multiplier: 3 } as const;

/** What Supertrend reads of a candle. */
export interface SupertrendCandle {
  h: number;
  l: number;
  c: number;
}

/** The Supertrend line and its direction (1 up, −1 down), aligned with the input; NaN and 0 during the warm-up. */
export interface Supertrend {
  line: number[];
  direction: number[];
}

/** Wilder's average true range: NaN for the first `period − 1` candles, then smoothed with 1 / period. */
export function averageTrueRange(candles: readonly SupertrendCandle[], period: number): number[] {
  assertPeriod(period);
  const out = new Array<number>(candles.length).fill(Number.NaN);
  let sum = 0;
  let atr = Number.NaN;
  for (let i = 0; i < candles.length; i += 1) {
    const { h, l } = candles[i]!;
    const previousClose = i > 0 ? candles[i - 1]!.c : Number.NaN;
    const range = i > 0 ? Math.max(h - l, Math.abs(h - previousClose), Math.abs(l - previousClose)) : h - l;
    if (i < period) {
      sum += range;
      if (i === period - 1) atr = sum / period;
    } else {
      atr = (atr * (period - 1) + range) / period;
    }
    if (i >= period - 1) out[i] = atr;
  }
  return out;
}

/** Supertrend of candles with an ATR period and a band multiplier. */
export function supertrend(
  candles: readonly SupertrendCandle[],
  period: number = SUPERTREND_DEFAULTS.period,
  multiplier: number = SUPERTREND_DEFAULTS.multiplier,
): Supertrend {
  if (!(multiplier > 0)) throw new RangeError(`multiplier must be positive, got ${multiplier}`);
  const atr = averageTrueRange(candles, period);
  const line = new Array<number>(candles.length).fill(Number.NaN);
  const direction = new Array<number>(candles.length).fill(0);
  let upper = Number.NaN;
  let lower = Number.NaN;
  let trend = 0;
  for (let i = 0; i < candles.length; i += 1) {
    const range = atr[i]!;
    if (Number.isNaN(range)) continue;
    const { h, l, c } = candles[i]!;
    const middle = (h + l) / 2;
    const basicUpper = middle + multiplier * range;
    const basicLower = middle - multiplier * range;
    const previousClose = i > 0 ? candles[i - 1]!.c : c;
    if (trend === 0) {
      upper = basicUpper;
      lower = basicLower;
      trend = c >= middle ? 1 : -1;
    } else {
      upper = basicUpper < upper || previousClose > upper ? basicUpper : upper;
      lower = basicLower > lower || previousClose < lower ? basicLower : lower;
      if (trend === -1 && c > upper) trend = 1;
      else if (trend === 1 && c < lower) trend = -1;
    }
    direction[i] = trend;
    line[i] = trend === 1 ? lower : upper;
  }
  return { line, direction };
}
