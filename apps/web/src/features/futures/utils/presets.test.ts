import { describe, expect, it } from 'vitest';
import type { FutureRow } from './futures-rows';
import { applyPreset, PRESETS, presetOf } from './presets';

const row = (symbol: string, patch: Partial<FutureRow>): FutureRow =>
  ({
    symbol,
    ltpChangePercent: null,
    oiChangePercent: null,
    buildUp: 'N',
    marker: null,
    turnover: null,
    ...patch,
  }) as FutureRow;

const rows = [
  row('A', { ltpChangePercent: 2, oiChangePercent: -3, buildUp: 'SC', marker: 'O=L', turnover: 10 }),
  row('B', { ltpChangePercent: 5, oiChangePercent: 4, buildUp: 'LB', turnover: 30 }),
  row('C', { ltpChangePercent: -1, oiChangePercent: 6, buildUp: 'SB', marker: 'O=H', turnover: 20 }),
  row('D', { ltpChangePercent: -4, oiChangePercent: -1, buildUp: 'LU' }),
  row('E', {}),
];
const symbols = (list: FutureRow[]) => list.map((r) => r.symbol);

describe('Market Movers presets', () => {
  it('offers every chip of the brief', () => {
    expect(PRESETS.map((p) => p.label)).toEqual([
      'Price Gainers',
      'Price Losers',
      'OI Gainers',
      'OI Losers',
      'LB',
      'SB',
      'LU',
      'SC',
      'Open=High',
      'Open=Low',
      'Active Contracts',
    ]);
  });
  it('price gainers keep the risers, biggest first; losers the fallers, biggest fall first', () => {
    expect(symbols(applyPreset(rows, presetOf('price-gainers')))).toEqual(['B', 'A']);
    expect(symbols(applyPreset(rows, presetOf('price-losers')))).toEqual(['D', 'C']);
  });
  it('OI gainers and losers order by OI change %', () => {
    expect(symbols(applyPreset(rows, presetOf('oi-gainers')))).toEqual(['C', 'B']);
    expect(symbols(applyPreset(rows, presetOf('oi-losers')))).toEqual(['A', 'D']);
  });
  it('a build-up chip keeps that build-up only', () => {
    expect(symbols(applyPreset(rows, presetOf('LB')))).toEqual(['B']);
    expect(symbols(applyPreset(rows, presetOf('SB')))).toEqual(['C']);
    expect(symbols(applyPreset(rows, presetOf('LU')))).toEqual(['D']);
    expect(symbols(applyPreset(rows, presetOf('SC')))).toEqual(['A']);
  });
  it('Open=High and Open=Low keep the marked rows', () => {
    expect(symbols(applyPreset(rows, presetOf('O=H')))).toEqual(['C']);
    expect(symbols(applyPreset(rows, presetOf('O=L')))).toEqual(['A']);
  });
  it('active contracts order by traded value and a limit keeps the top n', () => {
    expect(symbols(applyPreset(rows, presetOf('active'), 2))).toEqual(['B', 'C']);
  });
});
