import { createFakeClock } from '@fnodesk/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryHub, type Bus } from '../../platform/bus';
import { publishTicks, tickShardOf } from './feed-channels';
import { flatTick, startLiveGateway, subscribedFeedClient } from '../../../test/feed-client';
import { until } from '../../../test/process-helpers';

// When a gateway on Redis flushes: a batch published at once arrives as one message per tick shard, spread over a
// few milliseconds, and goes out to each client as one frame; a stream that never pauses is not held back longer
// than the gathering limit. The bus here is the in-process hub presenting itself as Redis, with each shard's
// message published at its own instant of the gateway's fake clock.

const FLUSH_MS = 100;
/** The gateway's longest wait for a burst to end. */
const BURST_MAX_MS = 50;
const hub = createMemoryHub(() => undefined);
const publisher = hub.connect();
const clock = createFakeClock(Date.UTC(2026, 10, 20, 4, 0));
const A = 256_265;
const B = 260_105;

function redisLike(inner: Bus): Bus {
  return { ...inner, driver: 'redis' };
}

let app: FastifyInstance;
let url = '';

beforeAll(async () => {
  expect(tickShardOf(A)).not.toBe(tickShardOf(B));
  ({ app, url } = await startLiveGateway({ bus: redisLike(hub.connect()), clock, flushMs: FLUSH_MS }));
});

afterAll(async () => {
  await app.close();
});

/** A live-tier client subscribed to A and B, with the last prices of each tick frame it received. */
async function subscribed() {
  const { ws, got } = await subscribedFeedClient(url, [A, B]);
  const frames = () => got.flatMap((m) => (m.t === 'ticks' ? [m.d.map((tick) => tick.lp)] : []));
  return { ws, frames };
}

const framesArrived = (c: { frames: () => unknown[] }, count: number) =>
  until(() => c.frames().length >= count, 3_000, `tick frame ${count}`);

const tick = (token: number, lp: number) => flatTick(token, lp, clock.now());

/** Publishes one tick (its shard's message) and lets the bus hand it to the gateway. */
async function arrive(token: number, lp: number) {
  await publishTicks(publisher, [tick(token, lp)]);
  await new Promise((r) => setImmediate(r));
}

/** Moves the gateway's clock and gives any frame written meanwhile time to arrive. */
async function advance(ms: number) {
  clock.advance(ms);
  await new Promise((r) => setTimeout(r, 30));
}

describe('gateway flush on a bus that delivers shard by shard', () => {
  it("sends a batch's shards that arrive a millisecond apart as one frame, once the bus is quiet", async () => {
    const c = await subscribed();
    await advance(1_000);
    await arrive(A, 1);
    await advance(1);
    await arrive(B, 2);
    await advance(1);
    expect(c.frames()).toEqual([]);
    await advance(2);
    await framesArrived(c, 1);
    expect(c.frames()).toEqual([[1, 2]]);
    c.ws.close();
  });

  it('holds ticks that keep coming for at most 50 ms, then keeps one frame per flush interval', async () => {
    const c = await subscribed();
    await advance(1_000);
    for (let ms = 0; ms < BURST_MAX_MS + 10; ms++) {
      await arrive(ms % 2 === 0 ? A : B, 100 + ms);
      await advance(1);
    }
    // The first frame went out 50 ms after the first tick, with the latest of each token up to then (ms 48, 49).
    await framesArrived(c, 1);
    expect(c.frames()).toEqual([[148, 149]]);
    // The next one a flush interval later, with the ticks of ms 50–59.
    await advance(FLUSH_MS - 15);
    expect(c.frames()).toHaveLength(1);
    await advance(10);
    await framesArrived(c, 2);
    expect(c.frames()[1]).toEqual([158, 159]);
    c.ws.close();
  });

  it('does not hold a batch back while another client has stopped reading', async () => {
    const reader = await subscribed();
    // A client that stops reading, holding 400 other instruments in full mode (about 180 KB a frame): a hundred
    // flushes fill the kernel's buffers on both sides of its socket, and its queue then stays backed up.
    const tokens = Array.from({ length: 400 }, (_, i) => 1_000 + i);
    const stalled = await subscribedFeedClient(url, tokens, 'full');
    stalled.ws.pause();
    for (let i = 0; i < 100; i++) {
      await publishTicks(
        publisher,
        tokens.map((token) => tick(token, 100 + i)),
      );
      await new Promise((r) => setImmediate(r));
      await advance(FLUSH_MS);
    }
    // The gateway looks at the backed-up client once per flush interval; halfway to its next look, a tick comes
    // for the reader. It goes out once the bus is quiet, not at that next look.
    await advance(FLUSH_MS + FLUSH_MS / 2);
    await arrive(A, 7);
    await advance(5);
    await framesArrived(reader, 1);
    expect(reader.frames()).toEqual([[7]]);
    reader.ws.close();
    stalled.ws.terminate();
  }, 30_000);
});
