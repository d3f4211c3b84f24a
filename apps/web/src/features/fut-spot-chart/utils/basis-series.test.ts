import type { Candle } from '@fnodesk/contracts';
import { istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { annualisedCarryPercent, basisSeries } from './basis-series';

const candle = (t: number, c: number): Candle => ({ t, o: c, h: c, l: c, c, v: 0, atp: c, oi: 0 });

describe('futures basis and carry', () => {
  it('annualises the basis over the days left: 50 on 25,000 with 30 days is about 2.43 % a year', () => {
    expect(annualisedCarryPercent(50, 25_000, 30)).toBeCloseTo((50 / 25_000) * (365 / 30) * 100, 10);
    expect(annualisedCarryPercent(50, 25_000, 30)).toBeCloseTo(2.4333, 3);
    expect(annualisedCarryPercent(50, 25_000, 0)).toBeNull();
  });

  it('pairs candles by start, counts calendar days to expiry, and skips instants spot lacks', () => {
    const a = istInstant('2026-11-20', '09:15');
    const b = istInstant('2026-11-20', '09:20');
    const c = istInstant('2026-11-24', '09:15');
    const points = basisSeries(
      [candle(a, 25_000), candle(c, 25_100)],
      [candle(a, 25_060), candle(b, 25_070), candle(c, 25_110)],
      '2026-11-24',
    );
    expect(points.map((p) => [p.t, p.basis, p.daysToExpiry])).toEqual([
      [a, 60, 4],
      [c, 10, 0],
    ]);
    expect(points[0]!.carryPercent).toBeCloseTo((60 / 25_000) * (365 / 4) * 100, 10);
    expect(points[1]!.carryPercent).toBeNull();
  });
});
