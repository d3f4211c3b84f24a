import { Writable } from 'node:stream';
import type { FeedTick } from '@fnodesk/contracts';
import { createFakeClock, FEED_RECONNECT_BOUNDS, systemClock, type Clock, type FakeClock } from '@fnodesk/domain';
import { KiteTicker } from 'kiteconnect';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedValues, startKiteTickerFake, type KiteTickerFake } from '../../../../test/fakes/kite-ticker-fake';
import { ConfigError } from '../../../platform/config';
import { createLogger } from '../../../platform/logger';
import { parseKiteBinary } from './kite-binary.parser';
import { createKiteFeedSource, type KiteFeedSource, type KiteFeedSourceOptions } from './kite-feed-source';
import type { KiteMode } from './kite-packet';
import { kiteQuoteToFeedTick } from './kite-tick.mapper';
import { KiteTickerConnection, type KiteFrame } from './kite-ticker.connection';

// End to end against the local fake ticker (test/fakes/kite-ticker-fake.ts) over real sockets on 127.0.0.1. Most
// cases move a fake clock, so backoff and the 30 s watchdog take milliseconds; one case runs the watchdog in real
// time. The fake sends only when a case calls `tick()` unless it says otherwise.

const API_KEY = 'kite-api-key-canary-5f1c';
const ACCESS_TOKEN = 'kite-access-token-canary-9b27e4d1';
const NIFTY_FUT = 12_073_986; // NFO
const NIFTY = 256_265; // index
const USDINR_FUT = 315_907; // CDS
const T0 = Date.parse('2026-11-20T10:00:00+05:30');

const fakes: KiteTickerFake[] = [];
const sources: KiteFeedSource[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const source of sources.splice(0)) await source.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const fake of fakes.splice(0)) await fake.close();
});

async function fake(options: { tickIntervalMs?: number; heartbeatIntervalMs?: number; now?: () => number } = {}) {
  const f = await startKiteTickerFake({
    apiKey: API_KEY,
    accessToken: ACCESS_TOKEN,
    tickIntervalMs: 0,
    heartbeatIntervalMs: 0,
    now: () => T0,
    ...options,
  });
  fakes.push(f);
  return f;
}

/** A source on `clock` with its log and its ticks captured. */
function source(f: KiteTickerFake, overrides: Partial<KiteFeedSourceOptions> & { clock?: Clock } = {}) {
  const lines: string[] = [];
  const logger = createLogger(
    'trace',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  const ticks: FeedTick[] = [];
  const s = createKiteFeedSource({
    apiKey: API_KEY,
    accessToken: ACCESS_TOKEN,
    tickerUrl: f.url,
    logger,
    clock: createFakeClock(T0),
    random: () => 0.5,
    isMarketOpen: () => true,
    ...overrides,
  });
  sources.push(s);
  const start = () => s.start((batch) => ticks.push(...batch));
  return { s, ticks, logs: () => lines.join(''), start };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits in real time until `condition` holds. */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * Moves the fake clock a second at a time, letting sockets deliver in between and calling `everySecond` first,
 * until `condition` holds; returns the fake time it took.
 */
async function secondsUntil(
  clock: FakeClock,
  condition: () => boolean,
  what: string,
  everySecond: () => void = () => undefined,
  maxMs = 120_000,
): Promise<number> {
  const start = clock.now();
  while (!condition()) {
    if (clock.now() - start > maxMs) throw new Error(`${what} did not happen within ${maxMs} ms of fake time`);
    everySecond();
    clock.advance(1_000);
    for (let i = 0; i < 4 && !condition(); i++) await sleep(5);
  }
  return clock.now() - start;
}

/** The tick the source should publish for a token in round `round` of the fake. */
function expectedTick(token: number, round: number): FeedTick {
  const values = { token, ...generatedValues(token, round, T0) };
  const index = (token & 0xff) === 9;
  const { ohlc, depth } = values;
  const tick: FeedTick = { token, ts: Math.floor(T0 / 1000) * 1000, lp: values.lastPrice };
  Object.assign(tick, { o: ohlc.open, h: ohlc.high, l: ohlc.low, c: ohlc.close, prev: { lp: ohlc.close } });
  if (!index) {
    Object.assign(tick, {
      vt: values.volume,
      atp: values.averagePrice,
      oi: values.oi,
      oiDayHigh: values.oiDayHigh,
      oiDayLow: values.oiDayLow,
      depth: {
        buy: depth.buy.map((l) => ({ p: l.price, q: l.quantity, o: l.orders })),
        sell: depth.sell.map((l) => ({ p: l.price, q: l.quantity, o: l.orders })),
      },
    });
  }
  return tick;
}

describe('Kite feed source against the fake ticker', () => {
  it('connects, subscribes the wanted instruments in full mode and publishes their ticks', async () => {
    const f = await fake();
    const { s, ticks, start } = source(f);
    s.want([NIFTY_FUT, NIFTY, USDINR_FUT]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(USDINR_FUT) === 'full', 'full-mode subscription');
    expect(f.commands().map((c) => c.message)).toEqual([
      { a: 'subscribe', v: [NIFTY_FUT, NIFTY, USDINR_FUT] },
      { a: 'mode', v: ['full', [NIFTY_FUT, NIFTY, USDINR_FUT]] },
    ]);

    f.tick();
    await waitFor(() => ticks.length === 3, 'three ticks');
    expect(ticks).toEqual([expectedTick(NIFTY_FUT, 1), expectedTick(NIFTY, 1), expectedTick(USDINR_FUT, 1)]);
    expect(s.status()).toMatchObject({
      source: 'kite',
      connected: true,
      stale: false,
      problem: null,
      authFailed: false,
      connections: 1,
      tokens: 3,
      lastTickAt: Math.floor(T0 / 1000) * 1000,
    });
  });

  it('subscribes Kite’s tokens for our instruments and publishes ticks under ours', async () => {
    const f = await fake();
    const OUR_NIFTY = 1_000_001;
    const OUR_FUT = 1_000_002;
    const OUR_UNLISTED = 1_000_003;
    const kiteOf = new Map([
      [OUR_NIFTY, NIFTY],
      [OUR_FUT, NIFTY_FUT],
    ]);
    const oursOf = new Map([...kiteOf].map(([ours, kite]) => [kite, ours]));
    const { s, ticks, start } = source(f, {
      loadTokenMap: () =>
        Promise.resolve({ toKite: (t) => kiteOf.get(t), fromKite: (t) => oursOf.get(t), size: kiteOf.size }),
    });
    s.want([OUR_FUT, OUR_NIFTY, OUR_UNLISTED]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY) === 'full', 'full-mode subscription');
    expect(f.commands()[0]?.message).toEqual({ a: 'subscribe', v: [NIFTY_FUT, NIFTY] });
    expect(s.status().unmappedTokens).toBe(1);

    f.tick();
    await waitFor(() => ticks.length === 2, 'two ticks');
    expect(ticks.map((t) => t.token)).toEqual([OUR_FUT, OUR_NIFTY]);
    expect(ticks[0]).toEqual({ ...expectedTick(NIFTY_FUT, 1), token: OUR_FUT });
  });

  it('subscribes nothing while the instrument list cannot be loaded, and says so without the token', async () => {
    const f = await fake();
    let calls = 0;
    const { s, start, logs } = source(f, {
      loadTokenMap: () => {
        calls += 1;
        return Promise.reject(new Error(`refused ${ACCESS_TOKEN}`));
      },
    });
    s.want([NIFTY_FUT, NIFTY]);
    await start();
    await waitFor(() => calls === 1 && logs().includes('kite instrument list could not be loaded'), 'a failed load');
    await sleep(200);
    expect(f.commands()).toEqual([]);
    expect(s.status().unmappedTokens).toBe(2);
    expect(logs()).not.toContain(ACCESS_TOKEN);
  });

  it('follows want(): unsubscribes what is no longer wanted and subscribes what is new', async () => {
    const f = await fake();
    const { s, ticks, start } = source(f);
    s.want([NIFTY_FUT, NIFTY]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY) === 'full', 'first subscription');
    s.want([NIFTY, USDINR_FUT]);
    await waitFor(() => f.subscriptions()[0]?.get(USDINR_FUT) === 'full', 'second subscription');
    expect(f.lastCommands(3).map((c) => c.message)).toEqual([
      { a: 'unsubscribe', v: [NIFTY_FUT] },
      { a: 'subscribe', v: [USDINR_FUT] },
      { a: 'mode', v: ['full', [USDINR_FUT]] },
    ]);
    f.tick();
    await waitFor(() => ticks.length === 2, 'ticks');
    expect(ticks.map((t) => t.token).sort()).toEqual([NIFTY, USDINR_FUT].sort());
  });

  it('surfaces text messages as events and keeps credentials out of a logged ticker error', async () => {
    const f = await fake();
    const events: unknown[] = [];
    const { s, logs, start } = source(f, { onEvent: (event) => events.push(event) });
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => f.connectionCount() === 1 && s.status().connected, 'connection');
    f.sendText({ type: 'order', data: { order_id: '1', status: 'COMPLETE' } });
    f.sendText({ type: 'error', data: `token ${ACCESS_TOKEN} rejected` });
    f.sendText({ type: 'message', data: 'hello' });
    await waitFor(() => events.length === 3, 'three events');
    expect(events).toEqual([
      { kind: 'order', data: { order_id: '1', status: 'COMPLETE' } },
      { kind: 'error', message: `token ${ACCESS_TOKEN} rejected` },
      { kind: 'message', data: 'hello' },
    ]);
    expect(logs()).toContain('kite ticker error message');
    expect(logs()).not.toContain(ACCESS_TOKEN);
  });

  it('keeps reading when the sink or the event listener throws', async () => {
    const f = await fake();
    const { s, logs } = source(f, {
      onEvent: () => {
        throw new Error('listener broke');
      },
    });
    let batches = 0;
    s.want([NIFTY_FUT]);
    await s.start(() => {
      batches += 1;
      throw new Error('sink broke');
    });
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY_FUT) === 'full', 'subscription');
    f.sendText({ type: 'message', data: 'hello' });
    f.tick();
    f.tick();
    await waitFor(() => batches === 2, 'both batches offered to the sink');
    expect(logs().match(/tick sink failed/g)).toHaveLength(1);
    expect(logs()).toContain('kite ticker event listener failed');
    expect(s.status()).toMatchObject({ connected: true, lastTickAt: Math.floor(T0 / 1000) * 1000 });
  });

  it('skips garbled frames, counts them, logs each kind once and keeps delivering', async () => {
    const f = await fake();
    const { s, ticks, logs, start } = source(f);
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY_FUT) === 'full', 'subscription');
    for (let i = 0; i < 5; i++) f.sendBinary(Uint8Array.of(0, 3, 0, 8, 1, 2)); // 3 packets announced, 1 cut
    f.sendText('not json at all');
    f.tick();
    await waitFor(() => ticks.length === 1, 'the tick after the garbage');
    expect(s.status().rejected).toEqual({ TRUNCATED_MESSAGE: 5, MALFORMED_TEXT: 1 });
    expect(logs().match(/frame skipped/g)).toHaveLength(2);
    expect(s.status().connected).toBe(true);
  });

  it('keeps each instrument in time order when a tick without exchange time is followed by an earlier one', async () => {
    const f = await fake();
    const { s, ticks, start } = source(f); // its clock reads T0
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY_FUT) === 'full', 'subscription');
    const values = generatedValues(NIFTY_FUT, 1, T0);
    f.setValues(NIFTY_FUT, { ...values, exchangeTime: null });
    f.tick();
    await waitFor(() => ticks.length === 1, 'first tick');
    f.setValues(NIFTY_FUT, { ...values, exchangeTime: T0 - 2_000 });
    f.tick();
    await waitFor(() => ticks.length === 2, 'second tick');
    expect(ticks.map((t) => t.ts)).toEqual([T0, T0]);
  });

  it('starts again after a stop, with the instruments it wanted', async () => {
    const f = await fake();
    const { s, ticks, start } = source(f);
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY_FUT) === 'full', 'first subscription');
    await s.stop();
    await waitFor(() => f.connectionCount() === 0, 'the stop');
    expect(s.status()).toMatchObject({ connected: false, connections: 0 });
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY_FUT) === 'full', 'second subscription');
    f.tick();
    await waitFor(() => ticks.length === 1, 'a tick');
    expect(f.connectionsAccepted()).toBe(2);
  });

  it('refuses to be built without credentials or with a URL that is not a WebSocket URL', () => {
    const logger = createLogger('silent');
    const base = { apiKey: API_KEY, accessToken: ACCESS_TOKEN, tickerUrl: 'wss://ws.kite.trade', logger };
    expect(() => createKiteFeedSource({ ...base, accessToken: '' })).toThrow(ConfigError);
    expect(() => createKiteFeedSource({ ...base, tickerUrl: 'https://ws.kite.trade' })).toThrow(
      'KITE_TICKER_URL: expected a URL starting with ws:// or wss://',
    );
    expect(() => createKiteFeedSource(base)).not.toThrow();
  });

  it('opens a second connection above 3,000 instruments and spreads them', async () => {
    const f = await fake();
    const { s, ticks, start } = source(f);
    const tokens = Array.from({ length: 3_500 }, (_, i) => (50_000 + i) * 256 + 2);
    s.want(tokens);
    await start();
    await waitFor(
      () => f.connectionCount() === 2 && f.subscriptions().reduce((n, m) => n + m.size, 0) === 3_500,
      'two connections holding every instrument',
    );
    expect(
      f
        .subscriptions()
        .map((m) => m.size)
        .sort(),
    ).toEqual([3_000, 500].sort());
    f.tick();
    await waitFor(() => ticks.length === 3_500, 'a tick per instrument', 10_000);
    expect(new Set(ticks.map((t) => t.token)).size).toBe(3_500);
    expect(s.status()).toMatchObject({ connections: 2, openConnections: 2, tokens: 3_500, unservedTokens: 0 });
  });

  it('holds no more than the connections an API key may open, and closes a connection emptied by want()', async () => {
    const f = await fake();
    const { s, start } = source(f, { limits: { maxTokensPerConnection: 2, maxConnections: 2 } });
    s.want([1 * 256 + 2, 2 * 256 + 2, 3 * 256 + 2, 4 * 256 + 2, 5 * 256 + 2]);
    await start();
    await waitFor(() => f.connectionCount() === 2, 'two connections');
    expect(s.status()).toMatchObject({ connections: 2, tokens: 4, unservedTokens: 1 });
    s.want([1 * 256 + 2]);
    await waitFor(() => f.connectionCount() === 1, 'the emptied connection closed');
    expect(s.status()).toMatchObject({ connections: 1, tokens: 1, unservedTokens: 0 });
  });

  it('reconnects after the server drops the connection and resubscribes with modes', async () => {
    const f = await fake();
    const clock = createFakeClock(T0);
    const { s, ticks, start } = source(f, { clock });
    s.want([NIFTY_FUT, NIFTY]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY) === 'full', 'subscription');

    f.dropConnections();
    await waitFor(() => !s.status().connected, 'the drop to be noticed');
    expect(s.status().problem).toBe('DISCONNECTED');
    const took = await secondsUntil(clock, () => f.subscriptions()[0]?.get(NIFTY) === 'full', 'resubscription');
    expect(took).toBeLessThanOrEqual(2_000); // first retry after 1 s (±30 %)
    expect(f.connectionsAccepted()).toBe(2);
    expect(f.lastCommands(2).map((c) => c.message)).toEqual([
      { a: 'subscribe', v: [NIFTY_FUT, NIFTY] },
      { a: 'mode', v: ['full', [NIFTY_FUT, NIFTY]] },
    ]);
    f.tick();
    await waitFor(() => ticks.length === 2, 'ticks after the reconnect');
    expect(s.status()).toMatchObject({ connected: true, problem: null, reconnects: 1 });
  });

  it('keeps retrying with growing delays while the server is down', async () => {
    const f = await fake();
    const clock = createFakeClock(T0);
    const { s, start } = source(f, { clock, tickerUrl: 'ws://127.0.0.1:9' });
    await start();
    await waitFor(() => s.status().connectionProblems[0] === 'NETWORK_ERROR', 'the refused connection');
    expect(s.status()).toMatchObject({ connected: false, problem: 'DISCONNECTED' });
    expect(clock.pending()).toBeGreaterThan(0);
    expect(f.connectionsAccepted()).toBe(0);
  });

  it('refuses a bad access token: no ticks, status says so, backoff continues, the token is never logged', async () => {
    const f = await fake();
    const clock = createFakeClock(T0);
    const wrongToken = 'expired-access-token-canary-77c1';
    const { s, ticks, logs, start } = source(f, { clock, accessToken: wrongToken });
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => s.status().authFailed, 'the auth failure');
    expect(s.status()).toMatchObject({ connected: false, problem: 'AUTH_FAILED', connectionProblems: ['AUTH_FAILED'] });
    f.tick();

    await secondsUntil(clock, () => f.handshakesRefused() >= 4, 'three more attempts');
    expect(s.status().authFailed).toBe(true);
    expect(ticks).toEqual([]);
    expect(f.connectionsAccepted()).toBe(0);
    const log = logs();
    expect(log).toContain('kite ticker connection lost');
    expect(log).toContain('"httpStatus":403');
    expect(log).not.toContain(wrongToken);
    expect(log).not.toContain(API_KEY);
    expect(log).not.toContain('access_token=');
  });
});

describe('Kite liveness watchdog', () => {
  it('detects a frozen ticker within 45 s of market time, reconnects, resubscribes and is stale until data flows', async () => {
    const f = await fake();
    const clock = createFakeClock(T0);
    const { s, ticks, start } = source(f, { clock });
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => f.subscriptions()[0]?.get(NIFTY_FUT) === 'full', 'subscription');

    // A minute of ticks every second: a live ticker is left alone.
    for (let i = 0; i < 60; i++) {
      f.tick();
      clock.advance(1_000);
      await waitFor(() => ticks.length === i + 1, `tick ${i + 1}`);
    }
    expect(f.connectionsAccepted()).toBe(1);

    f.freeze();
    let sawStale = false;
    const took = await secondsUntil(
      clock,
      () => f.connectionsAccepted() === 2 && f.subscriptions().some((m) => m.get(NIFTY_FUT) === 'full'),
      'the reconnect',
      () => {
        f.tick();
        sawStale ||= s.status().stale;
      },
    );
    expect(took).toBeGreaterThanOrEqual(30_000);
    expect(took).toBeLessThanOrEqual(45_000);
    expect(sawStale).toBe(true);
    expect(s.status()).toMatchObject({ connected: true, stale: true, problem: 'STALE', connectionProblems: [null] });

    const before = ticks.length;
    f.tick();
    await waitFor(() => ticks.length === before + 1, 'ticks on the new connection');
    expect(s.status()).toMatchObject({ connected: true, stale: false, problem: null, reconnects: 1 });
  });

  it('leaves a silent ticker alone while the market is closed', async () => {
    const f = await fake();
    const clock = createFakeClock(T0);
    const { s, start } = source(f, { clock, isMarketOpen: () => false });
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => s.status().connected, 'connection');
    f.freeze();
    for (let i = 0; i < 120; i++) clock.advance(1_000);
    await sleep(50);
    expect(f.connectionsAccepted()).toBe(1);
    expect(s.status()).toMatchObject({ connected: true, stale: false });
  });

  it('starts the silence window at the open, not at the last data before it', async () => {
    const f = await fake();
    const clock = createFakeClock(T0);
    let open = false;
    const { s, start } = source(f, { clock, isMarketOpen: () => open });
    s.want([NIFTY_FUT]);
    await start();
    await waitFor(() => s.status().connected, 'connection');
    f.freeze();
    for (let i = 0; i < 600; i++) clock.advance(1_000); // ten quiet minutes before the open
    open = true;
    for (let i = 0; i < 25; i++) clock.advance(1_000);
    await sleep(50);
    expect(f.connectionsAccepted()).toBe(1);
    for (let i = 0; i < 10; i++) clock.advance(1_000);
    await waitFor(() => f.connectionsAccepted() === 1 && s.status().stale, 'the watchdog after 30 s of open market');
  });

  it(
    'catches a frozen ticker with the real 30 s default in under 45 s of wall time (slow: about 32 s)',
    { timeout: 60_000 },
    async () => {
      const f = await fake({ tickIntervalMs: 1_000, heartbeatIntervalMs: 1_000, now: () => Date.now() });
      const { s, ticks, start } = source(f, { clock: systemClock, random: Math.random });
      s.want([NIFTY_FUT]);
      await start();
      await waitFor(() => ticks.length > 0, 'the first tick', 5_000);
      f.freeze();
      const frozenAt = Date.now();
      await waitFor(() => s.status().stale, 'the watchdog', 45_000);
      await waitFor(() => f.connectionsAccepted() === 2 && s.status().connected, 'the reconnect', 45_000);
      const count = ticks.length;
      await waitFor(() => ticks.length > count, 'ticks on the new connection', 5_000);
      const took = Date.now() - frozenAt;
      expect(took).toBeGreaterThanOrEqual(30_000);
      expect(took).toBeLessThan(45_000);
      expect(s.status()).toMatchObject({ stale: false, problem: null });
    },
  );
});

describe('one ticker connection in each mode', () => {
  it('receives LTP, quote and full packets for stocks and indices as subscribed', async () => {
    const f = await fake();
    const frames: KiteFrame[] = [];
    const connection = new KiteTickerConnection(
      1,
      {
        tickerUrl: f.url,
        apiKey: API_KEY,
        accessToken: ACCESS_TOKEN,
        clock: createFakeClock(T0),
        random: () => 0.5,
        isMarketOpen: () => true,
        watchdogMs: 30_000,
        watchdogCheckMs: 1_000,
        backoff: FEED_RECONNECT_BOUNDS,
        handshakeTimeoutMs: 5_000,
        log: createLogger('silent'),
      },
      { frame: (_c, frame) => frames.push(frame) },
    );
    cleanups.push(() => connection.stop());
    const byMode: Array<[KiteMode, number[]]> = [
      ['ltp', [1 * 256 + 2, 1 * 256 + 9]],
      ['quote', [2 * 256 + 2, 2 * 256 + 9]],
      ['full', [3 * 256 + 2, 3 * 256 + 9]],
    ];
    for (const [mode, tokens] of byMode) connection.subscribe(tokens, mode);
    const given = { lastPrice: 101.35, ohlc: { open: 100, high: 102, low: 99.5, close: 100.5 } };
    f.setValues(2 * 256 + 9, given);
    connection.start();
    await waitFor(() => f.subscriptions()[0]?.get(3 * 256 + 9) === 'full', 'modes set');
    f.tick();
    await waitFor(() => frames.length === 1, 'one message');
    const frame = frames[0];
    if (!frame || !('binary' in frame)) throw new Error('expected a binary frame');
    const quotes = parseKiteBinary(frame.binary).quotes;
    expect(quotes.map((q) => [q.token, q.mode, q.tradable])).toEqual([
      [1 * 256 + 2, 'ltp', true],
      [1 * 256 + 9, 'ltp', false],
      [2 * 256 + 2, 'quote', true],
      [2 * 256 + 9, 'quote', false],
      [3 * 256 + 2, 'full', true],
      [3 * 256 + 9, 'full', false],
    ]);
    expect(frame.binary.byteLength).toBe(2 + 6 * 2 + 8 + 8 + 44 + 28 + 184 + 32);
    expect(quotes[3]).toMatchObject({ lastPrice: 101.35, ohlc: given.ohlc });
    expect(kiteQuoteToFeedTick(quotes[4]!, 0).depth?.buy).toHaveLength(5);
  });
});

describe('the fake ticker speaks what the kiteconnect SDK understands', () => {
  it("the SDK's own KiteTicker and this source read the same values from the same round", async () => {
    const f = await fake();
    const { s, ticks, start } = source(f);
    s.want([NIFTY_FUT, NIFTY]);
    await start();

    type SdkTick = { instrument_token: number; last_price: number; ohlc?: object; oi?: number; volume_traded?: number };
    const sdkTicks: SdkTick[] = [];
    // reconnect: false — the SDK exits the process when it gives up reconnecting.
    // `root` is read by the SDK's constructor (dist/lib/ticker.js) but missing from its typings.
    const params = { api_key: API_KEY, access_token: ACCESS_TOKEN, root: `${f.url}/`, reconnect: false };
    const sdk = new KiteTicker(params);
    sdk.on('ticks', (batch: SdkTick[]) => sdkTicks.push(...batch));
    sdk.on('connect', () => {
      sdk.subscribe([NIFTY_FUT, NIFTY]);
      sdk.setMode(sdk.modeFull, [NIFTY_FUT, NIFTY]);
    });
    sdk.connect();
    cleanups.push(() => sdk.disconnect());

    await waitFor(
      () => f.subscriptions().length === 2 && f.subscriptions().every((m) => m.get(NIFTY) === 'full'),
      'both clients subscribed in full mode',
    );
    f.tick();
    await waitFor(() => ticks.length === 2 && sdkTicks.length === 2, 'both clients received the round');
    for (const ours of ticks) {
      const theirs = sdkTicks.find((t) => t.instrument_token === ours.token);
      expect(theirs?.last_price).toBe(ours.lp);
      expect(theirs?.ohlc).toEqual({ open: ours.o, high: ours.h, low: ours.l, close: ours.c });
      expect(theirs?.oi).toBe(ours.oi);
      expect(theirs?.volume_traded).toBe(ours.vt);
    }
  });
});
