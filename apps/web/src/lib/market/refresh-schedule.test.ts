import { describe, expect, it } from 'vitest';
import { firstRefreshAt } from './refresh-schedule';

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
