import { FEED_CLOSE, FEED_MAX_TOKENS_PER_OP, type FeedTick } from '@fnodesk/contracts';
import { createFakeClock, type FakeClock } from '@fnodesk/domain';
import { describe, expect, it, vi } from 'vitest';
import { createFeedClient, type FeedClientDeps, type SessionCheckResult } from './feed-client';
import type { FeedSocketHandlers } from './feed-socket';

/** A socket the test drives: it records what the client sends and lets the test play the server. */
class FakeSocket {
  readonly sent: unknown[] = [];
  closedWith: number | undefined;
  private opened = false;
  constructor(
    readonly url: string,
    private readonly handlers: FeedSocketHandlers,
  ) {}
  send(text: string): void {
    // As a browser's WebSocket does.
    if (!this.opened)
      throw new Error("InvalidStateError: Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.");
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000): void {
    this.closedWith = code;
  }
  open(): void {
    this.opened = true;
    this.handlers.onOpen();
  }
  serverSends(frame: unknown): void {
    this.handlers.onMessage(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  serverCloses(code: number): void {
    this.handlers.onClose(code);
  }
  /** Frames sent with the given op. */
  ops(op: string): Array<Record<string, unknown>> {
    return this.sent.filter((f): f is Record<string, unknown> => (f as { op?: string }).op === op);
  }
}

interface Harness {
  clock: FakeClock;
  sockets: FakeSocket[];
  log: ReturnType<typeof vi.fn>;
  checkSession: ReturnType<typeof vi.fn<() => Promise<SessionCheckResult>>>;
  onSessionExpired: ReturnType<typeof vi.fn>;
  client: ReturnType<typeof createFeedClient>;
  last(): FakeSocket;
}

function harness(overrides: Partial<FeedClientDeps> = {}): Harness {
  const clock = createFakeClock(Date.UTC(2026, 10, 20, 4, 30));
  const sockets: FakeSocket[] = [];
  const log = vi.fn();
  const checkSession = vi.fn<() => Promise<SessionCheckResult>>(() => Promise.resolve('valid'));
  const onSessionExpired = vi.fn();
  const client = createFeedClient({
    urls: ['ws://a/feed/v1', 'ws://b/feed/v1'],
    createSocket: (url, handlers) => {
      const socket = new FakeSocket(url, handlers);
      sockets.push(socket);
      return socket;
    },
    clock,
    credentials: () => ({ userid: 'u1', secret: 's3cret' }),
    checkSession,
    onSessionExpired,
    random: () => 0.5,
    log,
    ...overrides,
  });
  return {
    clock,
    sockets,
    log,
    checkSession,
    onSessionExpired,
    client,
    last: () => {
      const socket = sockets.at(-1);
      if (socket === undefined) throw new Error('no socket opened');
      return socket;
    },
  };
}

/** Opens the latest socket and acknowledges the auth, as the gateway does. */
function accept(h: Harness): FakeSocket {
  const socket = h.last();
  socket.open();
  socket.serverSends({ t: 'ack', op: 'auth' });
  socket.serverSends({ t: 'tier', tier: 'live', delayMs: 0 });
  return socket;
}

const tick = (token: number, ts: number, lp: number): FeedTick => ({ token, ts, lp });

describe('feed client connection', () => {
  it('opens nothing until something is subscribed, then authenticates before subscribing', () => {
    const h = harness();
    expect(h.sockets).toHaveLength(0);

    h.client.subscribe([256265], 'quote');
    expect(h.sockets).toHaveLength(1);
    h.last().open();

    expect(h.last().sent).toEqual([
      { op: 'auth', userid: 'u1', secret: 's3cret' },
      { op: 'sub', tokens: [256265], mode: 'quote' },
    ]);
    h.last().serverSends({ t: 'ack', op: 'auth' });
    expect(h.client.status().connection).toBe('open');
  });

  it('sends subscriptions made while the socket is still connecting once it opens', () => {
    const h = harness();
    // A page mounting several charts: the first holder opens the socket, the others' flush comes before it opens.
    h.client.subscribe([1], 'quote');
    h.client.subscribe([2], 'quote');
    h.clock.advance(0);
    h.client.subscribe([3], 'ltp');
    h.clock.advance(10);
    expect(h.log).not.toHaveBeenCalledWith('feed send failed', expect.anything());
    h.last().open();

    expect(h.last().sent).toEqual([
      { op: 'auth', userid: 'u1', secret: 's3cret' },
      { op: 'sub', tokens: [1, 2], mode: 'quote' },
      { op: 'sub', tokens: [3], mode: 'ltp' },
    ]);
  });

  it('does not connect while nobody is signed in', () => {
    const h = harness({ credentials: () => null });
    h.client.subscribe([1], 'ltp');
    expect(h.sockets).toHaveLength(0);
    expect(h.client.status().connection).toBe('idle');
  });

  it('batches the subscriptions of one turn into one request per mode', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    socket.sent.length = 0;

    h.client.subscribe([2, 3], 'ltp');
    h.client.subscribe([4], 'ltp');
    h.client.subscribe([5], 'full');
    expect(socket.ops('sub')).toHaveLength(0);
    h.clock.advance(0);

    expect(socket.ops('sub')).toEqual([
      { op: 'sub', tokens: [2, 3, 4], mode: 'ltp' },
      { op: 'sub', tokens: [5], mode: 'full' },
    ]);
  });

  it(`splits a subscription larger than ${FEED_MAX_TOKENS_PER_OP} tokens into several requests`, () => {
    const h = harness();
    const tokens = Array.from({ length: FEED_MAX_TOKENS_PER_OP + 10 }, (_, i) => i + 1);
    h.client.subscribe(tokens, 'ltp');
    h.last().open();
    const subs = h.last().ops('sub');
    expect(subs.map((s) => (s['tokens'] as number[]).length)).toEqual([FEED_MAX_TOKENS_PER_OP, 10]);
  });

  it('counts holders: subscribes on the first, unsubscribes only when the last leaves', () => {
    const h = harness();
    const releaseA = h.client.subscribe([7], 'ltp');
    const socket = accept(h);
    const releaseB = h.client.subscribe([7], 'ltp');
    h.clock.advance(0);
    expect(socket.ops('sub')).toHaveLength(1);

    releaseA();
    releaseA();
    h.clock.advance(0);
    expect(socket.ops('unsub')).toHaveLength(0);

    releaseB();
    h.clock.advance(0);
    expect(socket.ops('unsub')).toEqual([{ op: 'unsub', tokens: [7] }]);
  });

  it('asks again in the wider mode when a second holder wants more, and sends nothing for a narrower one', () => {
    const h = harness();
    h.client.subscribe([7], 'ltp');
    const socket = accept(h);
    h.client.subscribe([7], 'quote');
    h.client.subscribe([7], 'ltp');
    h.clock.advance(0);
    expect(socket.ops('sub')).toEqual([
      { op: 'sub', tokens: [7], mode: 'ltp' },
      { op: 'sub', tokens: [7], mode: 'quote' },
    ]);
  });

  it('subscribes and releases within one turn without telling the server', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    socket.sent.length = 0;
    const release = h.client.subscribe([9], 'ltp');
    release();
    h.clock.advance(0);
    expect(socket.sent).toEqual([]);
  });

  it('closes the idle connection a while after the last subscription goes', () => {
    const h = harness();
    const release = h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    release();
    h.clock.advance(29_000);
    expect(socket.closedWith).toBeUndefined();
    h.clock.advance(1_000);
    expect(socket.closedWith).toBe(1000);
    expect(h.client.status().connection).toBe('idle');
  });
});

describe('feed client reconnects', () => {
  it('reconnects after a close with growing delays between 1 s and 20 s, rotating the URLs', () => {
    const h = harness({ random: () => 1 });
    h.client.subscribe([1], 'ltp');
    const opened: Array<[number, string]> = [];
    const start = h.clock.now();
    for (let i = 0; i < 8; i++) {
      opened.push([h.clock.now() - start, h.last().url]);
      h.last().serverCloses(1006);
      const before = h.sockets.length;
      while (h.sockets.length === before) h.clock.advance(100);
    }
    const gaps = opened.slice(1).map(([t], i) => t - (opened[i]?.[0] ?? 0));
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 20_000, 20_000]);
    expect(opened.map(([, url]) => url)).toEqual([
      'ws://a/feed/v1',
      'ws://b/feed/v1',
      'ws://a/feed/v1',
      'ws://b/feed/v1',
      'ws://a/feed/v1',
      'ws://b/feed/v1',
      'ws://a/feed/v1',
      'ws://b/feed/v1',
    ]);
  });

  it('reads the URLs at each connect when given a function (they may arrive with the configuration)', () => {
    let urls = ['ws://same-origin/feed/v1'];
    const h = harness({ urls: () => urls });
    h.client.subscribe([1], 'ltp');
    expect(h.last().url).toBe('ws://same-origin/feed/v1');
    urls = ['ws://a/feed/v1', 'ws://b/feed/v1'];
    h.last().serverCloses(1006);
    h.clock.advance(1_000);
    expect(h.last().url).toBe('ws://b/feed/v1');
  });

  it('starts the backoff again after a successful authentication', () => {
    const h = harness({ random: () => 1 });
    h.client.subscribe([1], 'ltp');
    h.last().serverCloses(1006);
    h.clock.advance(1_000);
    h.last().serverCloses(1006);
    h.clock.advance(2_000);
    accept(h);
    expect(h.client.status().reconnectAttempt).toBe(0);
    h.last().serverCloses(1012);
    const before = h.sockets.length;
    h.clock.advance(999);
    expect(h.sockets).toHaveLength(before);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(before + 1);
  });

  it('resubscribes everything held after a reconnect, in each holder’s mode', () => {
    const h = harness();
    h.client.subscribe([1, 2], 'ltp');
    h.client.subscribe([3], 'quote');
    accept(h);
    h.last().serverCloses(FEED_CLOSE.RESTART);
    h.clock.advance(1_000);
    const second = h.last();
    expect(h.sockets).toHaveLength(2);
    second.open();
    expect(second.sent).toEqual([
      { op: 'auth', userid: 'u1', secret: 's3cret' },
      { op: 'sub', tokens: [1, 2], mode: 'ltp' },
      { op: 'sub', tokens: [3], mode: 'quote' },
    ]);
  });

  it('pings every 25 s and reconnects when nothing answers within 5 s', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    h.clock.advance(25_000);
    expect(socket.ops('ping')).toHaveLength(1);
    socket.serverSends({ t: 'pong' });
    h.clock.advance(25_000);
    expect(socket.ops('ping')).toHaveLength(2);
    h.clock.advance(4_999);
    expect(socket.closedWith).toBeUndefined();
    h.clock.advance(1);
    expect(socket.closedWith).toBe(1000);
    expect(h.log).toHaveBeenCalledWith('feed pong timed out', expect.anything());
    h.clock.advance(1_000);
    expect(h.sockets).toHaveLength(2);
  });

  it('gives up on a connection whose auth is not acknowledged within 5 s', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    h.last().open();
    h.clock.advance(5_000);
    expect(h.sockets[0]?.closedWith).toBe(1000);
    h.clock.advance(1_000);
    expect(h.sockets).toHaveLength(2);
  });

  it('ignores a dropped socket’s late events', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const first = accept(h);
    first.serverCloses(1006);
    h.clock.advance(1_000);
    const second = accept(h);
    first.serverSends({ t: 'ticks', d: [tick(1, 5, 100)] });
    first.serverCloses(1006);
    expect(h.client.tick(1)).toBeUndefined();
    expect(h.client.status().connection).toBe('open');
    second.serverSends({ t: 'ticks', d: [tick(1, 5, 100)] });
    expect(h.client.tick(1)?.lp).toBe(100);
  });
});

describe('feed client ticks and errors', () => {
  it('keeps the latest tick per held token and never steps back in time', () => {
    const h = harness();
    h.client.subscribe([1, 2], 'ltp');
    const socket = accept(h);
    const changes = vi.fn();
    h.client.onChange(changes);
    socket.serverSends({ t: 'ticks', d: [tick(1, 2_000, 101), tick(2, 2_000, 50), tick(99, 2_000, 1)] });
    socket.serverSends({ t: 'ticks', d: [tick(1, 1_000, 90)] });

    expect(h.client.tick(1)?.lp).toBe(101);
    expect(h.client.tick(2)?.lp).toBe(50);
    expect(h.client.tick(99)).toBeUndefined();
    expect(h.client.status().lastTickAt).toBe(h.clock.now());
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('keeps the OI day high and low of quote ticks (additive tick fields)', () => {
    const h = harness();
    h.client.subscribe([7], 'quote');
    const socket = accept(h);
    socket.serverSends({ t: 'ticks', d: [{ ...tick(7, 1_000, 210), oi: 9_000, oiDayHigh: 9_750, oiDayLow: 8_250 }] });
    expect(h.client.tick(7)).toMatchObject({ oi: 9_000, oiDayHigh: 9_750, oiDayLow: 8_250 });
  });

  it('exposes the tier the gateway announces', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    h.last().open();
    h.last().serverSends({ t: 'tier', tier: 'delayed', delayMs: 1_800_000 });
    expect(h.client.status().tier).toEqual({ tier: 'delayed', delayMs: 1_800_000 });
  });

  it('on 103 keeps the socket open and marks the refused tokens denied until the tier changes', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    socket.serverSends({ t: 'ack', op: 'sub', tokens: [1] });
    h.client.subscribe([2, 3], 'ltp');
    h.clock.advance(0);
    socket.serverSends({ t: 'error', code: 103, message: 'Permission denied' });

    expect(socket.closedWith).toBeUndefined();
    expect(h.client.isDenied(1)).toBe(false);
    expect(h.client.isDenied(2)).toBe(true);
    expect(h.client.isDenied(3)).toBe(true);

    socket.sent.length = 0;
    socket.serverSends({ t: 'tier', tier: 'delayed', delayMs: 1_800_000 });
    h.clock.advance(0);
    expect(h.client.isDenied(2)).toBe(false);
    expect(socket.ops('sub')).toEqual([{ op: 'sub', tokens: [2, 3], mode: 'ltp' }]);
  });

  it('settles a sub refused for the connection limit (400) so a later 103 refers to the right request', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    h.client.subscribe([2], 'ltp');
    h.clock.advance(0);
    socket.serverSends({ t: 'error', code: 400, message: 'At most 3000 instruments per connection.' });
    socket.serverSends({ t: 'error', code: 103, message: 'Permission denied' });
    expect(h.client.isDenied(1)).toBe(false);
    expect(h.client.isDenied(2)).toBe(true);
  });

  it('on 103 naming its tokens denies exactly those', () => {
    const h = harness();
    h.client.subscribe([1, 2], 'ltp');
    const socket = accept(h);
    socket.serverSends({ t: 'error', code: 103, message: 'Permission denied', tokens: [2] });
    expect(h.client.isDenied(1)).toBe(false);
    expect(h.client.isDenied(2)).toBe(true);
  });

  it('on 109 checks the session and reconnects while it is still valid', async () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    socket.serverSends({ t: 'error', code: 109, message: 'Session expired' });
    socket.serverCloses(FEED_CLOSE.SESSION_EXPIRED);
    expect(h.checkSession).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(h.client.status().connection).toBe('waiting'));
    await Promise.resolve();
    h.clock.advance(1_000);
    expect(h.sockets).toHaveLength(2);
    expect(h.onSessionExpired).not.toHaveBeenCalled();
  });

  it('on 109 with the session gone (403) stops and hands over to the login page', async () => {
    const h = harness();
    h.checkSession.mockResolvedValue('expired');
    h.client.subscribe([1], 'ltp');
    accept(h).serverSends({ t: 'error', code: 109, message: 'Session expired' });
    await vi.waitFor(() => expect(h.onSessionExpired).toHaveBeenCalledTimes(1));
    expect(h.client.status().connection).toBe('expired');
    h.clock.advance(60_000);
    expect(h.sockets).toHaveLength(1);

    h.client.restart();
    expect(h.sockets).toHaveLength(2);
  });

  it('treats a close 4409 without the 109 frame the same way', async () => {
    const h = harness();
    h.checkSession.mockResolvedValue('expired');
    h.client.subscribe([1], 'ltp');
    accept(h).serverCloses(FEED_CLOSE.SESSION_EXPIRED);
    await vi.waitFor(() => expect(h.onSessionExpired).toHaveBeenCalledTimes(1));
  });

  it('logs malformed server frames and carries on', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    socket.serverSends('not json{');
    socket.serverSends({ t: 'ticks', d: [{ token: 'x' }] });
    socket.serverSends({ t: 'mystery' });
    socket.serverSends('');
    expect(h.log).toHaveBeenCalledWith('feed frame is not JSON', expect.anything());
    expect(h.log).toHaveBeenCalledWith('feed frame not understood', expect.anything());
    expect(socket.closedWith).toBeUndefined();
    socket.serverSends({ t: 'ticks', d: [tick(1, 1, 10)] });
    expect(h.client.tick(1)?.lp).toBe(10);
  });

  it('never logs the secret', () => {
    const h = harness();
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    socket.serverSends('garbage');
    socket.serverCloses(1006);
    socket.serverSends({ t: 'error', code: 500, message: 'x' });
    expect(JSON.stringify(h.log.mock.calls)).not.toContain('s3cret');
  });

  it('flags a token stale after 10 s without ticks while the market is open, and clears it on the next tick', () => {
    let open = true;
    const h = harness({ isMarketOpen: () => open });
    h.client.subscribe([1], 'ltp');
    const socket = accept(h);
    h.clock.advance(10_000);
    expect(h.client.isStale(1)).toBe(false);
    h.clock.advance(1_000);
    expect(h.client.isStale(1)).toBe(true);
    socket.serverSends({ t: 'ticks', d: [tick(1, 1, 10)] });
    expect(h.client.isStale(1)).toBe(false);

    open = false;
    h.clock.advance(60_000);
    expect(h.client.isStale(1)).toBe(false);
  });

  it('passes the user’s private events to their listeners', () => {
    const h = harness();
    const events = vi.fn();
    h.client.onEvent(events);
    h.client.subscribe([1], 'ltp');
    accept(h).serverSends({ t: 'event', channel: 'orders', d: { id: 1 } });
    expect(events).toHaveBeenCalledWith('orders', { id: 1 });
  });
});
