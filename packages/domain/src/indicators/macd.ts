// MACD (Gerald Appel): the fast EMA of closes minus the slow EMA, a signal line that is an EMA of the MACD line,
// and their difference as the histogram. Defaults 12, 26, 9.
import { assertPeriod, emaStepper, type EmaStepper } from './moving-averages';
import { stepColumns, type IndicatorStepper } from './stepper';

/** The usual MACD periods. */
export const MACD_DEFAULTS = { fast: 12, slow: 26, signal: 9 } as const;

/** MACD line, signal line and histogram, aligned with the input (NaN during the warm-up). */
export interface Macd {
  macd: number[];
  signal: number[];
  histogram: number[];
}

/** MACD at one input. */
export interface MacdPoint {
  macd: number;
  signal: number;
  histogram: number;
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
  return stepColumns(macdStepper(fast, slow, signal), values, ['macd', 'signal', 'histogram']);
}

/** MACD one close at a time (see {@link macd}). */
export function macdStepper(
  fast: number = MACD_DEFAULTS.fast,
  slow: number = MACD_DEFAULTS.slow,
  signal: number = MACD_DEFAULTS.signal,
): MacdStepper {
  assertPeriod(fast, 'fast');
  assertPeriod(slow, 'slow');
  assertPeriod(signal, 'signal');
  if (fast >= slow) throw new RangeError(`fast period (${fast}) must be shorter than slow (${slow})`);
  return new MacdStepper(emaStepper(fast), emaStepper(slow), emaStepper(signal));
}

/** The state of a MACD: its three moving averages. */
export class MacdStepper implements IndicatorStepper<number, MacdPoint> {
  constructor(
    private readonly fast: EmaStepper,
    private readonly slow: EmaStepper,
    private readonly signal: EmaStepper,
  ) {}

  next(value: number): MacdPoint {
    const line = this.fast.next(value) - this.slow.next(value);
    // The signal's average skips the MACD line's leading NaNs and seeds from its first `signal` values.
    const signal = this.signal.next(line);
    return { macd: line, signal, histogram: line - signal };
  }

  fork(): MacdStepper {
    return new MacdStepper(this.fast.fork(), this.slow.fork(), this.signal.fork());
  }
}
