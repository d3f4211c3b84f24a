import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollingerBands, bollingerStepper } from './bollinger-bands';
import { macd, macdStepper } from './macd';
import { ema, emaStepper, sma, smaStepper } from './moving-averages';
import { rsi, rsiStepper } from './relative-strength-index';
import { RecentValues, type IndicatorStepper } from './stepper';
import { supertrend, supertrendStepper } from './supertrend';
import { vwap, vwapStepper } from './volume-weighted-average-price';

const SEED = 20261129;

/** Closes with the odd gap (NaN), as a chart may hand over. */
const closes = fc.array(
  fc.oneof(
    { weight: 30, arbitrary: fc.double({ min: 1, max: 1e5, noNaN: true }) },
    { weight: 1, arbitrary: fc.constant(Number.NaN) },
  ),
  { maxLength: 120 },
);
const period = fc.integer({ min: 1, max: 30 });
const candles = fc
  .array(
    fc.record({
      // A few days of 3-hour candles, so VWAP crosses sessions.
      t: fc.integer({ min: 0, max: 40 }).map((i) => 1_764_000_000_000 + i * 3 * 3_600_000),
      c: fc.double({ min: 100, max: 1e5, noNaN: true }),
      spread: fc.double({ min: 0, max: 50, noNaN: true }),
      v: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
    }),
    { maxLength: 120 },
  )
  .map((rows) =>
    rows.sort((a, b) => a.t - b.t).map(({ t, c, spread, v }) => ({ t, h: c + spread, l: c - spread, c, v })),
  );

/**
 * What a live chart does: feed the inputs before i, then try input i on a fork. The fork's value must be the
 * whole-series value at i, and trying it must not change the stepper (the next real input gives the same again).
 */
function triedOnForks<In, Out>(stepper: IndicatorStepper<In, Out>, inputs: readonly In[]): Out[] {
  const tried: Out[] = [];
  for (const input of inputs) {
    tried.push(stepper.fork().next(input));
    stepper.next(input);
  }
  return tried;
}

describe('indicator steppers', () => {
  it(`a fork gives each whole-series value and leaves the stepper as it was (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(closes, period, (values, n) => {
        expect(triedOnForks(smaStepper(n), values)).toEqual(sma(values, n));
        expect(triedOnForks(emaStepper(n), values)).toEqual(ema(values, n));
        expect(triedOnForks(rsiStepper(n), values)).toEqual(rsi(values, n));
        const bands = bollingerBands(values, n, 2);
        const tried = triedOnForks(bollingerStepper(n, 2), values);
        expect(tried.map((point) => point.middle)).toEqual(bands.middle);
        expect(tried.map((point) => point.upper)).toEqual(bands.upper);
        expect(tried.map((point) => point.lower)).toEqual(bands.lower);
        const lines = macd(values);
        expect(triedOnForks(macdStepper(), values).map((point) => point.signal)).toEqual(lines.signal);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it(`a candle stepper's fork gives each whole-series value (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(candles, period, (rows, n) => {
        expect(triedOnForks(vwapStepper(), rows)).toEqual(vwap(rows));
        const trend = supertrend(rows, n, 3);
        const tried = triedOnForks(supertrendStepper(n, 3), rows);
        expect(tried.map((point) => point.line)).toEqual(trend.line);
        expect(tried.map((point) => point.direction)).toEqual(trend.direction);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('keeps trying a changing last value on forks without drifting', () => {
    // A forming candle: the same stepper, many tries of the last close, then the close that stands.
    const stepper = emaStepper(3);
    for (const value of [10, 11, 12, 13]) stepper.next(value);
    for (const attempt of [14, 20, 5, 14.5]) stepper.fork().next(attempt);
    expect(stepper.next(14)).toBe(ema([10, 11, 12, 13, 14], 3)[4]);
  });
});

describe('recent values', () => {
  it('holds the last `size` values oldest first and hands back the one that leaves', () => {
    const window = new RecentValues(3);
    expect([window.push(1), window.push(2), window.push(3)]).toEqual([undefined, undefined, undefined]);
    expect(window.push(4)).toBe(1);
    expect([window.at(0), window.at(1), window.at(2)]).toEqual([2, 3, 4]);
    expect(window.sum()).toBe(9);
  });

  it('copies independently', () => {
    const window = new RecentValues(2);
    window.push(1);
    const copy = window.copy();
    copy.push(5);
    copy.push(7);
    expect([window.length, window.sum()]).toEqual([1, 1]);
    expect([copy.at(0), copy.at(1)]).toEqual([5, 7]);
  });
});
