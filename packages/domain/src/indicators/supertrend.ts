// Supertrend (Olivier Seban): bands at the candle's midpoint ± multiplier × ATR (Wilder's average true range). The
// final upper band only falls, and the lower only rises, while the close stays inside them; the trend turns up when
// the close crosses above the final upper band and down when it crosses below the final lower band. The line is the
// lower band in an up trend and the upper band in a down trend.
import { assertPeriod } from './moving-averages';
import { stepColumns, stepThrough, type IndicatorStepper } from './stepper';

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

/** Supertrend at one candle. */
export interface SupertrendPoint {
  line: number;
  direction: number;
}

/** Wilder's average true range: NaN for the first `period − 1` candles, then smoothed with 1 / period. */
export function averageTrueRange(candles: readonly SupertrendCandle[], period: number): number[] {
  assertPeriod(period);
  return stepThrough(new AtrStepper(period), candles);
}

/** The state of an average true range: the previous close and the average so far. */
class AtrStepper implements IndicatorStepper<SupertrendCandle, number> {
  private sum = 0;
  private atr = Number.NaN;
  private previousClose = Number.NaN;
  private seen = 0;

  constructor(private readonly period: number) {}

  next({ h, l, c }: SupertrendCandle): number {
    const i = this.seen;
    const { period, previousClose } = this;
    const range = i > 0 ? Math.max(h - l, Math.abs(h - previousClose), Math.abs(l - previousClose)) : h - l;
    if (i < period) {
      this.sum += range;
      if (i === period - 1) this.atr = this.sum / period;
    } else {
      this.atr = (this.atr * (period - 1) + range) / period;
    }
    this.previousClose = c;
    this.seen += 1;
    return i >= period - 1 ? this.atr : Number.NaN;
  }

  fork(): AtrStepper {
    const copy = new AtrStepper(this.period);
    return Object.assign(copy, {
      sum: this.sum,
      atr: this.atr,
      previousClose: this.previousClose,
      seen: this.seen,
    });
  }
}

/** Supertrend of candles with an ATR period and a band multiplier. */
export function supertrend(
  candles: readonly SupertrendCandle[],
  period: number = SUPERTREND_DEFAULTS.period,
  multiplier: number = SUPERTREND_DEFAULTS.multiplier,
): Supertrend {
  return stepColumns(supertrendStepper(period, multiplier), candles, ['line', 'direction']);
}

/** Supertrend one candle at a time (see {@link supertrend}). */
export function supertrendStepper(
  period: number = SUPERTREND_DEFAULTS.period,
  multiplier: number = SUPERTREND_DEFAULTS.multiplier,
): SupertrendStepper {
  assertPeriod(period);
  if (!(multiplier > 0)) throw new RangeError(`multiplier must be positive, got ${multiplier}`);
  return new SupertrendStepper(new AtrStepper(period), multiplier);
}

/** The state of a Supertrend: its average true range, final bands, trend and the previous close. */
export class SupertrendStepper implements IndicatorStepper<SupertrendCandle, SupertrendPoint> {
  private upper = Number.NaN;
  private lower = Number.NaN;
  private trend = 0;
  /** The previous candle's close; undefined before the first candle. */
  private previousClose: number | undefined = undefined;

  constructor(
    private readonly atr: AtrStepper,
    private readonly multiplier: number,
  ) {}

  next(candle: SupertrendCandle): SupertrendPoint {
    const range = this.atr.next(candle);
    const { h, l, c } = candle;
    const previousClose = this.previousClose ?? c;
    this.previousClose = c;
    if (Number.isNaN(range)) return { line: Number.NaN, direction: 0 };
    const middle = (h + l) / 2;
    const basicUpper = middle + this.multiplier * range;
    const basicLower = middle - this.multiplier * range;
    if (this.trend === 0) {
      this.upper = basicUpper;
      this.lower = basicLower;
      this.trend = c >= middle ? 1 : -1;
    } else {
      this.upper = basicUpper < this.upper || previousClose > this.upper ? basicUpper : this.upper;
      this.lower = basicLower > this.lower || previousClose < this.lower ? basicLower : this.lower;
      if (this.trend === -1 && c > this.upper) this.trend = 1;
      else if (this.trend === 1 && c < this.lower) this.trend = -1;
    }
    return { line: this.trend === 1 ? this.lower : this.upper, direction: this.trend };
  }

  fork(): SupertrendStepper {
    const copy = new SupertrendStepper(this.atr.fork(), this.multiplier);
    return Object.assign(copy, {
      upper: this.upper,
      lower: this.lower,
      trend: this.trend,
      previousClose: this.previousClose,
    });
  }
}
