import { randomUUID } from 'node:crypto';
import { FEED_CLOSE, FEED_ERROR, FeedClientMessageSchema, type DataTier, type FeedMode } from '@fnodesk/contracts';
import type { Clock, TimerHandle } from '@fnodesk/domain';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AuthUser, SessionResolver } from '../../platform/auth';
import type { Bus, Unsubscribe } from '../../platform/bus';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { hashSecret, SESSIONS_REVOKED_CHANNEL } from '../accounts/session.service';
import { dataTierOf, type DataTierSettings } from '../market/data-tier';
import { createCountedSubscriptions } from './bus-subscriptions';
import { decodeTicks, TIER_CHANGED_CHANNEL, tickChannel, tickShardOf, userEventsChannel } from './feed-channels';
import { startWantsAnnouncer } from './feed-wants';
import { widerMode, type SerialisedTick } from './tick-projection';
import { FrameBuilder, PING_FRAME } from './text-frame';
import { Slots, SlotSet } from './slots';
import { TokenModes } from './token-modes';

/** Path of the feed's WebSocket endpoint. */
export const FEED_PATH = '/feed/v1';

/** Messages of the 103 answer per tier (spec §4.3): what the user must do to get live prices. */
export const FEED_TIER_MESSAGES: Readonly<Record<Exclude<DataTier, 'live'>, string>> = Object.freeze({
  delayed: 'Login with your broker for real time prices',
  none: 'You do not have a valid subscription plan.',
});

/** Gateway settings; the defaults are the wire contract's. */
export interface FeedGatewayOptions {
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  sessions: SessionResolver | undefined;
  /** Plans and broker logins, read on auth and whenever a tier change is announced. */
  entitlements: EntitlementsProvider;
  /** Delay and refresh settings of the data tiers. */
  tiers: DataTierSettings;
  /** A socket that has not authenticated by then is closed with 4401. */
  authTimeoutMs?: number;
  /** How often each client's pending ticks are sent, as one message. */
  flushMs?: number;
  /** Instruments one connection may hold. */
  maxTokensPerConnection?: number;
  /** Frames per second a client may send before it is cut off as flooding. */
  maxFramesPerSecond?: number;
  /** Unsent bytes a client may have queued before it is dropped as too slow. */
  maxBufferedBytes?: number;
  /**
   * A client that has read nothing for this long is dropped: its queue has not drained for this long, or it has
   * not answered a ping sent this long ago.
   */
  maxStallMs?: number;
  /**
   * How often a client receiving ticks is pinged (default 2 s): the ping follows a tick frame in the same write,
   * and its pong shows the client has read everything sent before it. A client that stops reading is dropped
   * between `maxStallMs` and `maxStallMs` + this after it stopped; each ping costs a pong to read (at 5,000
   * clients, 2 s rather than 5 s took 0.6–0.9 % more of a core).
   */
  pingEveryMs?: number;
  /** How often each signed-in socket's session is looked up again (default 60 s). */
  sessionRecheckMs?: number;
  /** Largest client frame accepted (a `sub` of 3,000 tokens is about 25 KB). */
  maxPayloadBytes?: number;
}

/** The running gateway, for health figures and benchmarks. */
export interface FeedGateway {
  /** Open WebSocket connections. */
  connections(): number;
}

interface Client {
  readonly socket: WebSocket;
  /**
   * The upgraded connection under `socket`. Tick frames are written to it whole ({@link FrameBuilder}): one plain
   * write per client per flush instead of `ws`'s corked header and payload pair. `ws` writes its own frames to
   * the same stream synchronously and whole (no compression is negotiated), so frames never interleave.
   */
  readonly stream: Duplex;
  user: AuthUser | undefined;
  /** Hash of the login secret the socket authenticated with, to find it when that session is revoked. */
  secretHash: string | undefined;
  /** The login secret itself, kept in memory only, to re-check the session while the socket stays open. */
  secret: string | undefined;
  tier: DataTier | undefined;
  /** Re-reads the tier when the plan runs out (no event announces the end of a period). */
  tierTimer: TimerHandle | undefined;
  authTimer: TimerHandle | undefined;
  /** The instruments held, each with its mode. */
  readonly subs: TokenModes<TokenFeed>;
  /**
   * The batch the last frame sent covered: a flush sends each held instrument that ticked in a later batch, its
   * latest tick only (so a client that fell behind skips to the current prices rather than replaying them).
   */
  sentSeq: number;
  /** Its number among the gateway's clients, by which instruments list it and the flush finds it. */
  readonly slot: number;
  frameWindowStart: number;
  framesInWindow: number;
  /** Since when unsent bytes have been waiting in the socket's queue, or undefined when it is empty. */
  backloggedSince: number | undefined;
  /** When the ping not yet answered was sent, or undefined when none is waiting for its pong. */
  pingSentAt: number | undefined;
  /** When the next ping may go out with a frame. */
  nextPingAt: number;
}

/** A ticks message around its ticks' JSON: `{"t":"ticks","d":[tick,tick,…]}`. */
const TICKS_PREFIX = Buffer.from('{"t":"ticks","d":[');
const TICKS_SUFFIX = Buffer.from(']}');

/** A burst of tick messages is taken as over once the bus has been quiet this long (Redis; see the flush). */
const BURST_QUIET_MS = 2;
/** The longest a flush waits for a burst of tick messages to end (at most `flushMs`, so a steady stream keeps it). */
const BURST_MAX_MS = 50;

// setTimeout holds at most 2^31-1 ms; a plan ending later than this is re-checked once a day until then.
const MAX_TIER_RECHECK_MS = 86_400_000;
/** How long a shutdown waits for clients to answer their close frame (wall-clock time) before cutting them. */
const CLOSE_HANDSHAKE_MS = 1_000;

/** Adds one value to a set held in a map; true when the set was created. */
function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (set) {
    set.add(value);
    return false;
  }
  map.set(key, new Set([value]));
  return true;
}

/** Removes one value from a set held in a map; true when that emptied (and removed) the set. */
function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (!set?.delete(value) || set.size > 0) return false;
  map.delete(key);
  return true;
}

/** One instrument on this gateway: its latest tick, the batch that brought it, and the clients holding it. */
class TokenFeed {
  latest: SerialisedTick | undefined = undefined;
  /** The batch of the latest tick (0: none yet). */
  seq = 0;
  // The clients' slots, in an array rather than a set: they are only iterated, and an array costs a quarter of a
  // set's memory. Numbers rather than the clients themselves: marking a tick's listeners then reads no client.
  readonly clients: number[] = [];
  constructor(readonly token: number) {}

  /** Removes a client (order does not matter); true when that left no client. */
  remove(slot: number): boolean {
    const list = this.clients;
    const i = list.indexOf(slot);
    if (i < 0) return false;
    list[i] = list[list.length - 1]!;
    list.pop();
    return list.length === 0;
  }
}

/**
 * The `/feed/v1` WebSocket gateway (ARCHITECTURE §3): authentication, the data tier on auth and on every change,
 * subscriptions by token and mode for the live tier (103 otherwise), batched delivery of the ticks published on
 * the bus, the user's private events, and 109 + 4409 when the session is revoked. The gateway listens only to the
 * tick shards its clients need and announces its tokens to the ingest role. Each tick is serialised once per mode
 * and each client gets one message per flush; a client that stops reading keeps only its latest tick per token
 * and is dropped when its queue stays full or a ping goes unanswered.
 */
export async function registerFeedGateway(app: FastifyInstance, options: FeedGatewayOptions): Promise<FeedGateway> {
  const authTimeoutMs = options.authTimeoutMs ?? 15_000;
  const flushMs = options.flushMs ?? 250;
  const maxTokens = options.maxTokensPerConnection ?? 3_000;
  const maxFrames = options.maxFramesPerSecond ?? 50;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const maxStallMs = options.maxStallMs ?? 10_000;
  const pingEveryMs = options.pingEveryMs ?? 2_000;
  const sessionRecheckMs = options.sessionRecheckMs ?? 60_000;
  const { bus, clock, logger } = options;
  const log = logger.child({ module: 'feed' });
  const reportBus = (err: unknown, channel: string) => log.error({ err, channel }, 'feed bus subscription failed');

  const clients = new Set<Client>();
  const bySlot = new Slots<Client>();
  const byToken = new Map<number, TokenFeed>();
  const tokensPerShard = new Map<number, number>();
  const byUser = new Map<string, Set<Client>>();
  const bySecret = new Map<string, Set<Client>>();
  /** Slots of the clients with ticks waiting for the next flush. */
  const dirty = new SlotSet();
  /** Number of the last tick batch taken from the bus. */
  let seq = 0;

  const send = (client: Client, payload: object | string) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };

  const close = (client: Client, code: number, reason: string) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.close(code, reason);
  };

  const onTicks = (message: string) => {
    const ticks = decodeTicks(message);
    if (!ticks) {
      log.error('dropped a malformed tick batch from the bus');
      return;
    }
    // The work per tick is independent of its listeners but for one flag each: which ticks a client gets is
    // worked out once per flush from the instruments it holds, not by copying every tick to every listener.
    const batch = ++seq;
    let wanted = false;
    for (const tick of ticks) {
      const feed = byToken.get(tick.token);
      if (!feed) continue;
      wanted = true;
      feed.latest = tick;
      feed.seq = batch;
      const listeners = feed.clients;
      for (let i = 0; i < listeners.length; i++) dirty.add(listeners[i]!);
    }
    if (wanted && dirty.size > 0) {
      const now = clock.now();
      lastTicksAt = now;
      gatheringSince ??= now;
    }
    if (dirty.size > 0) scheduleFlush();
  };

  /** The handler of one user's event channel: forwards `{channel, d}` to that user's sockets. */
  const userHandler = (busChannel: string) => {
    const userId = busChannel.slice(userEventsChannel('').length);
    return (message: string) => {
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch {
        return log.error('dropped a malformed user event from the bus');
      }
      const { channel, d } = (event ?? {}) as { channel?: unknown; d?: unknown };
      if (typeof channel !== 'string') return;
      const frame = JSON.stringify({ t: 'event', channel, d });
      for (const client of byUser.get(userId) ?? []) send(client, frame);
    };
  };

  const shards = createCountedSubscriptions(bus, () => onTicks, reportBus);
  const users = createCountedSubscriptions(bus, userHandler, reportBus);
  const wants = await startWantsAnnouncer({
    bus,
    clock,
    node: randomUUID(),
    tokens: () => byToken.keys(),
    onError: (err) => log.warn({ err }, 'could not announce wanted tokens'),
  });

  const watchToken = (token: number) => {
    const shard = tickShardOf(token);
    const count = tokensPerShard.get(shard) ?? 0;
    tokensPerShard.set(shard, count + 1);
    if (count === 0) shards.acquire(tickChannel(shard));
  };
  const unwatchToken = (token: number) => {
    const shard = tickShardOf(token);
    const count = (tokensPerShard.get(shard) ?? 1) - 1;
    if (count > 0) return tokensPerShard.set(shard, count);
    tokensPerShard.delete(shard);
    shards.release(tickChannel(shard));
  };

  const subscribe = (client: Client, tokens: readonly number[], mode: FeedMode) => {
    const changes = new Map<number, [TokenFeed, FeedMode]>();
    let added = false;
    for (const token of tokens) {
      const had = client.subs.get(token) ?? changes.get(token)?.[1];
      let feed = byToken.get(token);
      if (!feed) {
        byToken.set(token, (feed = new TokenFeed(token)));
        watchToken(token);
        added = true;
      }
      if (had === undefined) feed.clients.push(client.slot);
      changes.set(token, [feed, had ? widerMode(had, mode) : mode]);
    }
    client.subs.setAll(changes.values());
    if (added) wants.changed();
  };

  const unsubscribe = (client: Client, tokens: Iterable<number>) => {
    let removed = false;
    for (const feed of client.subs.deleteAll(tokens)) {
      if (feed.remove(client.slot)) {
        byToken.delete(feed.token);
        unwatchToken(feed.token);
        removed = true;
      }
    }
    if (removed) wants.changed();
  };

  /** Reads the user's tier; sends it when it is new or changed. Leaving the live tier ends every subscription. */
  const refreshTier = async (client: Client) => {
    const user = client.user;
    if (!user) return;
    const now = clock.now();
    const entitlements = await options.entitlements.forUser(user.userId);
    if (client.user !== user || client.socket.readyState !== client.socket.OPEN) return;
    const info = dataTierOf(entitlements, options.tiers, now);
    client.tierTimer?.cancel();
    const validTill = entitlements.subscriptionValidTill ? Date.parse(entitlements.subscriptionValidTill) : NaN;
    client.tierTimer = Number.isFinite(validTill)
      ? clock.setTimeout(
          () => void refreshTier(client).catch((err: unknown) => log.error({ err }, 'tier re-check failed')),
          Math.min(MAX_TIER_RECHECK_MS, Math.max(0, validTill - now) + 1),
        )
      : undefined;
    if (client.tier === info.tier) return;
    client.tier = info.tier;
    if (info.tier !== 'live') unsubscribe(client, client.subs.list());
    send(client, { t: 'tier', tier: info.tier, delayMs: info.delayMs });
  };

  const refreshUserTiers = (userId: string) => {
    for (const client of byUser.get(userId) ?? []) {
      refreshTier(client).catch((err: unknown) => log.error({ err }, 'tier refresh failed'));
    }
  };

  const endSessions = (message: string) => {
    const hashes: unknown = JSON.parse(message);
    if (!Array.isArray(hashes)) return;
    for (const hash of hashes) {
      if (typeof hash !== 'string') continue;
      for (const client of bySecret.get(hash) ?? []) {
        send(client, { t: 'error', code: FEED_ERROR.SESSION_EXPIRED, message: 'Your session has expired.' });
        close(client, FEED_CLOSE.SESSION_EXPIRED, 'session expired');
      }
    }
  };

  const signIn = (client: Client, user: AuthUser, secret: string) => {
    const secretHash = hashSecret(secret);
    if (client.secretHash) removeFrom(bySecret, client.secretHash, client);
    client.secretHash = secretHash;
    client.secret = secret;
    addTo(bySecret, secretHash, client);
    if (!client.user) {
      client.user = user;
      if (addTo(byUser, user.userId, client)) users.acquire(userEventsChannel(user.userId));
    }
  };

  const signOut = (client: Client) => {
    if (client.secretHash) removeFrom(bySecret, client.secretHash, client);
    if (client.user && removeFrom(byUser, client.user.userId, client)) {
      users.release(userEventsChannel(client.user.userId));
    }
  };

  /** Ticks of one frame, reused from client to client. */
  const parts: Buffer[] = [];
  const frames = new FrameBuilder();

  /** Frames the flush under way has written. */
  let written = 0;
  /** Sends a client its waiting ticks; true when it must stay dirty (its queue has not drained). */
  const flushClient = (slot: number, now: number): boolean => {
    const client = bySlot.get(slot);
    // Its socket closed since it was marked.
    if (!client) return false;
    // What `ws` reports as `bufferedAmount`: it holds nothing back itself (no compression is negotiated), so the
    // stream's queue is all of it.
    const buffered = client.stream.writableLength;
    // The socket's own queue shows a stall only once the kernel's buffers are full, which on loopback takes
    // megabytes (more than ten seconds of a busy client's ticks); an unanswered ping shows it from the first byte
    // left unread.
    const unansweredMs = client.pingSentAt === undefined ? 0 : now - client.pingSentAt;
    let stalled = unansweredMs >= maxStallMs;
    if (buffered > 0) {
      client.backloggedSince ??= now;
      stalled ||= buffered > maxBuffered || now - client.backloggedSince >= maxStallMs;
    }
    if (stalled) {
      // The client stopped reading: drop it rather than let its queue grow or hold up the others. A close
      // frame would wait behind the full queue, so the connection is cut (the client sees 1006 and reconnects).
      log.warn({ userId: client.user?.userId, buffered, unansweredMs }, 'dropping a slow client');
      client.socket.terminate();
      return false;
    }
    // It stays dirty: its next frame, once the queue drains, carries the latest tick of each instrument.
    if (buffered > 0) return true;
    client.backloggedSince = undefined;
    const since = client.sentSeq;
    client.sentSeq = seq;
    // Each held instrument that ticked since the last frame, in the client's mode for it: read in place, as this
    // runs for every client and instrument of every batch.
    const feeds = client.subs.held;
    const codes = client.subs.codes;
    parts.length = 0;
    for (let i = 0; i < feeds.length; i++) {
      const feed = feeds[i]!;
      if (feed.seq > since) parts.push(feed.latest!.bytesOf(codes[i]!));
    }
    if (parts.length > 0 && client.socket.readyState === client.socket.OPEN) {
      const ping = client.pingSentAt === undefined && now >= client.nextPingAt;
      if (ping) client.pingSentAt = now;
      const frame = frames.frame(TICKS_PREFIX, parts, TICKS_SUFFIX, ping ? PING_FRAME : undefined);
      client.stream.write(frame);
      written++;
      if (client.stream.writableLength === 0) frames.reclaim(frame);
    }
    return false;
  };

  /** Sends every dirty client its waiting ticks; returns how many frames went out. */
  const flush = (): number => {
    const now = clock.now();
    written = 0;
    dirty.drain((slot) => flushClient(slot, now));
    parts.length = 0;
    return written;
  };

  const stopTiers: Unsubscribe = await bus.subscribe(TIER_CHANGED_CHANNEL, refreshUserTiers);
  const stopRevoked: Unsubscribe = await bus.subscribe(SESSIONS_REVOKED_CHANNEL, endSessions);
  // A flush runs as soon as ticks wait, but never sooner than `flushMs` after the previous one that sent anything:
  // a source that publishes once a second gets its ticks out at once (no waiting for a fixed timer's phase), while
  // a busier one still gives each client at most one message per `flushMs`. Backlogged clients are looked at again
  // once per `flushMs`, so a stalled one is noticed; such a look that sends nothing does not hold the next batch
  // back (it did, by up to `flushMs`, for as long as any client was stalled).
  // A batch published at once reaches a gateway on Redis as one message per tick shard, over several socket reads
  // a few milliseconds apart; flushing at the first would send a few shards' ticks and hold the rest for a whole
  // `flushMs`. So a flush that is otherwise due waits until the bus has been quiet for `BURST_QUIET_MS`, for at
  // most `BURST_MAX_MS` from the first tick waiting (the publishing side sends a batch's shards in one write, see
  // the Redis bus). The in-process bus hands over a publish's shards in one go.
  const burstQuietMs = bus.driver === 'memory' ? 0 : BURST_QUIET_MS;
  const burstMaxMs = Math.min(BURST_MAX_MS, flushMs);
  /** When the last flush ran, and when the last one that sent a frame did. */
  let lastFlushAt = -Infinity;
  let lastSentAt = -Infinity;
  /** When the latest tick message that left a client something to send arrived. */
  let lastTicksAt = -Infinity;
  /** When the first tick waiting for the next flush arrived, if any. */
  let gatheringSince: number | undefined;
  let flushTimer: TimerHandle | undefined;
  /** When the pending flush timer fires. */
  let flushTimerDue = Infinity;
  let closed = false;
  const flushDueAt = () => {
    // Only backlogged clients wait: look at them again once per flushMs.
    if (gatheringSince === undefined) return lastFlushAt + flushMs;
    const gathered = Math.min(lastTicksAt + burstQuietMs, gatheringSince + burstMaxMs);
    return Math.max(lastSentAt + flushMs, gathered);
  };
  const armFlush = (due: number) => {
    flushTimerDue = due;
    flushTimer = clock.setTimeout(runFlush, Math.max(0, due - clock.now()));
  };
  const runFlush = () => {
    flushTimer = undefined;
    flushTimerDue = Infinity;
    if (closed) return;
    const now = clock.now();
    // Ticks that came in since the timer was set may push the flush back.
    const due = flushDueAt();
    if (due > now) return armFlush(due);
    lastFlushAt = now;
    gatheringSince = undefined;
    if (flush() > 0) lastSentAt = now;
    if (dirty.size > 0) scheduleFlush();
  };
  /** Arms the flush timer for when the next flush is due, moving a pending one earlier if need be. */
  function scheduleFlush() {
    if (closed) return;
    const due = flushDueAt();
    if (flushTimer) {
      if (due >= flushTimerDue) return;
      flushTimer.cancel();
    }
    armFlush(due);
  }

  // A session also ends without an event: at its absolute limit, or idle on every other device. Each signed-in
  // socket's session is looked up again once per `sessionRecheckMs`, a slice of the sockets each second so the
  // lookups are spread out rather than arriving together. The lookup counts as use of the session, as a page
  // showing a live feed is.
  let recheckQueue: Client[] = [];
  let recheckTimer: TimerHandle | undefined;
  const recheckSessions = () => {
    recheckTimer = undefined;
    if (closed) return;
    if (recheckQueue.length === 0) recheckQueue = [...clients].filter((client) => client.secret !== undefined);
    const slices = Math.max(1, Math.round(sessionRecheckMs / 1_000));
    const batch = recheckQueue.splice(0, Math.ceil(recheckQueue.length / slices) || 0);
    void Promise.all(
      batch.map(async (client) => {
        const secret = client.secret;
        if (secret === undefined || !options.sessions || client.socket.readyState !== client.socket.OPEN) return;
        const user = await options.sessions.resolve(secret, undefined);
        if (user && user.userId === client.user?.userId) return;
        send(client, { t: 'error', code: FEED_ERROR.SESSION_EXPIRED, message: 'Your session has expired.' });
        close(client, FEED_CLOSE.SESSION_EXPIRED, 'session expired');
      }),
    )
      .catch((err: unknown) => log.error({ err }, 'feed session re-check failed'))
      .finally(() => {
        if (!closed) recheckTimer = clock.setTimeout(recheckSessions, 1_000);
      });
  };
  recheckTimer = clock.setTimeout(recheckSessions, 1_000);

  const handleFrame = async (client: Client, data: Buffer, isBinary: boolean) => {
    const now = clock.now();
    if (now - client.frameWindowStart >= 1_000) {
      client.frameWindowStart = now;
      client.framesInWindow = 0;
    }
    if (++client.framesInWindow > maxFrames) return close(client, FEED_CLOSE.POLICY, 'too many messages');
    if (isBinary) return close(client, FEED_CLOSE.MALFORMED, 'text frames only');

    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return close(client, FEED_CLOSE.MALFORMED, 'malformed JSON');
    }
    const parsed = FeedClientMessageSchema.safeParse(json);
    if (!parsed.success) return close(client, FEED_CLOSE.MALFORMED, 'unknown message');
    const msg = parsed.data;

    if (msg.op === 'ping') return send(client, { t: 'pong' });

    if (msg.op === 'auth') {
      const user = options.sessions ? await options.sessions.resolve(msg.secret, undefined) : null;
      if (!user || user.userId !== msg.userid || (client.user && client.user.userId !== user.userId)) {
        return close(client, FEED_CLOSE.POLICY, 'authentication failed');
      }
      if (client.socket.readyState !== client.socket.OPEN) return;
      signIn(client, user, msg.secret);
      client.authTimer?.cancel();
      client.authTimer = undefined;
      send(client, { t: 'ack', op: 'auth' });
      return refreshTier(client);
    }

    if (!client.user) return close(client, FEED_CLOSE.POLICY, 'authenticate first');

    if (msg.op === 'sub') {
      if (client.tier !== 'live') {
        const message = FEED_TIER_MESSAGES[client.tier ?? 'none'];
        return send(client, { t: 'error', code: FEED_ERROR.PERMISSION_DENIED, message, tokens: msg.tokens });
      }
      const fresh = msg.tokens.filter((t) => !client.subs.has(t));
      if (client.subs.size + new Set(fresh).size > maxTokens) {
        return send(client, { t: 'error', code: 400, message: `At most ${maxTokens} instruments per connection.` });
      }
      subscribe(client, msg.tokens, msg.mode);
      return send(client, { t: 'ack', op: 'sub', tokens: msg.tokens });
    }

    unsubscribe(client, msg.tokens);
    return send(client, { t: 'ack', op: 'unsub', tokens: msg.tokens });
  };

  // Raw `ws` on the HTTP server's upgrade event rather than a Fastify route: a routed socket keeps its request and
  // reply objects alive for as long as it is open (kilobytes per connection).
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: options.maxPayloadBytes ?? 64 * 1024,
  });
  const onUpgrade = (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== FEED_PATH && path !== `${FEED_PATH}/`) {
      stream.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, stream, head, (socket) => onConnection(socket, stream));
  };
  app.server.on('upgrade', onUpgrade);

  function onConnection(socket: WebSocket, stream: Duplex) {
    const client: Client = bySlot.add((slot) => ({
      socket,
      stream,
      user: undefined,
      secretHash: undefined,
      secret: undefined,
      tier: undefined,
      tierTimer: undefined,
      authTimer: undefined,
      subs: new TokenModes<TokenFeed>(),
      sentSeq: seq,
      slot,
      frameWindowStart: clock.now(),
      framesInWindow: 0,
      backloggedSince: undefined,
      pingSentAt: undefined,
      nextPingAt: clock.now() + pingEveryMs,
    }));
    clients.add(client);
    client.authTimer = clock.setTimeout(() => {
      if (!client.user) close(client, FEED_CLOSE.AUTH_TIMEOUT, 'authentication timeout');
    }, authTimeoutMs);

    // Frames are handled one at a time, in order, so an auth always completes before the sub that follows it.
    let queue = Promise.resolve();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (socket.readyState !== socket.OPEN) return;
      queue = queue
        .then(() => handleFrame(client, data, isBinary))
        .catch((err: unknown) => {
          log.error({ err }, 'feed frame failed');
          close(client, 1011, 'internal error');
        });
    });
    socket.on('pong', () => {
      client.pingSentAt = undefined;
      client.nextPingAt = clock.now() + pingEveryMs;
    });
    // A socket error (a client vanishing mid-frame) ends in 'close' too; the error itself needs no report.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      client.authTimer?.cancel();
      client.tierTimer?.cancel();
      unsubscribe(client, client.subs.list());
      signOut(client);
      clients.delete(client);
      bySlot.remove(client.slot);
    });
  }

  // On shutdown, tell clients to come back (1012) rather than leaving them to time out. A client that does not answer
  // its close frame (a frozen tab, a dead link) is cut after CLOSE_HANDSHAKE_MS: its open socket would otherwise hold
  // the server's close for the library's 30 s closing timeout, past any supervisor's patience.
  app.addHook('preClose', async () => {
    for (const client of clients) close(client, FEED_CLOSE.RESTART, 'server restarting');
    const deadline = Date.now() + CLOSE_HANDSHAKE_MS;
    while (clients.size > 0 && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 20));
    for (const client of clients) client.socket.terminate();
  });
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    closed = true;
    flushTimer?.cancel();
    recheckTimer?.cancel();
    for (const client of clients) client.socket.terminate();
    await Promise.all([stopTiers(), stopRevoked(), wants.stop(), shards.close(), users.close()]);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
  return { connections: () => clients.size };
}
