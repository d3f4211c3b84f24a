import { systemClock } from '@fnodesk/domain';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMemoryHub, type Bus } from '../../platform/bus';
import { publishTicks, tickChannel, tickShardOf } from './feed-channels';
import { startWantsCollector } from './feed-wants';
import { flatTick, startLiveGateway, subscribedFeedClient } from '../../../test/feed-client';
import { until } from '../../../test/process-helpers';

// The gateway's use of the bus: it listens only to the tick shards its clients need and tells the ingest which
// tokens those are; a client that stops reading is dropped while the others keep getting their ticks, whether its
// queue fills up or the kernel's buffers still hide that it reads nothing (its pings go unanswered).

const hub = createMemoryHub(() => undefined);
const publisher = hub.connect();
/** Active subscriptions of the gateway's bus, per channel. */
const active = new Map<string, number>();

function spyingBus(inner: Bus): Bus {
  return {
    driver: inner.driver,
    publish: (channel, message) => inner.publish(channel, message),
    async subscribe(channel, handler) {
      const stop = await inner.subscribe(channel, handler);
      active.set(channel, (active.get(channel) ?? 0) + 1);
      let live = true;
      return async () => {
        if (live) active.set(channel, (active.get(channel) ?? 1) - 1);
        live = false;
        await stop();
      };
    },
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}

const tickChannelsListened = () =>
  [...active].filter(([channel, count]) => channel.startsWith('feed.ticks.') && count > 0).map(([c]) => c);

let app: FastifyInstance;
let url = '';
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

beforeAll(async () => {
  ({ app, url } = await startLiveGateway({
    bus: spyingBus(hub.connect()),
    clock: systemClock,
    logger: pino({ level: 'warn' }, logSink),
    flushMs: 50,
    maxBufferedBytes: 256 * 1024,
    maxStallMs: 2_000,
    pingEveryMs: 500,
  }));
});

afterAll(async () => {
  await app.close();
});

/** A live-tier client subscribed to `tokens`, keeping what it receives. */
const subscribed = (tokens: number[], mode: 'ltp' | 'full' = 'ltp') => subscribedFeedClient(url, tokens, mode);

const tick = (token: number, lp: number) => flatTick(token, lp, Date.now());

type FeedClient = Awaited<ReturnType<typeof subscribed>>;

/**
 * Once the stalled client is dropped: the reader still gets more than `frames` tick messages within `ms` and stays
 * open, and the stalled client, reading again, finds its connection cut.
 */
async function expectOnlyStalledCut(reader: FeedClient, stalled: FeedClient, ms: number, frames: number) {
  const before = reader.got.filter((m) => m.t === 'ticks').length;
  await new Promise((r) => setTimeout(r, ms));
  expect(reader.got.filter((m) => m.t === 'ticks').length).toBeGreaterThan(before + frames);
  expect(reader.ws.readyState).toBe(WebSocket.OPEN);
  stalled.ws.resume();
  expect(await stalled.closed).toBe(1006);
}

describe('gateway on the bus', () => {
  it('listens to the shard of each wanted token only, and stops when the last client leaves it', async () => {
    expect(tickChannelsListened()).toEqual([]);
    const a = await subscribed([256265]);
    await until(() => tickChannelsListened().length === 1, 3_000, 'one tick shard listened to');
    expect(tickChannelsListened()).toEqual([tickChannel(tickShardOf(256265))]);
    const b = await subscribed([256265, 260105]);
    await until(() => tickChannelsListened().length === 2, 3_000, 'two tick shards listened to');
    a.ws.close();
    await a.closed;
    expect(tickChannelsListened()).toHaveLength(2);
    b.ws.send(JSON.stringify({ op: 'unsub', tokens: [256265, 260105] }));
    await until(() => tickChannelsListened().length === 0, 3_000, 'no tick shard listened to');
    b.ws.close();
  });

  it('tells the ingest role which tokens its clients want', async () => {
    const seen: (readonly number[])[] = [];
    const collector = await startWantsCollector({
      bus: hub.connect(),
      clock: systemClock,
      onChange: (tokens) => seen.push([...tokens].sort()),
      onError: () => undefined,
    });
    const c = await subscribed([111, 222]);
    await until(() => seen.some((s) => s.length === 2), 3_000, 'both tokens announced');
    expect(seen.at(-1)).toEqual([111, 222]);
    c.ws.close();
    await until(() => seen.at(-1)?.length === 0, 3_000, 'no token announced');
    await collector.stop();
  });

  it('drops a client that stops reading, while another on the same tokens keeps receiving', async () => {
    const tokens = Array.from({ length: 400 }, (_, i) => 1_000 + i);
    const reader = await subscribed(tokens, 'full');
    const stalled = await subscribed(tokens, 'full');
    stalled.ws.pause();
    let price = 100;
    const pump = setInterval(() => {
      price += 0.05;
      void publishTicks(
        publisher,
        tokens.map((token) => tick(token, price)),
      );
    }, 20);
    try {
      await until(
        () => logLines.some((line) => line.includes('dropping a slow client')),
        20_000,
        'the slow client dropped',
      );
      // The reader was served all along: ticks of the last half second arrived.
      await expectOnlyStalledCut(reader, stalled, 500, 3);
    } finally {
      clearInterval(pump);
      reader.ws.close();
      stalled.ws.terminate();
    }
  }, 30_000);

  it('drops a client that stops reading while its queue is still empty, when its ping goes unanswered', async () => {
    // One token's last price twenty times a second: a kilobyte or so a second, far from filling the socket's
    // buffers, so the gateway's queue for the stalled client stays empty throughout.
    const reader = await subscribed([4_242]);
    const stalled = await subscribed([4_242]);
    const logged = logLines.length;
    const drops = () => logLines.slice(logged).filter((line) => line.includes('dropping a slow client'));
    stalled.ws.pause();
    const pausedAt = Date.now();
    let price = 100;
    const pump = setInterval(() => {
      price += 0.05;
      void publishTicks(publisher, [tick(4_242, price)]);
    }, 50);
    try {
      await until(() => drops().length > 0, 6_000, 'the stalled client dropped');
      const droppedAfter = Date.now() - pausedAt;
      // Not before it had read nothing for the stall limit (2 s), and within a ping interval (0.5 s) or so after.
      expect(droppedAfter).toBeGreaterThanOrEqual(2_000);
      expect(droppedAfter).toBeLessThan(3_500);
      const line = JSON.parse(drops()[0]!) as { buffered: number; unansweredMs: number };
      expect(line.buffered).toBe(0);
      expect(line.unansweredMs).toBeGreaterThanOrEqual(2_000);
      // The reader answered its pings all along and is still served.
      await expectOnlyStalledCut(reader, stalled, 300, 2);
      expect(drops()).toHaveLength(1);
    } finally {
      clearInterval(pump);
      reader.ws.close();
      stalled.ws.terminate();
    }
  }, 15_000);
});
