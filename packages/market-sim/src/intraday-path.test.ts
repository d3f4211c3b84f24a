import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DayPathInput } from './intraday-path';
import { buildDayPath, dayExtremes, priceWithinMinute } from './intraday-path';
import { streamKey } from './seeded-noise';

const keys = {
  market: streamKey(9, 10),
  own: streamKey(9, 11),
  range: streamKey(9, 12),
  tick: streamKey(9, 13),
  volume: streamKey(9, 15),
};

const input = (overrides: Partial<DayPathInput> = {}): DayPathInput => ({
  id: 1,
  session: 100,
  dayNumber: 20_400,
  openInstant: 0,
  startPrice: 25_000,
  endPrice: 25_180,
  dailyVolatility: 0.0075,
  marketCorrelation: 0.9,
  cashMinutes: 375,
  minutes: 385,
  ...overrides,
});

describe('intraday path', () => {
  it('runs from the session open to its close, minute candles joined without gaps', () => {
    const path = buildDayPath(input(), keys);
    expect(path.o[0]).toBeCloseTo(25_000, 6);
    expect(path.c[374]).toBeCloseTo(25_180, 6);
    for (let m = 1; m < path.minutes; m++) expect(path.o[m]).toBe(path.c[m - 1]);
  });

  it('keeps each minute high at or above its open and close and the low at or below', () => {
    const path = buildDayPath(input({ dayNumber: 20_401 }), keys);
    for (let m = 0; m < path.minutes; m++) {
      expect(path.h[m]!).toBeGreaterThanOrEqual(Math.max(path.o[m]!, path.c[m]!));
      expect(path.l[m]!).toBeLessThanOrEqual(Math.min(path.o[m]!, path.c[m]!));
    }
  });

  it('spreads volume in a U: the first and last half hours busier than midday, shares summing to 1', () => {
    let first = 0;
    let middle = 0;
    let last = 0;
    for (let day = 0; day < 40; day++) {
      const path = buildDayPath(input({ dayNumber: 20_500 + day }), keys);
      let sum = 0;
      for (let m = 0; m < 375; m++) sum += path.volumeShare[m]!;
      expect(sum).toBeCloseTo(1, 9);
      for (let m = 0; m < 30; m++) first += path.volumeShare[m]!;
      for (let m = 170; m < 200; m++) middle += path.volumeShare[m]!;
      for (let m = 345; m < 375; m++) last += path.volumeShare[m]!;
    }
    expect(first).toBeGreaterThan(1.5 * middle);
    expect(last).toBeGreaterThan(1.2 * middle);
  });

  it('finds the same session extremes without keeping the minutes', () => {
    const spec = input({ dayNumber: 20_777 });
    const path = buildDayPath(spec, keys);
    const { high, low } = dayExtremes(spec, keys);
    expect(high).toBe(Math.max(...path.h.subarray(0, 375)));
    expect(low).toBe(Math.min(...path.l.subarray(0, 375)));
  });

  it('keeps every second of a minute inside the minute candle and makes the candle exactly', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 50_000, noNaN: true }),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.integer({ min: 0, max: 400 }),
        (open, move, up, down, minute) => {
          const close = open * (1 + move);
          const high = Math.max(open, close) * (1 + up);
          const low = Math.min(open, close) * (1 - down);
          const seconds = Array.from({ length: 60 }, (_, s) =>
            priceWithinMinute(open, high, low, close, keys.tick, minute, s),
          );
          return (
            seconds[0] === open &&
            seconds[59] === close &&
            Math.max(...seconds) === high &&
            Math.min(...seconds) === low &&
            seconds.every((price) => price >= low && price <= high)
          );
        },
      ),
      { seed: 20_261_120, numRuns: 300 },
    );
  });
});
