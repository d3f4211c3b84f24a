import { describe, expect, it } from 'vitest';
import { banLists, daysInBan, mwplRows, type MwplAnswer } from './ban-list-rows';

const answer = (date: string, uses: Record<string, number>, banned: string[]): MwplAnswer => ({
  date,
  banned,
  entrants: [],
  exits: [],
  securities: Object.entries(uses).map(([symbol, utilisation]) => ({
    symbol,
    mwpl: 1_000,
    openInterest: Math.round(utilisation * 1_000),
    utilisation,
    limitForNextDay: 0,
  })),
});

describe('ban list', () => {
  const today = answer('2026-11-27', { ABC: 0.97, DEF: 0.86, GHI: 0.5, JKL: 0.82 }, ['ABC', 'JKL']);
  const previous = answer('2026-11-26', { ABC: 0.96, DEF: 0.8, GHI: 0.55, JKL: 0.9 }, ['ABC', 'JKL']);
  const history = [previous, answer('2026-11-25', {}, ['ABC']), answer('2026-11-24', {}, [])];

  it('MWPL % is open interest over the limit in per cent, beside the previous session’s and the difference', () => {
    const rows = mwplRows(today, previous, history);
    expect(rows.find((row) => row.symbol === 'DEF')).toMatchObject({
      mwplPercent: 86,
      prevMwplPercent: 80,
      difference: 6,
    });
    // Largest move first.
    expect(rows[0]?.symbol).toBe('JKL');
  });

  it('a stock at or above the watch level that is not banned is a possible entrant', () => {
    const lists = banLists(mwplRows(today, previous), today.banned ?? []);
    expect(lists.possibleEntrants.map((row) => row.symbol)).toEqual(['DEF']);
  });

  it('a banned stock whose use fell under the watch level is a possible exit; the rest stay banned', () => {
    const lists = banLists(mwplRows(today, previous), today.banned ?? []);
    expect(lists.possibleExits.map((row) => row.symbol)).toEqual(['JKL']);
    expect(lists.banned.map((row) => row.symbol)).toEqual(['ABC', 'JKL']);
  });

  it('days in ban count today and the consecutive banned sessions before it', () => {
    expect(daysInBan('ABC', history)).toBe(2);
    const rows = mwplRows(today, previous, history);
    expect(rows.find((row) => row.symbol === 'ABC')?.daysInBan).toBe(3);
    expect(rows.find((row) => row.symbol === 'JKL')?.daysInBan).toBe(2);
    expect(rows.find((row) => row.symbol === 'DEF')?.daysInBan).toBe(0);
  });

  it('a stock missing from the previous session has no previous use or difference', () => {
    const rows = mwplRows(answer('2026-11-27', { NEW: 0.3 }, []), previous);
    expect(rows[0]).toMatchObject({ prevMwplPercent: null, difference: null });
  });
});
