// Simple and exponential moving averages over a series of values (usually candle closes).
//
// Every indicator in this folder returns an array aligned with its input: element i belongs to input i. Positions
// without a value yet (the warm-up, before `period` inputs have been seen) hold NaN rather than null, so results stay
// plain number arrays that arithmetic and typed arrays accept; a chart skips them as gaps.
import { RecentValues, stepThrough, type IndicatorStepper } from './stepper';

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
  return stepThrough(smaStepper(period), values);
}

/** The simple moving average one value at a time (see {@link sma}). */
export function smaStepper(period: number): SmaStepper {
  assertPeriod(period);
  return new SmaStepper(period);
}

/** The state of a simple moving average: its window and running sum. */
export class SmaStepper implements IndicatorStepper<number, number> {
  /** The last `period` values fed. */
  readonly window: RecentValues;
  // A running sum would drift over long series and never recover from a NaN; summing each window is exact enough
  // and still linear for the periods charts use. The window is re-summed only when a non-finite value leaves it.
  private sum = 0;
  /** Non-finite values in the window. */
  private bad = 0;
  /** Values fed so far. */
  private seen = 0;

  constructor(private readonly period: number) {
    this.window = new RecentValues(period);
  }

  next(value: number): number {
    if (Number.isFinite(value)) this.sum += value;
    else this.bad += 1;
    const leaving = this.window.push(value);
    if (leaving !== undefined) {
      if (Number.isFinite(leaving)) this.sum -= leaving;
      else this.bad -= 1;
    }
    this.seen += 1;
    if (this.seen < this.period || this.bad !== 0) return Number.NaN;
    // Re-anchor every `period` steps so rounding error of the running sum cannot accumulate.
    if (this.seen % this.period === 0) this.sum = this.window.sum();
    return this.sum / this.period;
  }

  fork(): SmaStepper {
    const copy = new SmaStepper(this.period);
    Object.assign(copy, { window: this.window.copy(), sum: this.sum, bad: this.bad, seen: this.seen });
    return copy;
  }
}

/**
 * Exponential moving average with smoothing 2 / (period + 1), seeded with the simple average of the first `period`
 * values (the textbook start): NaN before that. Leading non-finite values are skipped; the average starts at the
 * first run of `period` finite values.
 */
export function ema(values: readonly number[], period: number): number[] {
  return stepThrough(emaStepper(period), values);
}

/** The exponential moving average one value at a time (see {@link ema}). */
export function emaStepper(period: number): EmaStepper {
  assertPeriod(period);
  return new EmaStepper(period, 2 / (period + 1));
}

/** The state of an exponential moving average: the average so far, or the run of values that will seed it. */
export class EmaStepper implements IndicatorStepper<number, number> {
  private previous = Number.NaN;
  /** Finite values in a row while the average has no seed yet. */
  private run = 0;
  /** The last `period` values, while the average has no seed yet. */
  private seed: RecentValues;

  constructor(
    private readonly period: number,
    private readonly alpha: number,
  ) {
    this.seed = new RecentValues(period);
  }

  next(value: number): number {
    if (Number.isNaN(this.previous)) {
      this.run = Number.isFinite(value) ? this.run + 1 : 0;
      this.seed.push(value);
      if (this.run !== this.period) return Number.NaN;
      this.previous = this.seed.sum() / this.period;
      return this.previous;
    }
    // A gap (non-finite value) carries the average over unchanged rather than poisoning every later value.
    if (Number.isFinite(value)) this.previous += this.alpha * (value - this.previous);
    return this.previous;
  }

  fork(): EmaStepper {
    const copy = new EmaStepper(this.period, this.alpha);
    Object.assign(copy, { previous: this.previous, run: this.run, seed: this.seed.copy() });
    return copy;
  }
}
