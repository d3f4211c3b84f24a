import type { OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { chartCount, middleStrike, strikeEntries, strikeLabel } from './strike-layout';

function chain(strikes: number[], atmStrike: number | null): OptionChain {
  const optData = strikes.flatMap((strike, i) =>
    (['CE', 'PE'] as const).map((side, j) => ({
      tradingName: `NIFTY26NOV${strike}${side}`,
      strikePrice: strike,
      instrumentType: side,
      instrumentToken: 1000 + i * 2 + j,
      lotSize: 75,
      expiry: '2026-11-24',
    })),
  );
  // Only what strikeEntries reads matters here.
  return { optData, rows: [], atmStrike } as unknown as OptionChain;
}

describe('strike layout', () => {
  it('lists strikes lowest first with their call and put, marking the middle strike from the ATM basis', () => {
    const entries = strikeEntries(chain([24_600, 24_500, 24_550], 24_550));
    expect(entries.map((e) => [e.strike, e.callToken, e.putToken, e.atm])).toEqual([
      [24_500, 1002, 1003, false],
      [24_550, 1004, 1005, true],
      [24_600, 1000, 1001, false],
    ]);
  });

  it('the middle strike is the listed strike nearest the ATM price, else the middle of the list', () => {
    expect(middleStrike([100, 200, 300], 240)).toBe(200);
    expect(middleStrike([100, 200, 300], 260)).toBe(300);
    expect(middleStrike([100, 200, 300, 400], null)).toBe(200);
    expect(middleStrike([], 5)).toBeUndefined();
  });

  it('chart count is two per strike plus the index chart when shown', () => {
    expect(chartCount(3, true)).toBe(7);
    expect(chartCount(15, true)).toBe(31);
    expect(chartCount(15, false)).toBe(30);
  });

  it('labels strikes without needless decimals', () => {
    expect(strikeLabel(24_500)).toBe('24500');
    expect(strikeLabel(1_072.5)).toBe('1072.5');
  });
});
