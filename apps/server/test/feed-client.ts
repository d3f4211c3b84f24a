import type { FeedMode, FeedServerMessage, FeedTick } from '@fnodesk/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { WebSocket } from 'ws';
import { NO_ENTITLEMENTS } from '../src/modules/accounts/entitlements';
import { registerFeedGateway, type FeedGatewayOptions } from '../src/modules/feed/feed.gateway';
import { until } from './process-helpers';

/**
 * A feed gateway listening on 127.0.0.1 whose only user, u1 (`secret-of-u1`), has the live tier; `options` give
 * the bus and clock and may set the rest. Returns the app (to close) and the feed's URL.
 */
export async function startLiveGateway(
  options: Pick<FeedGatewayOptions, 'bus' | 'clock'> & Partial<FeedGatewayOptions>,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  await registerFeedGateway(app, {
    logger: pino({ level: 'warn' }),
    sessions: { resolve: async (secret) => (secret === 'secret-of-u1' ? { userId: 'u1', email: 'u1@x.in' } : null) },
    entitlements: { forUser: async () => ({ ...NO_ENTITLEMENTS, activeSubscription: true, brokerLoggedIn: true }) },
    tiers: { delaySubscribedMs: 1_800_000, refreshMs: 60_000 },
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { app, url: `ws://127.0.0.1:${address.port}/feed/v1` };
}

/** A feed client signed in as u1 and subscribed to `tokens` (see {@link startLiveGateway}), keeping what it receives. */
export async function subscribedFeedClient(url: string, tokens: readonly number[], mode: FeedMode = 'ltp') {
  const ws = new WebSocket(url);
  const got: FeedServerMessage[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data: Buffer) => got.push(JSON.parse(data.toString()) as FeedServerMessage));
  await new Promise<void>((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ op: 'auth', userid: 'u1', secret: 'secret-of-u1' }));
  await until(() => got.some((m) => m.t === 'tier'), 3_000, 'the tier message');
  ws.send(JSON.stringify({ op: 'sub', tokens, mode }));
  await until(() => got.some((m) => m.t === 'ack' && m.op === 'sub'), 3_000, 'the subscription ack');
  return { ws, got, closed };
}

/** A full tick at `ts` whose prices are all `lp`, with five levels of depth a tick apart. */
export function flatTick(token: number, lp: number, ts: number): FeedTick {
  return {
    token,
    ts,
    lp,
    o: lp,
    h: lp,
    l: lp,
    c: lp,
    vt: 1_000,
    atp: lp,
    oi: 50_000,
    prev: { lp, oi: 50_000 },
    depth: {
      buy: Array.from({ length: 5 }, (_, i) => ({ p: lp - i * 0.05, q: 75 * (i + 1), o: i + 1 })),
      sell: Array.from({ length: 5 }, (_, i) => ({ p: lp + i * 0.05, q: 75 * (i + 1), o: i + 1 })),
    },
  };
}
