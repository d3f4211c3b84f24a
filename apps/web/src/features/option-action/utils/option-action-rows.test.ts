import type { OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { optionActionRows } from './option-action-rows';

const leg = (ltpChange: number, oi: number, oiChange: number) =>
  ({ ltp: 100, volume: 10, oi, oiChange, ltpChange }) as OptionChain['rows'][number]['ce'];

describe('Option Action rows', () => {
  it('labels each leg with its build-up since the previous close and marks the ATM strike', () => {
    const chain = {
      atmStrike: 24_500,
      rows: [
        { strike: 24_450, ce: leg(5, 11_000, 1_000), pe: leg(-5, 9_000, 1_000), pcr: null },
        { strike: 24_500, ce: leg(-5, 9_000, -1_000), pe: leg(0.05, 9_000, 1_000), pcr: null },
      ],
    } as unknown as OptionChain;
    const rows = optionActionRows(chain);
    expect(rows.map((row) => [row.strike, row.atm, row.ce.buildUp, row.pe.buildUp])).toEqual([
      [24_450, false, 'LB', 'SB'],
      [24_500, true, 'LU', 'N'],
    ]);
  });
});
