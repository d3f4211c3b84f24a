import { describe, expect, it } from 'vitest';
import { firstRefreshAt, nextUpdateSeconds } from './refresh-schedule';

describe('firstRefreshAt', () => {
  it('is about 63 seconds minus the current seconds away: 3 s past the next minute boundary', () => {
    const now = Date.UTC(2026, 10, 20, 4, 30, 17, 250);
    expect(firstRefreshAt(now) - now).toBe(63_000 - 17_250);
  });

  it('waits a whole minute and 3 s when asked exactly on a boundary', () => {
    const now = Date.UTC(2026, 10, 20, 4, 30, 0);
    expect(firstRefreshAt(now) - now).toBe(63_000);
  });
});

describe('Next Update in N sec (spec §2.9: 59 minus the current seconds)', () => {
  it('counts to the minute the refresh (3 s past it) belongs to', () => {
    const minute = Date.UTC(2026, 10, 20, 4, 31);
    const next = minute + 3_000;
    expect(nextUpdateSeconds(next, minute - 60_000)).toBe(59);
    expect(nextUpdateSeconds(next, minute - 60_000 + 15_000)).toBe(44);
    expect(nextUpdateSeconds(next, minute - 500)).toBe(0);
    expect(nextUpdateSeconds(next, minute + 2_000)).toBe(0);
  });
});
