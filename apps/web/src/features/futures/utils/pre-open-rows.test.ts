import type { DataResponse } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { impliedOpenOf, preOpenRows } from './pre-open-rows';

const quote = (token: number, symbol: string, prevClose: number, iep: number) => ({
  token,
  tradingSymbol: symbol,
  name: symbol,
  prevClose,
  iep,
  change: iep - prevClose,
  changePercent: 0,
  quantity: 10,
  final: false,
  ts: 0,
});
const quotes = [quote(1, 'NIFTY 50', 20_000, 20_010), quote(2, 'AAA', 100, 103), quote(3, 'BBB', 200, 199)];
const sectors = [
  {
    index: 'NIFTY 50',
    token: 1,
    close: null,
    changePercent: null,
    advances: 0,
    declines: 0,
    constituents: [
      { symbol: 'AAA', token: 2, sector: 'IT', weight: 25, changePercent: null },
      { symbol: 'BBB', token: 3, sector: 'Auto', weight: 75, changePercent: null },
    ],
  },
] as DataResponse<'get_index_sector'>;

describe('pre-open rows', () => {
  it('reads each stock’s gap against the previous close and flags gaps beyond 2 %', () => {
    const rows = preOpenRows(
      quotes,
      new Map([
        [2, 'IT'],
        [3, 'Auto'],
      ]),
    );
    expect(rows.map((row) => [row.symbol, row.flag])).toEqual([
      ['AAA', 'large'],
      ['BBB', null],
    ]);
    expect(rows[0]!.gap).toBeCloseTo(3);
  });
  it('implies the index open from the weighted gaps of its constituents', () => {
    const implied = impliedOpenOf('NIFTY 50', sectors, quotes);
    // 0.25 × 3 % + 0.75 × −0.5 % = 0.375 %.
    expect(implied?.implied?.gapPercent).toBeCloseTo(0.375);
    expect(implied?.implied?.open).toBeCloseTo(20_075);
    expect(implied?.iep).toBe(20_010);
  });
});
