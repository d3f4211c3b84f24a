import { describe, expect, it } from 'vitest';
import { isInQuikTradePeriod } from './quiktrade-periods';
import { daysLeft, periodFor, validityMonths } from './subscription-period';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);

describe('subscription periods', () => {
  it('starts a first purchase now and runs for its days', () => {
    expect(periodFor(NOW, 30, null)).toEqual({ startsAtMs: NOW, endsAtMs: NOW + 30 * DAY });
  });

  it('starts a renewal when the current validity ends', () => {
    const end = NOW + 5 * DAY;
    expect(periodFor(NOW, 30, end)).toEqual({ startsAtMs: end, endsAtMs: end + 30 * DAY });
  });

  it('ignores a validity that has already ended', () => {
    expect(periodFor(NOW, 7, NOW - DAY).startsAtMs).toBe(NOW);
  });

  it('counts days left rounded up, and none once ended', () => {
    expect(daysLeft(NOW, NOW + 2 * 3_600_000)).toBe(1);
    expect(daysLeft(NOW, NOW + 3 * DAY)).toBe(3);
    expect(daysLeft(NOW, NOW)).toBe(0);
  });

  it('labels validity in months', () => {
    expect(validityMonths(180)).toBe(6);
    expect(validityMonths(360)).toBe(12);
    expect(validityMonths(7)).toBe(0);
  });

  it('filters QuikTrade packages by period as spec §4 says', () => {
    expect(isInQuikTradePeriod('QT01', '1M')).toBe(true);
    expect(isInQuikTradePeriod('QT04', '1M')).toBe(true);
    expect(isInQuikTradePeriod('QT02', '6M')).toBe(true);
    expect(isInQuikTradePeriod('QT05', '6M')).toBe(true);
    expect(isInQuikTradePeriod('QT03', '1Y')).toBe(true);
    expect(isInQuikTradePeriod('QT06', '1Y')).toBe(true);
    expect(isInQuikTradePeriod('QT01', '1Y')).toBe(false);
  });
});
