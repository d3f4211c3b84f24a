// Bollinger Bands: a simple moving average with bands k standard deviations above and below it.
import { assertPeriod, smaStepper, type SmaStepper } from './moving-averages';
import { stepColumns, type IndicatorStepper } from './stepper';

/** The three lines of Bollinger Bands, each aligned with the input (NaN during the warm-up). */
export interface BollingerBands {
  middle: number[];
  upper: number[];
  lower: number[];
}

/** Bollinger Bands at one input. */
export interface BollingerPoint {
  middle: number;
  upper: number;
  lower: number;
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
  return stepColumns(bollingerStepper(period, k), values, ['middle', 'upper', 'lower']);
}

/** Bollinger Bands one value at a time (see {@link bollingerBands}). */
export function bollingerStepper(
  period: number = BOLLINGER_DEFAULTS.period,
  k: number = BOLLINGER_DEFAULTS.k,
): BollingerStepper {
  assertPeriod(period);
  if (!Number.isFinite(k) || k < 0) throw new RangeError(`k must be a finite number ≥ 0, got ${k}`);
  return new BollingerStepper(smaStepper(period), k);
}

/** The state of Bollinger Bands: the moving average, whose window the deviation is taken over. */
export class BollingerStepper implements IndicatorStepper<number, BollingerPoint> {
  constructor(
    private readonly average: SmaStepper,
    private readonly k: number,
  ) {}

  next(value: number): BollingerPoint {
    const mean = this.average.next(value);
    if (Number.isNaN(mean)) return { middle: mean, upper: Number.NaN, lower: Number.NaN };
    // Two-pass deviation around the known mean: no cancellation error when prices are large and close together.
    const { window } = this.average;
    let squares = 0;
    for (let j = 0; j < window.length; j += 1) {
      const d = window.at(j) - mean;
      squares += d * d;
    }
    const width = this.k * Math.sqrt(squares / window.size);
    return { middle: mean, upper: mean + width, lower: mean - width };
  }

  fork(): BollingerStepper {
    return new BollingerStepper(this.average.fork(), this.k);
  }
}
