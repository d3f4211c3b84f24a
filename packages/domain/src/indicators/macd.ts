// MACD (Gerald Appel): the fast EMA of closes minus the slow EMA, a signal line that is an EMA of the MACD line,
// and their difference as the histogram. Defaults 12, 26, 9.
import { assertPeriod, ema } from './moving-averages';

/** The usual MACD periods. */
export const MACD_DEFAULTS = { fast: 12, slow: 26, signal: 9 } as const;

/** MACD line, signal line and histogram, aligned with the input (NaN during the warm-up). */
export interface Macd {
  macd: number[];
  signal: number[];
  histogram: number[];
}

/**
 * MACD of `values` (closes): EMA(fast) − EMA(slow); the signal is the EMA(signal) of the MACD line from its first
 * value; the histogram is MACD − signal. Throws when fast is not shorter than slow.
 */
export function macd(
  values: readonly number[],
  fast: number = MACD_DEFAULTS.fast,
  slow: number = MACD_DEFAULTS.slow,
  signal: number = MACD_DEFAULTS.signal,
): Macd {
  assertPeriod(fast, 'fast');
  assertPeriod(slow, 'slow');
  assertPeriod(signal, 'signal');
  if (fast >= slow) throw new RangeError(`fast period (${fast}) must be shorter than slow (${slow})`);
  const fastEma = ema(values, fast);
  const slowEma = ema(values, slow);
  const line = fastEma.map((value, i) => value - slowEma[i]!);
  // ema() skips the leading NaNs of the MACD line and seeds from its first `signal` values.
  const signalLine = ema(line, signal);
  return { macd: line, signal: signalLine, histogram: line.map((value, i) => value - signalLine[i]!) };
}
