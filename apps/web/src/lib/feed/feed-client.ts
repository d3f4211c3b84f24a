import {
  FEED_CLOSE,
  FEED_ERROR,
  FEED_MAX_TOKENS_PER_OP,
  FeedServerMessageSchema,
  type DataTier,
  type FeedMode,
  type FeedServerMessage,
  type FeedTick,
} from '@fnodesk/contracts';
import { reconnectDelay, type Clock, type TimerHandle } from '@fnodesk/domain';
import type { CreateFeedSocket, FeedSocket } from './feed-socket';
import { SubscriptionBook, widerFeedMode } from './subscription-book';

/** Timings of the feed client; the defaults are the spec's (signed-in §9) and ARCHITECTURE §3's. */
export interface FeedClientSettings {
  /** First reconnect delay; doubled per failed attempt (with jitter) up to `maxReconnectMs`. */
  minReconnectMs: number;
  maxReconnectMs: number;
  /** How long the server has to acknowledge `auth` after the socket is asked to open. */
  requestTimeoutMs: number;
  pingIntervalMs: number;
  /** A connection that answers nothing this long after a ping is dropped and reopened. */
  pongTimeoutMs: number;
  /** While the market is open, a token without a tick for this long is flagged stale. */
  staleAfterMs: number;
  /** The connection is closed this long after the last subscription is released (page changes reuse it). */
  idleCloseMs: number;
}

/** The spec's feed client defaults. */
export const DEFAULT_FEED_SETTINGS: Readonly<FeedClientSettings> = Object.freeze({
  minReconnectMs: 1_000,
  maxReconnectMs: 20_000,
  requestTimeoutMs: 5_000,
  pingIntervalMs: 25_000,
  pongTimeoutMs: 5_000,
  staleAfterMs: 10_000,
  idleCloseMs: 30_000,
});

/** The stored session's identity, sent in the `auth` frame. */
export interface FeedCredentials {
  userid: string;
  secret: string;
}

/** The answer of `login-check` after the server reports an expired session. */
export type SessionCheckResult = 'valid' | 'expired';

/** Where the feed client reports what goes wrong (spec §8: feed errors are only logged, never shown). */
export type FeedLog = (message: string, details?: Record<string, unknown>) => void;

/** What the feed client needs from its surroundings; everything with a side effect is injected. */
export interface FeedClientDeps {
  /** Gateway URLs, or where to read them at each connect (they may arrive with the configuration); each reconnect
   * moves to the next one. */
  urls: readonly string[] | (() => readonly string[]);
  createSocket: CreateFeedSocket;
  clock: Clock;
  /** The signed-in user's identity, read at each connect; null when nobody is signed in (nothing is opened). */
  credentials: () => FeedCredentials | null;
  /** Asks the server whether the session still holds (after error 109 or an authentication refusal). */
  checkSession: () => Promise<SessionCheckResult>;
  /** The session is over: the client stops; the app goes to the login page. */
  onSessionExpired: () => void;
  /** Whether instruments should be ticking now (staleness is judged only then); default always. */
  isMarketOpen?: (now: number) => boolean;
  /** A number in [0, 1) for the reconnect jitter; default `Math.random`. */
  random?: () => number;
  log?: FeedLog;
  settings?: Partial<FeedClientSettings>;
}

/**
 * The connection's state: `idle` (nothing wanted or nobody signed in), `connecting` (socket opening or `auth`
 * unanswered), `open` (authenticated), `waiting` (closed; a reconnect or a session check is pending), `expired`
 * (the session ended; nothing more is attempted until `restart`).
 */
export type FeedConnectionState = 'idle' | 'connecting' | 'open' | 'waiting' | 'expired';

/** The data tier the gateway announced for this user. */
export interface FeedTier {
  tier: DataTier;
  delayMs: number;
}

/** The connection as pages and the status dot see it. */
export interface FeedStatus {
  connection: FeedConnectionState;
  /** The last `tier` message, or null before the first one. */
  tier: FeedTier | null;
  /** When the last tick arrived (client clock, epoch ms), or null before any. */
  lastTickAt: number | null;
  /** Failed attempts since the last successful authentication. */
  reconnectAttempt: number;
}

/** Handler of the user's private events (`{"t":"event"}` frames). */
export type FeedEventListener = (channel: string, data: unknown) => void;

/** One shared feed connection with reference-counted subscriptions (ARCHITECTURE §3 feed). */
export interface FeedClient {
  /** Holds `tokens` in `mode` until the returned release function is called (idempotent). */
  subscribe(tokens: readonly number[], mode: FeedMode): () => void;
  /** The latest tick of a token, if any arrived since it was first held. */
  tick(token: number): FeedTick | undefined;
  /** True when the server refused the token in this tier (error 103); cleared when the tier changes. */
  isDenied(token: number): boolean;
  /** True when the market is open and a held token has had no tick for `staleAfterMs`. */
  isStale(token: number): boolean;
  status(): FeedStatus;
  /** Calls `listener` after any change (ticks, status, denials, staleness); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  onEvent(listener: FeedEventListener): () => void;
  /** Drops the connection and opens a new one with fresh credentials if anything is held (sign-in changes). */
  restart(): void;
  /** Closes for good. */
  dispose(): void;
}

interface Connection {
  readonly socket: FeedSocket;
  readonly url: string;
  /** The socket has opened: frames can be sent (a browser's socket throws on a send while it is connecting). */
  opened: boolean;
  authenticated: boolean;
  /** What the server has been asked to send on this connection, by token. */
  readonly serverModes: Map<number, FeedMode>;
  /** Tokens of `sub` requests not yet answered, oldest first (an error 103 refers to the oldest). */
  readonly inflightSubs: number[][];
}

/** The gateway's answer to a `sub` beyond the instruments one connection may hold. */
const FEED_LIMIT_ERROR = 400;

/** Creates a feed client. The page uses one shared instance (`sharedFeedClient`); tests make their own. */
export function createFeedClient(deps: FeedClientDeps): FeedClient {
  const settings: FeedClientSettings = { ...DEFAULT_FEED_SETTINGS, ...deps.settings };
  const { clock } = deps;
  const random = deps.random ?? Math.random;
  const log: FeedLog = deps.log ?? (() => undefined);
  const isMarketOpen = deps.isMarketOpen ?? (() => true);
  const { urls: configuredUrls } = deps;
  const urlList = typeof configuredUrls === 'function' ? configuredUrls : () => configuredUrls;
  if (urlList().length === 0) throw new RangeError('The feed client needs at least one URL');

  const book = new SubscriptionBook();
  const ticks = new Map<number, FeedTick>();
  const tickSeenAt = new Map<number, number>();
  const denied = new Set<number>();
  let stale = new Set<number>();
  const listeners = new Set<() => void>();
  const eventListeners = new Set<FeedEventListener>();

  let connection: Connection | null = null;
  let state: FeedConnectionState = 'idle';
  let tier: FeedTier | null = null;
  let lastTickAt: number | null = null;
  let attempt = 0;
  let urlIndex = 0;
  let disposed = false;
  let checkingSession = false;
  let status: FeedStatus = snapshotStatus();

  let reconnectTimer: TimerHandle | undefined;
  let requestTimer: TimerHandle | undefined;
  let pingTimer: TimerHandle | undefined;
  let pongTimer: TimerHandle | undefined;
  let flushTimer: TimerHandle | undefined;
  let idleTimer: TimerHandle | undefined;
  let staleTimer: TimerHandle | undefined;

  function snapshotStatus(): FeedStatus {
    return { connection: state, tier, lastTickAt, reconnectAttempt: attempt };
  }

  function notify(): void {
    status = snapshotStatus();
    for (const listener of listeners) listener();
  }

  function setState(next: FeedConnectionState): void {
    if (state === next) return;
    state = next;
    notify();
  }

  function send(conn: Connection, frame: object): void {
    try {
      conn.socket.send(JSON.stringify(frame));
    } catch (error) {
      log('feed send failed', { url: conn.url, error: String(error) });
    }
  }

  // --- Connecting -------------------------------------------------------------------------------------------------

  function ensureConnected(): void {
    if (disposed || state === 'expired' || checkingSession) return;
    if (connection !== null || reconnectTimer !== undefined || book.size === 0) return;
    connect();
  }

  function connect(): void {
    reconnectTimer = undefined;
    if (disposed || book.size === 0) return setState('idle');
    const credentials = deps.credentials();
    if (credentials === null) return setState('idle');

    const urls = urlList();
    const url = urls[urlIndex % Math.max(1, urls.length)] ?? '';
    setState('connecting');
    let conn: Connection | null = null;
    try {
      const socket = deps.createSocket(url, {
        onOpen: () => {
          if (conn !== null && connection === conn) onOpen(conn, credentials);
        },
        onMessage: (text) => {
          if (conn !== null && connection === conn) onMessage(conn, text);
        },
        onClose: (code) => {
          if (conn !== null && connection === conn) onClosed(code);
        },
      });
      conn = { socket, url, opened: false, authenticated: false, serverModes: new Map(), inflightSubs: [] };
      connection = conn;
    } catch (error) {
      log('feed connection failed to open', { url, error: String(error) });
      return scheduleReconnect();
    }
    requestTimer = clock.setTimeout(() => {
      log('feed authentication timed out', { url });
      drop();
    }, settings.requestTimeoutMs);
  }

  function onOpen(conn: Connection, credentials: FeedCredentials): void {
    conn.opened = true;
    send(conn, { op: 'auth', userid: credentials.userid, secret: credentials.secret });
    // The gateway handles frames in order, so the subscriptions can follow the auth at once.
    flushSubscriptions();
    pingTimer = clock.setInterval(() => ping(conn), settings.pingIntervalMs);
    startStaleWatch();
  }

  function ping(conn: Connection): void {
    send(conn, { op: 'ping' });
    pongTimer ??= clock.setTimeout(() => {
      log('feed pong timed out', { url: conn.url });
      drop();
    }, settings.pongTimeoutMs);
  }

  /** Closes the current socket without waiting for it to say so, and reconnects. */
  function drop(): void {
    const conn = connection;
    teardown();
    if (conn !== null) closeQuietly(conn);
    scheduleReconnect();
  }

  function closeQuietly(conn: Connection): void {
    try {
      conn.socket.close(1000, 'reconnecting');
    } catch (error) {
      log('feed close failed', { url: conn.url, error: String(error) });
    }
  }

  /** Forgets the connection and its timers; later callbacks of its socket are ignored. */
  function teardown(): void {
    connection = null;
    for (const timer of [requestTimer, pingTimer, pongTimer, flushTimer]) timer?.cancel();
    requestTimer = pingTimer = pongTimer = flushTimer = undefined;
  }

  function onClosed(code: number): void {
    const url = connection?.url;
    teardown();
    log('feed disconnected', { url, code });
    if (disposed) return;
    // 4409 follows error 109; 1008 is also how the gateway refuses an authentication.
    if (code === FEED_CLOSE.SESSION_EXPIRED || code === FEED_CLOSE.POLICY) return verifySession();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    reconnectTimer?.cancel();
    reconnectTimer = undefined;
    if (disposed || state === 'expired') return;
    if (book.size === 0) return setState('idle');
    const delay = reconnectDelay(attempt, random, {
      minMs: settings.minReconnectMs,
      maxMs: settings.maxReconnectMs,
    });
    attempt += 1;
    urlIndex += 1;
    state = 'waiting';
    notify();
    reconnectTimer = clock.setTimeout(connect, delay);
  }

  function verifySession(): void {
    if (checkingSession) return;
    checkingSession = true;
    setState('waiting');
    deps
      .checkSession()
      .then(
        (result) => result,
        (error: unknown) => {
          log('feed session check failed', { error: String(error) });
          return 'valid' as const;
        },
      )
      .then((result) => {
        checkingSession = false;
        if (disposed) return;
        if (result === 'expired') {
          reconnectTimer?.cancel();
          reconnectTimer = undefined;
          setState('expired');
          deps.onSessionExpired();
          return;
        }
        scheduleReconnect();
      })
      .catch((error: unknown) => log('feed session handling failed', { error: String(error) }));
  }

  // --- Frames from the server -------------------------------------------------------------------------------------

  function onMessage(conn: Connection, text: string): void {
    pongTimer?.cancel();
    pongTimer = undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return log('feed frame is not JSON', { url: conn.url, length: text.length });
    }
    const parsed = FeedServerMessageSchema.safeParse(json);
    if (!parsed.success) return log('feed frame not understood', { url: conn.url });
    handleMessage(conn, parsed.data, json);
  }

  function handleMessage(conn: Connection, message: FeedServerMessage, raw: unknown): void {
    switch (message.t) {
      case 'ack':
        if (message.op === 'auth') return onAuthenticated(conn);
        if (message.op === 'sub') conn.inflightSubs.shift();
        return;
      case 'tier':
        return onTier({ tier: message.tier, delayMs: message.delayMs });
      case 'ticks':
        return onTicks(message.d);
      case 'pong':
        return;
      case 'event':
        for (const listener of eventListeners) listener(message.channel, message.d);
        return;
      case 'error':
        return onError(conn, message.code, message.message, tokensOf(raw));
    }
  }

  function onAuthenticated(conn: Connection): void {
    conn.authenticated = true;
    requestTimer?.cancel();
    requestTimer = undefined;
    attempt = 0;
    state = 'open';
    notify();
  }

  function onTier(next: FeedTier): void {
    const changed = tier?.tier !== next.tier;
    tier = next;
    if (changed && denied.size > 0) {
      // What this tier refused the new one may allow: ask again.
      for (const token of denied) connection?.serverModes.delete(token);
      denied.clear();
      scheduleFlush();
    }
    notify();
  }

  function onTicks(batch: readonly FeedTick[]): void {
    const now = clock.now();
    let changed = false;
    for (const tick of batch) {
      if (book.modeOf(tick.token) === undefined) continue;
      const previous = ticks.get(tick.token);
      // After a reconnect the server may resend an instant already shown; never step back in time.
      if (previous !== undefined && tick.ts < previous.ts) continue;
      ticks.set(tick.token, tick);
      tickSeenAt.set(tick.token, now);
      changed = true;
    }
    if (!changed) return;
    lastTickAt = now;
    if (stale.size > 0) refreshStale();
    notify();
  }

  function onError(conn: Connection, code: number, message: string, tokens: number[] | undefined): void {
    if (code === FEED_ERROR.PERMISSION_DENIED) {
      const refused = tokens ?? conn.inflightSubs.shift() ?? [];
      for (const token of refused) {
        conn.serverModes.delete(token);
        if (book.modeOf(token) !== undefined) denied.add(token);
      }
      log('feed permission denied', { code, message, tokens: refused.length });
      return notify();
    }
    if (code === FEED_LIMIT_ERROR) {
      // The answer to a `sub` over the connection's instrument limit: that request is settled, unfulfilled.
      const refused = conn.inflightSubs.shift() ?? [];
      for (const token of refused) conn.serverModes.delete(token);
      return log('feed subscription refused', { code, message, tokens: refused.length });
    }
    if (code === FEED_ERROR.SESSION_EXPIRED) {
      log('feed session expired', { code });
      teardown();
      closeQuietly(conn);
      return verifySession();
    }
    log('feed error', { code, message });
  }

  // --- Subscriptions ----------------------------------------------------------------------------------------------

  function scheduleFlush(): void {
    if (connection === null) return ensureConnected();
    // Subscriptions made in the same turn (a page mounting many charts) go out as one request.
    flushTimer ??= clock.setTimeout(flushSubscriptions, 0);
  }

  /** Sends what the server lacks (`sub`, grouped by mode) and what it no longer needs (`unsub`). */
  function flushSubscriptions(): void {
    flushTimer?.cancel();
    flushTimer = undefined;
    const conn = connection;
    // Until the socket opens nothing can be sent (and nothing may be recorded as sent): opening flushes.
    if (conn === null || !conn.opened) return;
    const subs = new Map<FeedMode, number[]>();
    for (const token of book.tokens()) {
      const wanted = book.modeOf(token);
      if (wanted === undefined || denied.has(token)) continue;
      const current = conn.serverModes.get(token);
      if (current !== undefined && widerFeedMode(current, wanted) === current) continue;
      conn.serverModes.set(token, wanted);
      const list = subs.get(wanted) ?? [];
      list.push(token);
      subs.set(wanted, list);
    }
    const unsubs: number[] = [];
    for (const token of conn.serverModes.keys()) {
      if (book.modeOf(token) === undefined) unsubs.push(token);
    }
    for (const token of unsubs) conn.serverModes.delete(token);

    for (const [mode, tokens] of subs) {
      for (const chunk of chunks(tokens)) {
        conn.inflightSubs.push(chunk);
        send(conn, { op: 'sub', tokens: chunk, mode });
      }
    }
    for (const chunk of chunks(unsubs)) send(conn, { op: 'unsub', tokens: chunk });
  }

  function subscribe(tokens: readonly number[], mode: FeedMode): () => void {
    const held = [...new Set(tokens)];
    if (disposed || held.length === 0) return () => undefined;
    idleTimer?.cancel();
    idleTimer = undefined;
    book.add(held, mode, clock.now());
    scheduleFlush();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release(held, mode);
    };
  }

  function release(tokens: readonly number[], mode: FeedMode): void {
    const gone = book.remove(tokens, mode);
    for (const token of gone) {
      ticks.delete(token);
      tickSeenAt.delete(token);
      denied.delete(token);
      stale.delete(token);
    }
    if (gone.length > 0) scheduleFlush();
    if (book.size === 0) {
      reconnectTimer?.cancel();
      reconnectTimer = undefined;
      idleTimer = clock.setTimeout(closeIdle, settings.idleCloseMs);
      if (connection === null && state === 'waiting' && !checkingSession) setState('idle');
    }
  }

  function closeIdle(): void {
    idleTimer = undefined;
    if (book.size > 0) return;
    const conn = connection;
    teardown();
    staleTimer?.cancel();
    staleTimer = undefined;
    if (conn !== null) closeQuietly(conn);
    attempt = 0;
    setState('idle');
  }

  // --- Staleness --------------------------------------------------------------------------------------------------

  function startStaleWatch(): void {
    staleTimer ??= clock.setInterval(refreshStaleAndNotify, 1_000);
  }

  function refreshStaleAndNotify(): void {
    if (refreshStale()) notify();
  }

  /** Recomputes the stale set; true when it changed. */
  function refreshStale(): boolean {
    const now = clock.now();
    const next = new Set<number>();
    if (isMarketOpen(now)) {
      for (const token of book.tokens()) {
        if (denied.has(token)) continue;
        const seen = tickSeenAt.get(token) ?? book.heldSince(token) ?? now;
        if (now - seen > settings.staleAfterMs) next.add(token);
      }
    }
    const changed = next.size !== stale.size || [...next].some((token) => !stale.has(token));
    stale = next;
    return changed;
  }

  return {
    subscribe,
    tick: (token) => ticks.get(token),
    isDenied: (token) => denied.has(token),
    isStale: (token) => stale.has(token),
    status: () => status,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    restart() {
      const conn = connection;
      teardown();
      reconnectTimer?.cancel();
      reconnectTimer = undefined;
      if (conn !== null) closeQuietly(conn);
      attempt = 0;
      tier = null;
      denied.clear();
      state = 'idle';
      notify();
      ensureConnected();
    },
    dispose() {
      disposed = true;
      const conn = connection;
      teardown();
      for (const timer of [reconnectTimer, idleTimer, staleTimer]) timer?.cancel();
      reconnectTimer = idleTimer = staleTimer = undefined;
      if (conn !== null) closeQuietly(conn);
      listeners.clear();
      eventListeners.clear();
      state = 'idle';
    },
  };
}

function chunks(tokens: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < tokens.length; i += FEED_MAX_TOKENS_PER_OP) out.push(tokens.slice(i, i + FEED_MAX_TOKENS_PER_OP));
  return out;
}

// An error frame may name the refused tokens; the contract's schema does not carry them, so read the raw frame.
function tokensOf(raw: unknown): number[] | undefined {
  if (typeof raw !== 'object' || raw === null || !('tokens' in raw)) return undefined;
  const tokens = raw.tokens;
  if (!Array.isArray(tokens)) return undefined;
  return tokens.filter((token): token is number => typeof token === 'number' && Number.isInteger(token));
}
