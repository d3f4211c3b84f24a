// Indicators fed one input at a time. Every indicator of this folder is defined by its stepper, and its
// whole-series function runs that stepper over the series, so the two agree to the last bit. A live chart keeps the
// stepper of its closed candles and tries the still-forming candle on a fork of it: a tick costs one step instead of
// the whole history.

/** An indicator's running state over the inputs fed so far. */
export interface IndicatorStepper<In, Out> {
  /** Takes the next input and returns the indicator's value at it. */
  next(input: In): Out;
  /** An independent copy of the state: what the copy is fed does not reach this one, nor the other way round. */
  fork(): IndicatorStepper<In, Out>;
}

/** The last `size` numbers fed, oldest first: the window of a moving indicator. */
export class RecentValues {
  private readonly values: number[];
  /** Index of the oldest value in `values`. */
  private start = 0;
  private count = 0;

  constructor(readonly size: number) {
    this.values = new Array<number>(size).fill(Number.NaN);
  }

  /** How many values the window holds (at most `size`). */
  get length(): number {
    return this.count;
  }

  /** Adds a value; returns the one that left the full window, or undefined while it was not full. */
  push(value: number): number | undefined {
    if (this.count < this.size) {
      this.values[(this.start + this.count) % this.size] = value;
      this.count += 1;
      return undefined;
    }
    const leaving = this.values[this.start]!;
    this.values[this.start] = value;
    this.start = (this.start + 1) % this.size;
    return leaving;
  }

  /** The value `index` places after the oldest. */
  at(index: number): number {
    return this.values[(this.start + index) % this.size]!;
  }

  /** The sum of the values, added oldest first. */
  sum(): number {
    let sum = 0;
    for (let i = 0; i < this.count; i += 1) sum += this.at(i);
    return sum;
  }

  /** A copy that changes independently. */
  copy(): RecentValues {
    const copy = new RecentValues(this.size);
    for (let i = 0; i < this.count; i += 1) copy.push(this.at(i));
    return copy;
  }
}

/** Runs `stepper` over `inputs` and returns its value at each. */
export function stepThrough<In, Out>(stepper: IndicatorStepper<In, Out>, inputs: readonly In[]): Out[] {
  const out = new Array<Out>(inputs.length);
  for (let i = 0; i < inputs.length; i += 1) out[i] = stepper.next(inputs[i]!);
  return out;
}

/**
 * Runs a stepper whose value is a record of numbers over `inputs`, and gives each of `fields` as an array aligned
 * with the inputs (the whole-series form of an indicator with several lines).
 */
export function stepColumns<In, Field extends string>(
  stepper: IndicatorStepper<In, Readonly<Record<Field, number>>>,
  inputs: readonly In[],
  fields: readonly Field[],
): Record<Field, number[]> {
  const columns = Object.fromEntries(fields.map((field) => [field, new Array<number>(inputs.length)])) as Record<
    Field,
    number[]
  >;
  for (let i = 0; i < inputs.length; i += 1) {
    const point = stepper.next(inputs[i]!);
    for (const field of fields) columns[field][i] = point[field];
  }
  return columns;
}
