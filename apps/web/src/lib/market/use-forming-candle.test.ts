import type { Candle } from '@fnodesk/contracts';
import { createFakeClock } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { fakeFeed } from '../../test/fake-feed';
import { followFormingCandle } from './use-forming-candle';

const NIFTY = 256265;
const MIN = 60_000;
// Friday 20-Nov-2026 10:00 IST opens a 5-minute candle.
const OPEN = Date.UTC(2026, 10, 20, 4, 30);
const last: Candle = { t: OPEN, o: 24_000, h: 24_010, l: 23_990, c: 24_005, v: 0, atp: 0, oi: 0 };

describe('following a forming candle', () => {
  it("hands over the candle each tick moves, from the history's last candle on, until stopped", () => {
    const clock = createFakeClock(OPEN + MIN);
    const { client, server } = fakeFeed(clock);
    const release = client.subscribe([NIFTY], 'quote');
    const shown: Candle[] = [];
    const stop = followFormingCandle(
      client,
      (feed) => feed.tick(NIFTY),
      { resolution: '5m', exchange: 'NSE' },
      last,
      (candle) => shown.push(candle),
    );
    server().onOpen();
    server().onMessage(JSON.stringify({ t: 'ack', op: 'auth' }));
    const tick = (ts: number, lp: number) =>
      server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: NIFTY, ts, lp }] }));

    tick(OPEN + MIN, 24_020);
    expect(shown).toEqual([{ ...last, h: 24_020, c: 24_020 }]);
    // A change of the feed that leaves the tick as it was moves nothing.
    server().onMessage(JSON.stringify({ t: 'tier', tier: 'live', delayMs: 0 }));
    expect(shown).toHaveLength(1);
    // The next bucket opens a new candle.
    tick(OPEN + 5 * MIN, 23_980);
    expect(shown.at(-1)).toMatchObject({ t: OPEN + 5 * MIN, o: 23_980, c: 23_980 });

    stop();
    tick(OPEN + 6 * MIN, 23_970);
    expect(shown).toHaveLength(2);
    release();
  });
});
