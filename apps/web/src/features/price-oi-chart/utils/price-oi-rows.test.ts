import type { Candle } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { priceOiRows, windowBuildUp } from './price-oi-rows';

const candle = (t: number, c: number, oi: number): Candle => ({ t, o: c, h: c, l: c, c, v: 10, atp: c, oi });
const TICK = 0.05;

describe('price vs OI rows', () => {
  const candles = [candle(1, 101, 1_100), candle(2, 100, 1_200), candle(3, 102, 1_150), candle(4, 101, 1_000)];

  it('labels each candle from its price and OI moves against the one before (the first against the previous close)', () => {
    const rows = priceOiRows(candles, { price: 100, oi: 1_000 }, TICK);
    // ↑↑ LB, ↓↑ SB, ↑↓ SC, ↓↓ LU.
    expect(rows.map((row) => row.buildUp)).toEqual(['LB', 'SB', 'SC', 'LU']);
    expect(rows[0]).toMatchObject({ change: 1, changePercent: 1, oiChange: 100, oiChangePercent: 10 });
  });

  it('sums ΔOI from the first candle shown, and has no move for the first without a previous close', () => {
    const rows = priceOiRows(candles, null, TICK);
    expect(rows[0]).toMatchObject({ change: null, oiChange: null, buildUp: 'N', cumulativeOiChange: 0 });
    expect(rows.map((row) => row.cumulativeOiChange)).toEqual([0, 100, 50, -100]);
  });

  it('reads a window’s build-up from its start to now, neutral within a tick', () => {
    expect(windowBuildUp({ price: 100, oi: 1_000 }, { price: 99, oi: 1_100 }, TICK)).toMatchObject({
      buildUp: 'SB',
      priceChange: -1,
      oiChange: 100,
      oiChangePercent: 10,
    });
    expect(windowBuildUp({ price: 100, oi: 1_000 }, { price: 100.05, oi: 1_100 }, TICK)?.buildUp).toBe('N');
    expect(windowBuildUp(null, { price: 100, oi: 1_000 }, TICK)).toBeNull();
  });
});
