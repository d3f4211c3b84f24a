import { describe, expect, it } from 'vitest';
import { optionExpiryEpochMs, yearFractionToExpiry } from './expiry-time';

describe('time to expiry', () => {
  it('puts an expiry at 15:30 IST (10:00 UTC) on its date, or at the close given', () => {
    expect(optionExpiryEpochMs('2026-01-27')).toBe(Date.UTC(2026, 0, 27, 10, 0));
    expect(optionExpiryEpochMs('2026-08-25', 15 * 60 + 40)).toBe(Date.UTC(2026, 7, 25, 10, 10));
  });

  it('rejects malformed or impossible dates with NaN', () => {
    expect(optionExpiryEpochMs('2026-02-30')).toBeNaN();
    expect(optionExpiryEpochMs('2026-1-27')).toBeNaN();
    expect(optionExpiryEpochMs('27-01-2026')).toBeNaN();
  });

  it('counts calendar time ACT/365: one day is 1/365, a weekend counts, expired is zero', () => {
    const expiry = optionExpiryEpochMs('2026-01-27');
    expect(yearFractionToExpiry(expiry - 86_400_000, expiry)).toBe(1 / 365);
    // Friday 15:30 to Tuesday 15:30 is four calendar days, weekend included.
    expect(yearFractionToExpiry(optionExpiryEpochMs('2026-01-23'), expiry)).toBeCloseTo(4 / 365, 15);
    expect(yearFractionToExpiry(expiry + 1, expiry)).toBe(0);
    expect(yearFractionToExpiry(Number.NaN, expiry)).toBeNaN();
  });
});
