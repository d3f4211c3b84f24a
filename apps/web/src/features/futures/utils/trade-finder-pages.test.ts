import { describe, expect, it } from 'vitest';
import { lastSessions, pageCount, pageItems } from './trade-finder-pages';

describe('Trade Finder pager', () => {
  const items = Array.from({ length: 19 }, (_, i) => i);
  it('shows eight charts a page, the last page holding the rest', () => {
    expect(pageCount(19)).toBe(3);
    expect(pageItems(items, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(items, 2)).toEqual([16, 17, 18]);
  });
  it('clamps a page beyond the last to the last', () => {
    expect(pageItems(items, 9)).toEqual([16, 17, 18]);
    expect(pageCount(0)).toBe(1);
  });
  it('keeps the candles of the last n sessions', () => {
    const day = 86_400_000;
    const t0 = Date.UTC(2025, 11, 1, 4, 0);
    const candles = [{ t: t0 }, { t: t0 + day }, { t: t0 + day + 300_000 }, { t: t0 + 3 * day }];
    expect(lastSessions(candles, 2).map((c) => c.t)).toEqual([t0 + day, t0 + day + 300_000, t0 + 3 * day]);
  });
});
