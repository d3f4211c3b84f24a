// Relative Strength Index, J. Welles Wilder's 1978 definition.
import { assertPeriod } from './moving-averages';

/** Wilder's default RSI period. */
export const RSI_DEFAULT_PERIOD = 14;

/**
 * Wilder's RSI of `values` (closes): 100 − 100 / (1 + average gain / average loss), the averages seeded with the
 * simple mean of the first `period` changes and then smoothed with 1 / period. NaN for the first `period` positions
 * (a change needs two closes). All gains and no losses is 100; no movement at all is 50 (neither side dominates).
 */
export function rsi(values: readonly number[], period: number = RSI_DEFAULT_PERIOD): number[] {
  assertPeriod(period);
  const out = new Array<number>(values.length).fill(Number.NaN);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i += 1) {
    const change = values[i]! - values[i - 1]!;
    // A gap in the closes contributes no movement rather than stopping the indicator.
    const up = Number.isFinite(change) && change > 0 ? change : 0;
    const down = Number.isFinite(change) && change < 0 ? -change : 0;
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) continue;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    out[i] = strengthIndex(gain, loss);
  }
  return out;
}

function strengthIndex(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}
