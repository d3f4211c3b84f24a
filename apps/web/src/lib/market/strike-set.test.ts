import { describe, expect, it } from 'vitest';
import { DEFAULT_STRIKE_SET, strikeSetCount, strikeSetOfCount, strikesInSet } from './strike-set';

const LADDER = [24_300, 24_350, 24_400, 24_450, 24_500, 24_550, 24_600];

describe('strike set', () => {
  it('shows ATM ±n listed strikes around the ATM strike', () => {
    expect(strikesInSet(LADDER, 24_450, { ...DEFAULT_STRIKE_SET, around: 2 })).toEqual([
      24_350, 24_400, 24_450, 24_500, 24_550,
    ]);
  });

  it('shows only the ATM strike with Only ATM, whatever n is', () => {
    expect(strikesInSet(LADDER, 24_450, { ...DEFAULT_STRIKE_SET, onlyAtm: true, around: 3 })).toEqual([24_450]);
  });

  it('shows fewer strikes on the side where the ladder ends', () => {
    expect(strikesInSet(LADDER, 24_350, { ...DEFAULT_STRIKE_SET, around: 3 })).toEqual([
      24_300, 24_350, 24_400, 24_450, 24_500,
    ]);
  });

  it('shows every strike when ATM is unknown', () => {
    expect(strikesInSet(LADDER, null, DEFAULT_STRIKE_SET)).toEqual(LADDER);
  });

  it('covers 2n + 1 strikes, one with Only ATM, at most 15, and reads back from a count', () => {
    expect(strikeSetCount(DEFAULT_STRIKE_SET)).toBe(11);
    expect(strikeSetCount({ ...DEFAULT_STRIKE_SET, onlyAtm: true })).toBe(1);
    expect(strikeSetCount({ ...DEFAULT_STRIKE_SET, around: 20 })).toBe(15);
    expect(strikeSetOfCount(11, { ce: true, pe: false })).toEqual({ ce: true, pe: false, onlyAtm: false, around: 5 });
    expect(strikeSetOfCount(1, { ce: true, pe: true }).onlyAtm).toBe(true);
  });
});
