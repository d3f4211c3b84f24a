import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayExtremes, stepDayRange } from './day-extremes';

describe('new day highs and lows', () => {
  it('the first candle sets the range and counts as neither', () => {
    expect(dayExtremes([{ h: 101, l: 99 }])).toEqual([{ newHigh: false, newLow: false }]);
  });

  it('a candle whose high passes every earlier high is a new high; one whose low breaks every earlier low a new low', () => {
    expect(
      dayExtremes([
        { h: 101, l: 99 },
        { h: 102, l: 100 },
        { h: 101.5, l: 98 },
        { h: 102, l: 98 },
        { h: 103, l: 97 },
      ]),
    ).toEqual([
      { newHigh: false, newLow: false },
      { newHigh: true, newLow: false },
      { newHigh: false, newLow: true },
      // Equalling the high or the low is not passing it.
      { newHigh: false, newLow: false },
      { newHigh: true, newLow: true },
    ]);
  });

  it('agrees with the definition: high above the maximum of the earlier highs (property, seed 33)', () => {
    const candle = fc.tuple(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 50 }));
    fc.assert(
      fc.property(fc.array(candle, { minLength: 1, maxLength: 40 }), (pairs) => {
        const candles = pairs.map(([low, span]) => ({ h: low + span, l: low }));
        const flags = dayExtremes(candles);
        candles.forEach((c, i) => {
          const earlier = candles.slice(0, i);
          expect(flags[i]?.newHigh).toBe(i > 0 && earlier.every((e) => c.h > e.h));
          expect(flags[i]?.newLow).toBe(i > 0 && earlier.every((e) => c.l < e.l));
        });
      }),
      { seed: 33 },
    );
  });

  it('keeps the same range object when a candle stays inside it', () => {
    const range = { high: 10, low: 5 };
    expect(stepDayRange(range, 9, 6).range).toBe(range);
  });
});
