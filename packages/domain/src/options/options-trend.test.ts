import { describe, expect, it } from 'vitest';
import { optionsTrendRows, pcrArrow, sumLegsByTime } from './options-trend';

const totals = (entries: [number, number, number][]) => new Map(entries.map(([t, ltp, oi]) => [t, { ltp, oi }]));

describe('options trend of a strike set', () => {
  it('sums the legs’ closes and OI only where every leg has a candle', () => {
    const sums = sumLegsByTime([
      [
        { t: 1, c: 10, oi: 100 },
        { t: 2, c: 12, oi: 110 },
      ],
      [{ t: 2, c: 5, oi: 50 }],
    ]);
    expect([...sums]).toEqual([[2, { ltp: 17, oi: 160 }]]);
  });

  it('reproduces the vendor’s D.PCR: ΔPut ÷ ΔCall = 649,440 ÷ 280,920 = 2.31', () => {
    const rows = optionsTrendRows({
      ce: totals([
        [1, 500, 1_000_000],
        [2, 480, 1_280_920],
      ]),
      pe: totals([
        [1, 400, 900_000],
        [2, 430, 1_549_440],
      ]),
      spot: new Map([
        [1, 25_000],
        [2, 25_050],
      ]),
    });
    const last = rows[1]!;
    expect(last.callOiChange).toBe(280_920);
    expect(last.putOiChange).toBe(649_440);
    expect(last.dPcr).toBeCloseTo(2.31, 2);
    expect(last.oiDiff).toBe(368_520);
    expect(last.oiDiffDirection).toBe(368_520);
    expect(last).toMatchObject({ ceChange: -20, peChange: 30, premiumChange: 10 });
    expect(last.pcr).toBeCloseTo(1_549_440 / 1_280_920, 12);
    expect(last.spotChangePercent).toBeCloseTo(0.2, 12);
    // Spot rose while puts were added faster than calls: a strong ↑; calls lost on puts: Premium ↓.
    expect(last.priceArrow).toEqual({ arrow: 'up', strong: true });
    expect(last.premiumArrow).toBe('down');
    expect(rows[0]!.priceArrow).toBeNull();
  });

  it('measures changes from the previous session’s close when that baseline is given', () => {
    const rows = optionsTrendRows({
      ce: totals([[1, 500, 1_000]]),
      pe: totals([[1, 400, 900]]),
      spot: new Map(),
      baseline: { ce: { ltp: 450, oi: 800 }, pe: { ltp: 420, oi: 1_000 } },
    });
    expect(rows[0]).toMatchObject({ ceChange: 50, peChange: -20, callOiChange: 200, putOiChange: -100, oiDiff: -300 });
  });

  it('points PCR Analysis up above 1.0, flat from 0.8 to 1.0 and down below 0.8', () => {
    expect([1.04, 1, 0.9, 0.8, 0.79].map(pcrArrow)).toEqual(['up', 'flat', 'flat', 'flat', 'down']);
    expect(pcrArrow(null)).toBeNull();
  });
});
