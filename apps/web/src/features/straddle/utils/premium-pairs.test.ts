import type { Candle, OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { combinedFigures, pairLabel, pairSeries, pnlFromEntry, premiumPairRows, type PairPoint } from './premium-pairs';

const leg = (token: number, ltp: number, ltpChange: number, atp: number) =>
  ({ token, ltp, ltpChange, atp }) as OptionChain['rows'][number]['ce'];
const strikes = [100, 110, 120, 130, 140];
const chain = {
  atmStrike: 120,
  rows: strikes.map((strike, i) => ({
    strike,
    ce: leg(2 * i + 1, 50 - i * 10, 5, 48 - i * 10),
    pe: leg(2 * i + 2, 10 + i * 10, -2, 11 + i * 10),
    pcr: null,
  })),
} as unknown as OptionChain;

describe('Straddle and strangle rows', () => {
  it('pairs each strike with itself for a straddle, summing prices, changes and ATP', () => {
    const rows = premiumPairRows(chain, 'straddle', new Map([[5, 25]]));
    expect(rows.map((row) => row.strike)).toEqual(strikes);
    const atm = rows.find((row) => row.atm)!;
    expect(atm.strike).toBe(120);
    expect(atm.combined.ltp).toBe(30 + 30);
    expect(atm.combined.sinceClose).toBe(3);
    expect(atm.combined.atp).toBe(28 + 31);
    // 60 now, 57 at the previous close.
    expect(atm.combined.sinceClosePercent).toBeCloseTo((3 / 57) * 100, 10);
    expect(atm.ce.sinceOpen).toBe(5);
    // The PE's open is unknown, so the pair's change since open is too.
    expect(atm.combined.sinceOpen).toBeNull();
  });

  it('puts the CE k strikes above ATM with the PE k strikes below for a strangle, as far as both sides reach', () => {
    const rows = premiumPairRows(chain, 'strangle', new Map());
    expect(rows.map((row) => pairLabel(row, String))).toEqual(['120', '130/110', '140/100']);
    expect(rows[1]!.combined.ltp).toBe(20 + 20);
    expect(rows[0]!.atm).toBe(true);
  });

  it('adds percentages over the pair’s base, not by adding leg percentages', () => {
    const figures = combinedFigures(
      { ltp: 110, sinceClose: 10, sinceClosePercent: 10, sinceOpen: null, sinceOpenPercent: null, atp: 1 },
      { ltp: 20, sinceClose: -10, sinceClosePercent: -33, sinceOpen: null, sinceOpenPercent: null, atp: 2 },
    );
    expect(figures.sinceClose).toBe(0);
    expect(figures.sinceClosePercent).toBe(0);
    expect(figures.atp).toBe(3);
  });

  it('keeps only the minutes both legs traded, the pair being CE + PE and its ATP the legs’ ATPs added', () => {
    const candle = (t: number, c: number, atp: number): Candle => ({ t, o: c, h: c, l: c, c, v: 1, atp, oi: 7 });
    const series = pairSeries([candle(1, 10, 9), candle(2, 11, 10)], [candle(2, 5, 6), candle(3, 4, 5)]);
    expect(series).toEqual([{ t: 2, ce: 11, pe: 5, value: 16, atp: 16, ceOi: 7, peOi: 7 }]);
  });
});

describe('Custom strangle P&L from an entry time', () => {
  const point = (t: number, ce: number, pe: number): PairPoint => ({
    t,
    ce,
    pe,
    value: ce + pe,
    atp: 0,
    ceOi: 0,
    peOi: 0,
  });
  const series = [point(1, 100, 80), point(2, 90, 85), point(3, 70, 95)];

  it('is zero at entry and, sold, gains what the combined premium loses, per lot size', () => {
    const pnl = pnlFromEntry(series, 2, { side: 'SELL', ceLots: 1, peLots: 1, lotSize: 75 });
    expect(pnl.map((p) => p.t)).toEqual([2, 3]);
    expect(pnl[0]!.pnl).toBe(0);
    // CE −20, PE +10 since entry: the sold pair gains 10 × 75.
    expect(pnl[1]!.pnl).toBe(750);
  });

  it('weighs each leg by its lots (a 1:2 ratio), bought', () => {
    const pnl = pnlFromEntry(series, 1, { side: 'BUY', ceLots: 1, peLots: 2, lotSize: 10 });
    expect(pnl.at(-1)!.pnl).toBe(10 * (1 * (70 - 100) + 2 * (95 - 80)));
  });

  it('enters at the first minute at or after the entry time, and is empty after the last', () => {
    expect(pnlFromEntry(series, 1.5, { side: 'BUY', ceLots: 1, peLots: 1, lotSize: 1 })[0]!.t).toBe(2);
    expect(pnlFromEntry(series, 4, { side: 'BUY', ceLots: 1, peLots: 1, lotSize: 1 })).toEqual([]);
  });
});
