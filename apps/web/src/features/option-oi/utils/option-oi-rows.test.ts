import type { OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { optionOiRows } from './option-oi-rows';

const leg = (token: number, oi: number, oiChange: number) =>
  ({
    token,
    oi,
    oiChange,
    oiChangeByWindow: { '15m': 10, '30m': 20, '1h': null, '4h': 40 },
  }) as OptionChain['rows'][number]['ce'];
const chain = {
  atmStrike: 100,
  rows: [{ strike: 100, ce: leg(1, 1_000, 300), pe: leg(2, 1_500, -100), pcr: null }],
} as unknown as OptionChain;

describe('Option OI rows', () => {
  it('reads each window: look-back from the chain, since open from the first minute, since previous close', () => {
    const openOi = new Map([
      [1, 900],
      [2, 1_600],
    ]);
    const change = (window: Parameters<typeof optionOiRows>[1]) => {
      const [row] = optionOiRows(chain, window, openOi);
      return [row!.ceOiChange, row!.peOiChange];
    };
    expect(change('15m')).toEqual([10, 10]);
    expect(change('1h')).toEqual([null, null]);
    expect(change('open')).toEqual([100, -100]);
    expect(change('prevClose')).toEqual([300, -100]);
  });

  it('gives each strike its PCR, put OI over call OI', () => {
    expect(optionOiRows(chain, '15m', new Map())[0]!.pcr).toBe(1.5);
  });
});
