import { RecentringSimulationSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

// The test clock: Fri 20-Nov-2026 09:30 IST (live tier): the last closed session is Thu 19-Nov.
let c: DataClient;

beforeAll(async () => {
  c = await liveTierDataClient('recentring');
});

afterAll(async () => {
  await c.t.close();
});

describe('recentring-sim', () => {
  it('simulates a short ATM straddle over the last 20 closed sessions, oldest first, with P&L after charges', async () => {
    const run = await c.data(RecentringSimulationSchema, 'recentring-sim?name=NIFTY&move=50&lots=2');
    expect(run.sessions).toHaveLength(20);
    expect(run.sessions.at(-1)!.date).toBe('2026-11-19');
    expect(run.quantity).toBe(2 * run.lotSize);
    for (const [i, session] of run.sessions.entries()) {
      if (i > 0) expect(session.date > run.sessions[i - 1]!.date).toBe(true);
      expect(session.ceStrike).toBe(session.peStrike);
      expect(session.expiry >= session.date).toBe(true);
      // Each adjustment buys back two legs and sells two; entry and exit are two orders each.
      expect(session.orders).toBe(4 + 4 * session.adjustments);
      expect(session.charges).toBeGreaterThan(0);
      expect(session.netPnl).toBeCloseTo(session.grossPnl - session.charges, 2);
      expect(session.maxDrawdown).toBeGreaterThanOrEqual(0);
    }
    const net = run.sessions.reduce((total, session) => total + session.netPnl, 0);
    expect(run.totals.netPnl).toBeCloseTo(net, 1);
    expect(run.totals.adjustments).toBe(run.sessions.reduce((total, session) => total + session.adjustments, 0));
  });

  it('re-centres more often on a tighter move and sells a strangle width strikes either side', async () => {
    const tight = await c.data(RecentringSimulationSchema, 'recentring-sim?name=NIFTY&move=30&sessions=5');
    const loose = await c.data(RecentringSimulationSchema, 'recentring-sim?name=NIFTY&move=300&sessions=5');
    expect(tight.totals.adjustments).toBeGreaterThan(loose.totals.adjustments);
    const strangle = await c.data(RecentringSimulationSchema, 'recentring-sim?name=NIFTY&width=2&sessions=3');
    for (const session of strangle.sessions) expect(session.ceStrike! - session.peStrike!).toBeGreaterThan(0);
    expect(strangle.totals.adjustments).toBe(0);
  });

  it.each([
    ['an unknown underlying', 'name=NOPE'],
    ['a ratio of 1 or less', 'name=NIFTY&ratio=1'],
    ['more than 20 sessions', 'name=NIFTY&sessions=21'],
    ['a negative move', 'name=NIFTY&move=-5'],
  ])('refuses %s with a 400', async (_, query) => {
    const res = await c.get(`recentring-sim?${query}`);
    expect(res.status).toBe(400);
  });
});
