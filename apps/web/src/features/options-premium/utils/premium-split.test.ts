import { describe, expect, it } from 'vitest';
import { premiumLeg } from './premium-split';

describe('premium split', () => {
  it('gives an in-the-money call intrinsic S − K and the rest of its premium as time value', () => {
    expect(premiumLeg('ce', 24_400, 150, 24_500)).toEqual({ ltp: 150, intrinsic: 100, time: 50 });
  });

  it('gives an out-of-the-money call no intrinsic value: its whole premium is time value', () => {
    expect(premiumLeg('ce', 24_600, 40, 24_500)).toEqual({ ltp: 40, intrinsic: 0, time: 40 });
  });

  it('gives an in-the-money put intrinsic K − S', () => {
    expect(premiumLeg('pe', 24_600, 130, 24_500)).toEqual({ ltp: 130, intrinsic: 100, time: 30 });
  });

  it('leaves the split unknown without an underlying, and the time value unknown without a price', () => {
    expect(premiumLeg('pe', 24_600, 130, null)).toEqual({ ltp: 130, intrinsic: null, time: null });
    expect(premiumLeg('pe', 24_600, null, 24_500)).toEqual({ ltp: null, intrinsic: 100, time: null });
  });
});
