import { describe, expect, it } from 'vitest';
import type { FutureRow } from './futures-rows';
import { cardRows, DASHBOARD_CARDS, sectorBuildUps } from './dashboard-cards';

const row = (symbol: string, sector: string, patch: Partial<FutureRow>): FutureRow =>
  ({
    symbol,
    sector,
    ltpChangePercent: null,
    oiChangePercent: null,
    buildUp: 'N',
    marker: null,
    oiValue: null,
    turnover: null,
    ...patch,
  }) as FutureRow;

const rows = [
  row('A', 'IT', { ltpChangePercent: 1, buildUp: 'LB', oiValue: 5e9, turnover: 1e8 }),
  row('B', 'IT', { ltpChangePercent: 3, buildUp: 'LB', oiValue: 9e9, turnover: 3e7 }),
  row('C', 'Auto', { ltpChangePercent: -2, buildUp: 'SB', oiValue: 1e9, turnover: 2e8 }),
];

describe('Futures Dashboard cards', () => {
  it('has the twelve cards of the brief', () => {
    expect(DASHBOARD_CARDS).toHaveLength(12);
  });
  it('active contracts by OI rank by OI value, by volume by traded value', () => {
    const byOi = DASHBOARD_CARDS.find((card) => card.id === 'active-oi')!;
    const byVolume = DASHBOARD_CARDS.find((card) => card.id === 'active-volume')!;
    expect(cardRows(rows, byOi, 2).map((r) => r.symbol)).toEqual(['B', 'A']);
    expect(cardRows(rows, byVolume, 2).map((r) => r.symbol)).toEqual(['C', 'A']);
  });
  it('a card keeps its top n', () => {
    const lb = DASHBOARD_CARDS.find((card) => card.id === 'LB')!;
    expect(cardRows(rows, lb, 1).map((r) => r.symbol)).toEqual(['B']);
  });
  it('counts each sector’s build-ups', () => {
    expect(sectorBuildUps(rows)).toEqual([
      { sector: 'Auto', counts: { LB: 0, SB: 1, SC: 0, LU: 0 } },
      { sector: 'IT', counts: { LB: 2, SB: 0, SC: 0, LU: 0 } },
    ]);
  });
});
