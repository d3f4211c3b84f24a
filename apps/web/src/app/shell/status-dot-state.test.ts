import { describe, expect, it } from 'vitest';
import { statusDotState } from './status-dot-state';

// IST is UTC+05:30: 10:00 IST is 04:30 UTC.
const FRIDAY_10_IST = Date.UTC(2026, 10, 20, 4, 30);
const FRIDAY_20_IST = Date.UTC(2026, 10, 20, 14, 30);
const SATURDAY_11_IST = Date.UTC(2026, 10, 21, 5, 30);
const REPUBLIC_DAY_11_IST = Date.UTC(2026, 0, 26, 5, 30);

describe('statusDotState', () => {
  it('is green during market hours with a plan and a broker logged in', () => {
    expect(statusDotState(FRIDAY_10_IST, { activeSubscription: true, brokerLoggedIn: true })).toBe('live');
  });

  it('is orange during market hours when the plan or the broker login is missing', () => {
    expect(statusDotState(FRIDAY_10_IST, { activeSubscription: true, brokerLoggedIn: false })).toBe('partial');
    expect(statusDotState(FRIDAY_10_IST, { activeSubscription: false, brokerLoggedIn: true })).toBe('partial');
  });

  it('is gray outside market hours, on weekends and on holidays, whatever the plan', () => {
    const all = { activeSubscription: true, brokerLoggedIn: true };
    expect(statusDotState(FRIDAY_20_IST, all)).toBe('closed');
    expect(statusDotState(SATURDAY_11_IST, all)).toBe('closed');
    expect(statusDotState(REPUBLIC_DAY_11_IST, all)).toBe('closed');
  });

  it('follows the tier the feed announced over the stored flags', () => {
    const stale = { activeSubscription: true, brokerLoggedIn: false };
    expect(statusDotState(FRIDAY_10_IST, { ...stale, feedTier: 'live' })).toBe('live');
    expect(statusDotState(FRIDAY_10_IST, { activeSubscription: true, brokerLoggedIn: true, feedTier: 'delayed' })).toBe(
      'partial',
    );
  });

  it('is not gray while ticks keep arriving outside the calendar’s hours (a replayed market)', () => {
    expect(statusDotState(SATURDAY_11_IST, { activeSubscription: true, brokerLoggedIn: true, ticking: true })).toBe(
      'live',
    );
  });
});
