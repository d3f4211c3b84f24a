// Simple and exponential moving averages over a series of values (usually candle closes).
//
// Every indicator in this folder returns an array aligned with its input: element i belongs to input i. Positions
// without a value yet (the warm-up, before `period` inputs have been seen) hold NaN rather than null, so results stay
// plain number arrays that arithmetic and typed arrays accept; a chart skips them as gaps.

/** Throws unless `period` is a whole number of at least 1: a period is a count of candles. */
export function assertPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`${name} must be a whole number ≥ 1, got ${period}`);
}

/**
 * Simple moving average: the mean of the last `period` values, NaN for the first `period − 1` positions (and for
 * any window containing a non-finite value).
 */
export function sma(values: readonly number[], period: number): number[] {
  assertPeriod(period);
  const out = new Array<number>(values.length).fill(Number.NaN);
  // A running sum would drift over long series and never recover from a NaN; summing each window is exact enough
  // and still linear for the periods charts use. The window is re-summed only when a non-finite value leaves it.
  let sum = 0;
  let bad = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i]!;
    if (Number.isFinite(value)) sum += value;
    else bad += 1;
    if (i >= period) {
      const leaving = values[i - period]!;
      if (Number.isFinite(leaving)) sum -= leaving;
      else bad -= 1;
    }
    if (i >= period - 1 && bad === 0) {
      // Re-anchor every `period` steps so rounding error of the running sum cannot accumulate.
      if ((i + 1) % period === 0) sum = windowSum(values, i + 1 - period, i + 1);
      out[i] = sum / period;
    }
  }
  return out;
}

/**
 * Exponential moving average with smoothing 2 / (period + 1), seeded with the simple average of the first `period`
 * values (the textbook start): NaN before that. Leading non-finite values are skipped; the average starts at the
 * first run of `period` finite values.
 */
export function ema(values: readonly number[], period: number): number[] {
  assertPeriod(period);
  const alpha = 2 / (period + 1);
  return smoothed(values, period, alpha);
}

function smoothed(values: readonly number[], period: number, alpha: number): number[] {
  const out = new Array<number>(values.length).fill(Number.NaN);
  let previous = Number.NaN;
  let run = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i]!;
    if (Number.isNaN(previous)) {
      run = Number.isFinite(value) ? run + 1 : 0;
      if (run === period) {
        previous = windowSum(values, i + 1 - period, i + 1) / period;
        out[i] = previous;
      }
      continue;
    }
    // A gap (non-finite value) carries the average over unchanged rather than poisoning every later value.
    if (Number.isFinite(value)) previous += alpha * (value - previous);
    out[i] = previous;
  }
  return out;
}

function windowSum(values: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += values[i]!;
  return sum;
}
