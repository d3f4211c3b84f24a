import type { FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { averageMove, indexContribution, indexMove, withLiveMoves, type IndexComposition } from './index-contribution';

const index: IndexComposition = {
  index: 'NIFTY 50',
  token: 256265,
  // Previous close 20,000; +1 %.
  close: 20_200,
  changePercent: 1,
  advances: 2,
  declines: 1,
  constituents: [
    { symbol: 'BBB', token: 2, sector: 'IT', weight: 30, changePercent: 2 },
    { symbol: 'AAA', token: 1, sector: 'Banks', weight: 50, changePercent: 1 },
    { symbol: 'CCC', token: 3, sector: 'Energy', weight: 20, changePercent: -0.5 },
  ],
};

describe('points contribution', () => {
  it('points = weight/100 × change/100 × the index’s previous close', () => {
    const { rows } = indexContribution(index, 3);
    expect(rows.map((row) => [row.symbol, row.points])).toEqual([
      ['AAA', 100],
      ['BBB', 120],
      ['CCC', -20],
    ]);
  });

  it('the running sum adds each heavier row, and the total equals the index change when weights sum to 100', () => {
    const contribution = indexContribution(index, 2);
    expect(contribution.rows.map((row) => row.runningPoints)).toEqual([100, 220]);
    expect(contribution.shownPoints).toBe(220);
    expect(contribution.otherPoints).toBe(-20);
    expect(contribution.totalPoints).toBe(200);
    expect(contribution.move.change).toBe(200);
  });

  it('an unknown move contributes nothing and shows no points', () => {
    const gap = { ...index, constituents: [{ ...index.constituents[0]!, changePercent: null }] };
    expect(indexContribution(gap, 1).rows[0]).toMatchObject({ points: null, runningPoints: 0 });
    expect(indexMove({ ...index, close: null }).change).toBeNull();
  });

  it('a sector’s average move is the plain mean of its constituents’ moves', () => {
    expect(averageMove(index)).toBe(0.83);
  });

  it('live ticks replace the moves against the previous close and recount advances and declines', () => {
    const tick = (token: number, lp: number, c: number) => ({ token, ts: 0, lp, c }) as FeedTick;
    const live = withLiveMoves(
      index,
      new Map([
        [3, tick(3, 102, 100)],
        [256265, tick(256265, 20_100, 20_000)],
      ]),
    );
    expect(live.constituents[2]?.changePercent).toBe(2);
    expect(live.changePercent).toBe(0.5);
    expect(live.close).toBe(20_100);
    expect([live.advances, live.declines]).toEqual([3, 0]);
  });
});
