import type { FeedServerMessage, FeedTick, UserEntitlements } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { SessionResolver } from '../../platform/auth';
import { NO_ENTITLEMENTS, type EntitlementsProvider } from '../accounts/entitlements';
import { publishTicks, publishUserEvent } from './feed-channels';

/** Sessions that have run out (absolute or idle limit) since their socket signed in. */
const endedSessions = new Set<string>();
const sessions: SessionResolver = {
  resolve: async (secret) => {
    const user = /^secret-of-(u\d)$/.exec(secret)?.[1];
    if (endedSessions.has(secret)) return null;
    return user ? { userId: user, email: `${user}@example.in` } : null;
  },
};

/**
 * u1 has a plan and a broker logged in (live); u2 has a plan only (delayed); u4's live plan ends at `u4PlanEnd`;
 * anyone else has no plan.
 */
const LIVE: UserEntitlements = { ...NO_ENTITLEMENTS, activeSubscription: true, brokerLoggedIn: true };
let u4PlanEnd = 0;
const entitlements: EntitlementsProvider = {
  forUser: async (userId) => {
    if (userId === 'u1') return LIVE;
    if (userId === 'u2') return { ...NO_ENTITLEMENTS, activeSubscription: true };
    if (userId === 'u4' && t.clock.now() < u4PlanEnd) {
      return { ...LIVE, subscriptionValidTill: new Date(u4PlanEnd).toISOString() };
    }
    return NO_ENTITLEMENTS;
  },
};

let t: TestApp;
let url = '';

beforeAll(async () => {
  t = await createTestApp({ sessions, entitlements, logLevel: 'warn' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}/feed/v1`;
});

afterAll(async () => {
  await t.close();
});

/** A feed client that records what it receives and how it was closed. */
async function connect() {
  const ws = new WebSocket(url);
  const received: FeedServerMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as FeedServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let read = 0;
  /** The next message not yet read, waiting up to 3 s for it. */
  const next = async () => {
    const until = Date.now() + 3_000;
    while (received.length <= read) {
      if (Date.now() > until) throw new Error(`expected message ${read + 1}, got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return received[read++];
  };
  const sendJson = (value: unknown) => ws.send(JSON.stringify(value));
  return { ws, received, closed, next, send: sendJson };
}

async function authed(user = 'u1') {
  const c = await connect();
  c.send({ op: 'auth', userid: user, secret: `secret-of-${user}` });
  expect(await c.next()).toEqual({ t: 'ack', op: 'auth' });
  expect(await c.next()).toMatchObject({ t: 'tier' });
  return c;
}

const tick = (token: number, lp: number): FeedTick => ({
  token,
  ts: 1_795_200_000_000,
  lp,
  o: 100,
  h: 110,
  l: 90,
  c: 95,
  vt: 1_500,
  atp: 101.5,
  oi: 75_000,
  oiDayHigh: 76_500,
  oiDayLow: 69_750,
  prev: { lp: 95, oi: 70_000 },
  depth: { buy: [{ p: lp - 0.05, q: 75, o: 1 }], sell: [{ p: lp + 0.05, q: 50, o: 1 }] },
});

async function publishAndFlush(ticks: FeedTick[]) {
  await publishTicks(t.bus, ticks);
  await new Promise((r) => setTimeout(r, 20));
  t.clock.advance(250);
}

describe('/feed/v1 connection rules', () => {
  it('answers 109 and closes with 4409 within a minute of the session running out on its own', async () => {
    const ending = await authed('u7');
    const staying = await authed('u2');
    endedSessions.add('secret-of-u7');
    try {
      for (let second = 0; second < 61 && ending.ws.readyState === WebSocket.OPEN; second++) {
        t.clock.advance(1_000);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(await ending.next()).toEqual({ t: 'error', code: 109, message: 'Your session has expired.' });
      expect((await ending.closed).code).toBe(4409);
      staying.send({ op: 'ping' });
      expect(await staying.next()).toEqual({ t: 'pong' });
    } finally {
      endedSessions.delete('secret-of-u7');
      staying.ws.close();
    }
  });

  it('closes with 4401 when no auth arrives within 15 s', async () => {
    const c = await connect();
    t.clock.advance(14_999);
    c.send({ op: 'ping' });
    expect(await c.next()).toEqual({ t: 'pong' });
    t.clock.advance(1);
    expect((await c.closed).code).toBe(4401);
  });

  it.each([
    ['malformed JSON', '{"op":"auth",'],
    ['an unknown op', JSON.stringify({ op: 'subscribe', tokens: [1] })],
    ['a sub without tokens', JSON.stringify({ op: 'sub', tokens: [] })],
    ['a token that is not a number', JSON.stringify({ op: 'unsub', tokens: ['NIFTY'] })],
  ])('closes with 1003 on %s', async (_name, frame) => {
    const c = await connect();
    c.ws.send(frame);
    expect((await c.closed).code).toBe(1003);
  });

  it('closes with 1003 on a binary frame', async () => {
    const c = await connect();
    c.ws.send(Buffer.from([1, 2, 3]));
    expect((await c.closed).code).toBe(1003);
  });

  it('closes with 1008 when a subscription comes before auth', async () => {
    const c = await connect();
    c.send({ op: 'sub', tokens: [256265], mode: 'ltp' });
    expect((await c.closed).code).toBe(1008);
  });

  it('closes with 1008 on a wrong secret, and on a secret with another user id', async () => {
    const wrong = await connect();
    wrong.send({ op: 'auth', userid: 'u1', secret: 'guess' });
    expect((await wrong.closed).code).toBe(1008);
    const mismatch = await connect();
    mismatch.send({ op: 'auth', userid: 'u2', secret: 'secret-of-u1' });
    expect((await mismatch.closed).code).toBe(1008);
  });

  it('closes with 1008 on flooding', async () => {
    const c = await authed();
    for (let i = 0; i < 60; i++) c.send({ op: 'ping' });
    expect((await c.closed).code).toBe(1008);
  });
});

describe('/feed/v1 subscriptions and ticks', () => {
  it('acks subscriptions and delivers ticks batched per flush, shaped by mode', async () => {
    const ltp = await authed();
    const full = await authed();
    ltp.send({ op: 'sub', tokens: [256265, 260105], mode: 'ltp' });
    expect(await ltp.next()).toEqual({ t: 'ack', op: 'sub', tokens: [256265, 260105] });
    full.send({ op: 'sub', tokens: [256265], mode: 'full' });
    expect(await full.next()).toEqual({ t: 'ack', op: 'sub', tokens: [256265] });

    await publishAndFlush([tick(256265, 25_900.5), tick(260105, 58_100), tick(999, 1)]);

    expect(await ltp.next()).toEqual({
      t: 'ticks',
      d: [
        { token: 256265, ts: 1_795_200_000_000, lp: 25_900.5 },
        { token: 260105, ts: 1_795_200_000_000, lp: 58_100 },
      ],
    });
    expect(await full.next()).toEqual({ t: 'ticks', d: [tick(256265, 25_900.5)] });
    ltp.ws.close();
    full.ws.close();
  });

  it('sends only the latest tick of a token within one flush', async () => {
    const c = await authed();
    c.send({ op: 'sub', tokens: [256265], mode: 'quote' });
    await c.next();
    await publishTicks(t.bus, [tick(256265, 1)]);
    await publishAndFlush([tick(256265, 2)]);
    const msg = await c.next();
    expect(msg).toMatchObject({ t: 'ticks', d: [{ token: 256265, lp: 2 }] });
    expect(msg?.t === 'ticks' && msg.d[0]).not.toHaveProperty('depth');
    c.ws.close();
  });

  it('sends the OI day high and low in quote mode, as additive fields after the OI', async () => {
    const c = await authed();
    c.send({ op: 'sub', tokens: [256265], mode: 'quote' });
    await c.next();
    await publishAndFlush([tick(256265, 3)]);
    const msg = await c.next();
    expect(msg).toMatchObject({ t: 'ticks', d: [{ token: 256265, oi: 75_000, oiDayHigh: 76_500, oiDayLow: 69_750 }] });
    c.ws.close();
  });

  it('stops sending a token after unsub', async () => {
    const c = await authed();
    c.send({ op: 'sub', tokens: [1, 2], mode: 'ltp' });
    await c.next();
    c.send({ op: 'unsub', tokens: [1] });
    expect(await c.next()).toEqual({ t: 'ack', op: 'unsub', tokens: [1] });
    await publishAndFlush([tick(1, 10), tick(2, 20)]);
    expect(await c.next()).toEqual({ t: 'ticks', d: [{ token: 2, ts: 1_795_200_000_000, lp: 20 }] });
    c.ws.close();
  });

  it('refuses more instruments than a connection may hold, keeping the socket open', async () => {
    const c = await authed();
    const tokens = Array.from({ length: 3_000 }, (_, i) => i + 1);
    c.send({ op: 'sub', tokens, mode: 'ltp' });
    expect(await c.next()).toMatchObject({ t: 'ack', op: 'sub' });
    c.send({ op: 'sub', tokens: [5_000], mode: 'ltp' });
    expect(await c.next()).toMatchObject({ t: 'error', code: 400 });
    c.send({ op: 'ping' });
    expect(await c.next()).toEqual({ t: 'pong' });
    c.ws.close();
  });
});

describe('/feed/v1 data tiers', () => {
  it('sends the tier right after the auth ack', async () => {
    const live = await connect();
    live.send({ op: 'auth', userid: 'u1', secret: 'secret-of-u1' });
    expect(await live.next()).toEqual({ t: 'ack', op: 'auth' });
    expect(await live.next()).toEqual({ t: 'tier', tier: 'live', delayMs: 0 });
    const delayed = await connect();
    delayed.send({ op: 'auth', userid: 'u2', secret: 'secret-of-u2' });
    expect(await delayed.next()).toEqual({ t: 'ack', op: 'auth' });
    expect(await delayed.next()).toEqual({ t: 'tier', tier: 'delayed', delayMs: 1_800_000 });
    live.ws.close();
    delayed.ws.close();
  });

  it.each([
    ['u2', 'Login with your broker for real time prices'],
    ['u3', 'You do not have a valid subscription plan.'],
  ])(
    'answers 103 naming the refused tokens to a sub outside the live tier (%s), socket kept open',
    async (user, message) => {
      const c = await authed(user);
      c.send({ op: 'sub', tokens: [256265], mode: 'ltp' });
      expect(await c.next()).toEqual({ t: 'error', code: 103, message, tokens: [256265] });
      await publishAndFlush([tick(256265, 1)]);
      c.send({ op: 'ping' });
      expect(await c.next()).toEqual({ t: 'pong' });
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
      c.ws.close();
    },
  );
});

describe('/feed/v1 plan end', () => {
  it('pushes the new tier when the plan runs out, and stops the ticks', async () => {
    u4PlanEnd = t.clock.now() + 60_000;
    const c = await connect();
    c.send({ op: 'auth', userid: 'u4', secret: 'secret-of-u4' });
    expect(await c.next()).toEqual({ t: 'ack', op: 'auth' });
    expect(await c.next()).toEqual({ t: 'tier', tier: 'live', delayMs: 0 });
    c.send({ op: 'sub', tokens: [256265], mode: 'ltp' });
    expect(await c.next()).toMatchObject({ t: 'ack', op: 'sub' });
    t.clock.advance(60_001);
    expect(await c.next()).toMatchObject({ t: 'tier', tier: 'none' });
    await publishAndFlush([tick(256265, 7)]);
    c.send({ op: 'ping' });
    expect(await c.next()).toEqual({ t: 'pong' });
    c.ws.close();
  });
});

describe('/feed/v1 private events', () => {
  it("delivers a user's events to every socket of that user and to no one else", async () => {
    const [mine, mineToo, other] = [await authed('u1'), await authed('u1'), await authed('u2')];
    await publishUserEvent(t.bus, 'u1', { channel: 'c0ffee', d: { orderId: 'o1', status: 'COMPLETE' } });
    const event = { t: 'event', channel: 'c0ffee', d: { orderId: 'o1', status: 'COMPLETE' } };
    expect(await mine.next()).toEqual(event);
    expect(await mineToo.next()).toEqual(event);
    other.send({ op: 'ping' });
    expect(await other.next()).toEqual({ t: 'pong' });
    for (const c of [mine, mineToo, other]) c.ws.close();
  });
});

describe('/feed/v1 abuse', () => {
  it('closes a client sending 10,000 malformed frames with 1003; the others keep their ticks', async () => {
    const bystander = await authed();
    bystander.send({ op: 'sub', tokens: [256265], mode: 'ltp' });
    await bystander.next();
    const abuser = await authed();
    for (let i = 0; i < 10_000; i++) abuser.ws.send(`{"op":"sub","tokens":[${i}],`);
    expect((await abuser.closed).code).toBe(1003);

    await publishAndFlush([tick(256265, 42)]);
    expect(await bystander.next()).toEqual({ t: 'ticks', d: [{ token: 256265, ts: 1_795_200_000_000, lp: 42 }] });
    bystander.send({ op: 'ping' });
    expect(await bystander.next()).toEqual({ t: 'pong' });
    bystander.ws.close();
  });
});
