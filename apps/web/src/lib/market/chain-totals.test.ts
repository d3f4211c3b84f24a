import type { OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { chainTotals, maxOiStrike, type ChainLeg } from './chain-totals';

type Row = OptionChain['rows'][number];
const leg = (oi: number | null, oiChange: number | null) => ({ oi, oiChange }) as ChainLeg;
const row = (strike: number, ce: ChainLeg, pe: ChainLeg) => ({ strike, ce, pe, pcr: null }) as Row;
const ROWS = [
  row(100, leg(400, 50), leg(100, null)),
  row(110, leg(200, -20), leg(500, 30)),
  row(120, leg(null, null), leg(300, 10)),
];

describe('chain totals over the strikes shown', () => {
  it('sums call and put OI and their changes, skipping unknown values', () => {
    expect(chainTotals(ROWS, (side) => side.oiChange)).toEqual({
      ceOi: 600,
      peOi: 900,
      ceOiChange: 30,
      peOiChange: 40,
      pcr: 1.5,
    });
  });

  it('computes PCR as total put OI divided by total call OI, unknown without call OI', () => {
    expect(chainTotals([row(100, leg(0, null), leg(50, null))], () => null)).toMatchObject({
      pcr: null,
      ceOiChange: null,
    });
  });

  it('marks the largest call OI strike as resistance and the largest put OI strike as support', () => {
    expect(maxOiStrike(ROWS, 'ce')).toBe(100);
    expect(maxOiStrike(ROWS, 'pe')).toBe(110);
    expect(maxOiStrike([], 'ce')).toBeNull();
  });
});
