import fc from 'fast-check';
import { CandleColumns, type Candle } from '@fnodesk/market-sim';
import { describe, expect, it } from 'vitest';
import { candleElementsJson } from './candle-json';

/** The writer's JSON of candles given as objects. */
function json(candles: readonly Candle[]): string {
  const columns = new CandleColumns(1);
  for (const candle of candles) columns.pushCandle(candle);
  return candleElementsJson(columns);
}

const candle = (v: number) => ({ t: 1_763_610_300_000, o: v, h: v, l: v, c: v, v: 0, atp: v, oi: 0 });

describe('candle JSON', () => {
  it('writes candles byte for byte as JSON.stringify does', () => {
    const price = fc.oneof(
      fc.integer({ min: 1, max: 10_000_000 }).map((paise) => paise / 100),
      fc.integer({ min: 1, max: 2_000_000 }).map((twentieths) => twentieths / 20),
      fc.double({ noNaN: false }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.constantFrom(0, -0, 0.1 + 0.2, 1e21, 123456789.99, 99999999999.99, Number.MAX_SAFE_INTEGER),
      // Where the writers change arithmetic: 32-bit integers, digit groups and the split of large integers.
      fc.constantFrom(
        2 ** 31 - 1,
        2 ** 31,
        2 ** 32,
        2 ** 31 + 0.5,
        21_474_836.47,
        1e8,
        99_999_999.99,
        10_000,
        9_999.05,
      ),
    );
    const candles = fc.array(
      fc.record({
        t: fc.integer({ min: 0, max: 4_102_444_800_000 }),
        o: price,
        h: price,
        l: price,
        c: price,
        v: fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
        atp: price,
        oi: fc.nat(),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(candles, (list) => {
        expect(json(list)).toBe(JSON.stringify(list).slice(1, -1));
      }),
      { numRuns: 500 },
    );
  });

  it('stays exact across the growth of its scratch buffer and after a longer series', () => {
    // Long enough to outgrow the writer's first scratch buffer several times; a short series after it must not
    // pick up the longer one's bytes.
    const long = Array.from({ length: 3_000 }, (_, i) => ({
      t: 1_763_610_300_000 + 60_000 * i,
      o: (2_450_000 + i) / 100,
      h: 24_600 + (i % 7) * 0.05,
      l: 0.05 * (1 + (i % 40)),
      c: i % 3 === 0 ? 24_512 : 24_512.5,
      v: 75 * i,
      atp: 24_511.95,
      oi: 2 ** 31 + i,
    }));
    expect(json(long)).toBe(JSON.stringify(long).slice(1, -1));
    expect(json(long.slice(0, 2))).toBe(JSON.stringify(long.slice(0, 2)).slice(1, -1));
  });

  it('writes prices to the paise without trailing zeros, and leaves what is not whole paise to JSON', () => {
    const text = (v: number) => json([candle(v)]);
    expect(text(24_512.05)).toContain('"o":24512.05,');
    expect(text(24_512.5)).toContain('"o":24512.5,');
    expect(text(0.05)).toContain('"o":0.05,');
    expect(text(26_000)).toContain('"o":26000,');
    expect(text(123.456)).toContain('"o":123.456,');
    expect(text(Number.NaN)).toContain('"o":null,');
    expect(json([]).length).toBe(0);
  });
});
