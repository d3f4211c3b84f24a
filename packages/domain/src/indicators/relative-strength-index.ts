// Relative Strength Index, J. Welles Wilder's 1978 definition.
import { assertPeriod } from './moving-averages';
import { stepThrough, type IndicatorStepper } from './stepper';

/** Wilder's default RSI period. */
export const RSI_DEFAULT_PERIOD = 14;

/**
 * Wilder's RSI of `values` (closes): 100 − 100 / (1 + average gain / average loss), the averages seeded with the
 * simple mean of the first `period` changes and then smoothed with 1 / period. NaN for the first `period` positions
 * (a change needs two closes). All gains and no losses is 100; no movement at all is 50 (neither side dominates).
 */
export function rsi(values: readonly number[], period: number = RSI_DEFAULT_PERIOD): number[] {
  return stepThrough(rsiStepper(period), values);
}

/** Wilder's RSI one close at a time (see {@link rsi}). */
export function rsiStepper(period: number = RSI_DEFAULT_PERIOD): RsiStepper {
  assertPeriod(period);
  return new RsiStepper(period);
}

/** The state of an RSI: the previous close and the smoothed gain and loss. */
export class RsiStepper implements IndicatorStepper<number, number> {
  private gain = 0;
  private loss = 0;
  private previous = Number.NaN;
  /** Closes fed so far. */
  private seen = 0;

  constructor(private readonly period: number) {}

  next(value: number): number {
    const i = this.seen;
    const change = value - this.previous;
    this.previous = value;
    this.seen += 1;
    if (i === 0) return Number.NaN;
    const { period } = this;
    // A gap in the closes contributes no movement rather than stopping the indicator.
    const up = Number.isFinite(change) && change > 0 ? change : 0;
    const down = Number.isFinite(change) && change < 0 ? -change : 0;
    if (i <= period) {
      this.gain += up / period;
      this.loss += down / period;
      if (i < period) return Number.NaN;
    } else {
      this.gain = (this.gain * (period - 1) + up) / period;
      this.loss = (this.loss * (period - 1) + down) / period;
    }
    return strengthIndex(this.gain, this.loss);
  }

  fork(): RsiStepper {
    const copy = new RsiStepper(this.period);
    Object.assign(copy, { gain: this.gain, loss: this.loss, previous: this.previous, seen: this.seen });
    return copy;
  }
}

function strengthIndex(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}
