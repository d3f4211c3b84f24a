import type { OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { defaultStraddleStrikes, MAX_STRADDLES, straddleSessionFigures, toggleStrike } from './multi-straddle';

const chainOf = (strikes: number[], atm: number) =>
  ({ atmStrike: atm, rows: strikes.map((strike) => ({ strike })) }) as unknown as OptionChain;

describe('Multi Straddle', () => {
  it('starts from ATM and two strikes either side, clipped to the chain', () => {
    expect(defaultStraddleStrikes(chainOf([1, 2, 3, 4, 5, 6, 7], 4))).toEqual([2, 3, 4, 5, 6]);
    expect(defaultStraddleStrikes(chainOf([1, 2, 3], 1))).toEqual([1, 2, 3]);
  });

  it('toggles strikes, never holding more than the limit', () => {
    const full = Array.from({ length: MAX_STRADDLES }, (_, i) => i * 10);
    expect(toggleStrike(full, 999)).toEqual(full);
    expect(toggleStrike(full, 0)).toHaveLength(MAX_STRADDLES - 1);
    expect(toggleStrike([30, 10], 20)).toEqual([10, 20, 30]);
  });

  it('reads the change since open from the first and last values, and OI as both legs’ OI', () => {
    const point = (t: number, value: number) => ({
      t,
      ce: value / 2,
      pe: value / 2,
      value,
      atp: value - 1,
      ceOi: 5,
      peOi: 7,
    });
    expect(straddleSessionFigures([point(1, 100), point(2, 90)])).toEqual({
      open: 100,
      last: 90,
      sinceOpen: -10,
      atp: 89,
      oi: 12,
    });
    expect(straddleSessionFigures([]).sinceOpen).toBeNull();
  });
});
