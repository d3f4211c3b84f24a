import { describe, expect, it } from 'vitest';
import { ivStats, skew25, termRows, termShape, type IvHistory, type IvTermStructure } from './volatility-figures';

const row = (strike: number, ceDelta: number, ceIv: number, peIv: number) => ({
  strike,
  atm: false,
  ceIv,
  peIv,
  smileIv: null,
  ceDelta,
  peDelta: ceDelta - 1,
});

describe('volatility figures', () => {
  it('takes the 25-delta skew as the 25-delta put’s IV minus the 25-delta call’s', () => {
    const rows = [
      row(23_500, 0.85, 14, 17),
      row(23_700, 0.74, 13, 15.5),
      row(24_000, 0.5, 12, 12.2),
      row(24_300, 0.26, 11, 11.4),
    ];
    // Put nearest −0.25: 23,700 (0.74 − 1 = −0.26) at 15.5; call nearest 0.25: 24,300 at 11.
    expect(skew25(rows)).toBeCloseTo(4.5, 12);
    expect(skew25([row(24_000, 0.5, 12, 12)])).toBeNull();
  });

  it('ranks today’s ATM IV against the daily history and annualises the closes’ volatility', () => {
    const points = Array.from({ length: 31 }, (_, i) => ({
      date: `2026-10-${String(i + 1).padStart(2, '0')}`,
      expiry: '2026-11-23',
      strike: 24_000,
      forward: 24_000,
      iv: 10 + i / 3,
      close: 24_000 * (i % 2 === 0 ? 1 : 1.01),
    }));
    const history: IvHistory = { name: 'NIFTY', points };
    const stats = ivStats(history, 15);
    expect(stats.ivRank).toBeCloseTo(50, 9);
    // 15 days of the 31 (10, 10.33 … 14.67) were below 15.
    expect(stats.ivPercentile).toBeCloseTo((15 / 31) * 100, 9);
    expect(stats.hv10).toBeGreaterThan(10);
    expect(ivStats(history, null).ivRank).toBeNull();
  });

  it('gives each expiry the forward volatility since the one before, and the shape of the curve', () => {
    const term: IvTermStructure = {
      name: 'NIFTY',
      at: 0,
      points: [
        { expiry: '2026-11-23', daysToExpiry: 36.5, strike: 24_000, forward: 24_050, iv: 10 },
        { expiry: '2026-12-29', daysToExpiry: 73, strike: 24_000, forward: 24_150, iv: 20 },
      ],
    };
    const rows = termRows(term);
    expect(rows[0]!.forwardIv).toBeNull();
    // √((0.2²·0.2 − 0.1²·0.1) ÷ 0.1) = √0.07.
    expect(rows[1]!.forwardIv).toBeCloseTo(Math.sqrt(0.07) * 100, 9);
    expect(termShape(term)).toBe('contango');
  });
});
