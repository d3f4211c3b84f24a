// Bollinger Bands: a simple moving average with bands k standard deviations above and below it.
import { assertPeriod, sma } from './moving-averages';

/** The three lines of Bollinger Bands, each aligned with the input (NaN during the warm-up). */
export interface BollingerBands {
  middle: number[];
  upper: number[];
  lower: number[];
}

/** Bollinger's defaults: 20 periods, 2 standard deviations. */
export const BOLLINGER_DEFAULTS = { period: 20, k: 2 } as const;

/**
 * Bollinger Bands of `values`: middle = SMA(period), upper/lower = middle ± k × the standard deviation of the same
 * window. The deviation is the population one (divide by `period`), as John Bollinger defines the bands.
 */
export function bollingerBands(
  values: readonly number[],
  period: number = BOLLINGER_DEFAULTS.period,
  k: number = BOLLINGER_DEFAULTS.k,
): BollingerBands {
  assertPeriod(period);
  if (!Number.isFinite(k) || k < 0) throw new RangeError(`k must be a finite number ≥ 0, got ${k}`);
  const middle = sma(values, period);
  const upper = new Array<number>(values.length).fill(Number.NaN);
  const lower = new Array<number>(values.length).fill(Number.NaN);
  for (let i = period - 1; i < values.length; i += 1) {
    const mean = middle[i]!;
    if (Number.isNaN(mean)) continue;
    // Two-pass deviation around the known mean: no cancellation error when prices are large and close together.
    let squares = 0;
    for (let j = i + 1 - period; j <= i; j += 1) {
      const d = values[j]! - mean;
      squares += d * d;
    }
    const width = k * Math.sqrt(squares / period);
    upper[i] = mean + width;
    lower[i] = mean - width;
  }
  return { middle, upper, lower };
}
