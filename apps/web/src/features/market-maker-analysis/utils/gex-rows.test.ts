import { describe, expect, it } from 'vitest';
import { flipStrike, formatGex, gexRows, type GammaExposure } from './gex-rows';

const strike = (k: number, net: number) => ({
  strike: k,
  ceOi: 10,
  peOi: 20,
  callGex: net + 5,
  putGex: -5,
  netGex: net,
});

const answer = (atmStrike: number | null): GammaExposure => ({
  name: 'NIFTY',
  expiry: '2026-11-23',
  at: 0,
  spot: 24_010,
  forward: 24_060,
  atmStrike,
  maxPainStrike: 24_000,
  daysToExpiry: 3,
  callGex: 0,
  putGex: 0,
  netGex: 0,
  callWall: null,
  putWall: null,
  flip: null,
  regime: 'neutral',
  strikes: [23_900, 23_950, 24_000, 24_050, 24_100, 24_150].map((k, i) => strike(k, i)),
  history: [],
});

describe('GEX rows', () => {
  it('centres the chosen count of strikes on ATM and marks the ATM row', () => {
    const rows = gexRows(answer(24_000), 3);
    expect(rows.map((row) => row.strike)).toEqual([23_950, 24_000, 24_050]);
    expect(rows.map((row) => row.atm)).toEqual([false, true, false]);
  });

  it('keeps the count at the ends of the ladder and centres on spot without an ATM strike', () => {
    expect(gexRows(answer(24_150), 3).map((row) => row.strike)).toEqual([24_050, 24_100, 24_150]);
    expect(gexRows(answer(null), 1).map((row) => row.strike)).toEqual([24_000]);
  });

  it('marks the flip at the strike nearest it', () => {
    expect(flipStrike([23_950, 24_000, 24_050], 24_030)).toBe(24_050);
    expect(flipStrike([23_950, 24_000], null)).toBeNull();
  });

  it('writes GEX in rupees with Indian units and its sign', () => {
    expect(formatGex(-25_000_000)).toBe('-₹2.50Cr');
    expect(formatGex(150_000)).toBe('₹1.50L');
    expect(formatGex(12)).toBe('₹12');
  });
});
