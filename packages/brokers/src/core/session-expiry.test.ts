import { describe, expect, it } from 'vitest';
import { nextIstSixAm } from './session-expiry';

describe('broker token expiry', () => {
  it('expires a token from the afternoon at 06:00 IST the next morning', () => {
    expect(nextIstSixAm(new Date('2026-11-20T09:30:00Z')).toISOString()).toBe('2026-11-21T00:30:00.000Z');
  });

  it('expires a token from 05:59 IST the same morning and one from 06:00 IST a day later', () => {
    expect(nextIstSixAm(new Date('2026-11-20T00:29:00Z')).toISOString()).toBe('2026-11-20T00:30:00.000Z');
    expect(nextIstSixAm(new Date('2026-11-20T00:30:00Z')).toISOString()).toBe('2026-11-21T00:30:00.000Z');
  });

  it('crosses month and year ends on the IST calendar', () => {
    // 31-Dec-2026 23:50 IST is still 31-Dec in India though 18:20 UTC.
    expect(nextIstSixAm(new Date('2026-12-31T18:20:00Z')).toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });
});
