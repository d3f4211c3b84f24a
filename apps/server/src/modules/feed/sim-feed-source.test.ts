import type { FeedTick } from '@fnodesk/contracts';
import { createFakeClock, istInstant, spotInstrumentToken } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { describe, expect, it } from 'vitest';
import { createMarketClock } from './market-clock';
import { createSimFeedSource } from './sim-feed-source';

const OPEN_MORNING = istInstant('2026-11-20', '11:30') + 400;
const sim = createMarketSim({ seed: 7, now: OPEN_MORNING });
const NIFTY = spotInstrumentToken('NIFTY');

function run(mode: 'live' | 'replay' | 'always', start: number) {
  const clock = createFakeClock(start);
  const batches: FeedTick[][] = [];
  const errors: unknown[] = [];
  const source = createSimFeedSource({
    market: () => sim,
    clock,
    marketClock: createMarketClock(mode),
    onError: (err) => errors.push(err),
  });
  return { clock, batches, errors, source, start: () => source.start((ticks) => batches.push([...ticks])) };
}

describe('sim feed source', () => {
  it('publishes one batch per second during market hours: the sim ticks of the second that just ended', async () => {
    const feed = run('live', OPEN_MORNING);
    await feed.start();
    feed.clock.advance(3_000);
    expect(feed.batches).toHaveLength(3);
    const second = Math.floor(OPEN_MORNING / 1_000) * 1_000 + 1_000;
    expect(feed.batches[0]).toEqual(sim.liveTicks(second));
    expect(feed.batches[0]!.find((t) => t.token === NIFTY)).toEqual(sim.quote(NIFTY, second));
    expect(feed.batches[0]!.length).toBeGreaterThan(200);
    expect(feed.source.status()).toMatchObject({ source: 'sim', connected: true, lastTickAt: second + 2_000 });
    expect(feed.errors).toEqual([]);
    await feed.source.stop();
    feed.clock.advance(3_000);
    expect(feed.batches).toHaveLength(3);
  });

  it('adds wanted instruments outside its live set', async () => {
    const feed = run('live', OPEN_MORNING);
    const live = new Set(sim.liveTicks(OPEN_MORNING).map((t) => t.token));
    const extra = sim
      .instruments(OPEN_MORNING)
      .map((i) => i.instrumentToken)
      .filter((token) => !live.has(token))
      .slice(0, 300);
    feed.source.want(extra);
    await feed.start();
    feed.clock.advance(20_000);
    const seen = new Set(feed.batches.flat().map((t) => t.token));
    const extraSeen = extra.filter((token) => seen.has(token));
    // Instruments tick only in seconds they trade; within 20 s many of the extra ones do.
    expect(extraSeen.length).toBeGreaterThan(30);
    await feed.source.stop();
  });

  it('stays silent outside market hours with the live clock', async () => {
    const feed = run('live', istInstant('2026-11-21', '11:00'));
    await feed.start();
    feed.clock.advance(5_000);
    expect(feed.batches).toEqual([]);
    expect(feed.source.replaying()).toBe(false);
    await feed.source.stop();
  });

  it('replays the last session at night, and says so', async () => {
    const night = istInstant('2026-11-20', '21:00');
    const feed = run('always', night);
    await feed.start();
    feed.clock.advance(2_000);
    expect(feed.batches).toHaveLength(2);
    expect(feed.source.replaying()).toBe(true);
    const ts = feed.batches[1]!.find((t) => t.token === NIFTY)!.ts;
    expect(ts).toBeGreaterThanOrEqual(istInstant('2026-11-20', '09:15'));
    expect(ts).toBeLessThan(istInstant('2026-11-20', '15:40'));
    await feed.source.stop();
  });
});
