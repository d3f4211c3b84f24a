import { FEED_CLOSE, FeedClientMessageSchema, type FeedMode, type FeedTick } from '@fnodesk/contracts';
import type { Clock, TimerHandle } from '@fnodesk/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthUser, SessionResolver } from '../../platform/auth';
import type { Bus, Unsubscribe } from '../../platform/bus';
import { SerialisedTick, widerMode } from './tick-projection';

/** Bus channel carrying ticks from the feed sources: a JSON array of full ticks per message. */
export const FEED_TICKS_CHANNEL = 'feed.ticks';

/** Gateway settings; the defaults are the wire contract's. */
export interface FeedGatewayOptions {
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  sessions: SessionResolver | undefined;
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
}

interface Client {
  readonly socket: WebSocket;
  user: AuthUser | undefined;
  authTimer: TimerHandle | undefined;
  readonly subs: Map<number, FeedMode>;
  /** Latest serialised tick per token since the last flush (a newer tick replaces an unsent older one). */
  readonly pending: Map<number, string>;
  frameWindowStart: number;
  framesInWindow: number;
}

/**
 * The `/feed/v1` WebSocket gateway (ARCHITECTURE §3): authentication, subscriptions by token and mode, and
 * batched delivery of the ticks published on the bus. Each tick is serialised once per mode and each client gets
 * one message per flush.
 */
export async function registerFeedGateway(app: FastifyInstance, options: FeedGatewayOptions): Promise<void> {
  const authTimeoutMs = options.authTimeoutMs ?? 15_000;
  const flushMs = options.flushMs ?? 250;
  const maxTokens = options.maxTokensPerConnection ?? 3_000;
  const maxFrames = options.maxFramesPerSecond ?? 50;
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const { clock, logger } = options;
  const log = logger.child({ module: 'feed' });

  const clients = new Set<Client>();
  const byToken = new Map<number, Set<Client>>();

  const send = (client: Client, payload: object | string) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };

  const close = (client: Client, code: number, reason: string) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.close(code, reason);
  };

  const subscribe = (client: Client, tokens: readonly number[], mode: FeedMode) => {
    for (const token of tokens) {
      const had = client.subs.get(token);
      client.subs.set(token, had ? widerMode(had, mode) : mode);
      let set = byToken.get(token);
      if (!set) byToken.set(token, (set = new Set()));
      set.add(client);
    }
  };

  const unsubscribe = (client: Client, tokens: Iterable<number>) => {
    for (const token of tokens) {
      client.subs.delete(token);
      client.pending.delete(token);
      const set = byToken.get(token);
      set?.delete(client);
      if (set?.size === 0) byToken.delete(token);
    }
  };

  const onTicks = (message: string) => {
    let ticks: unknown;
    try {
      ticks = JSON.parse(message);
    } catch {
      log.error('dropped a malformed tick batch from the bus');
      return;
    }
    if (!Array.isArray(ticks)) return;
    for (const tick of ticks as FeedTick[]) {
      const listeners = byToken.get(tick.token);
      if (!listeners) continue;
      const serialised = new SerialisedTick(tick);
      for (const client of listeners) {
        const mode = client.subs.get(tick.token);
        if (mode) client.pending.set(tick.token, serialised.json(mode));
      }
    }
  };

  const flush = () => {
    for (const client of clients) {
      if (client.pending.size === 0) continue;
      if (client.socket.bufferedAmount > maxBuffered) {
        // The client stopped reading: drop it rather than let its queue grow without bound.
        log.warn({ userId: client.user?.userId, buffered: client.socket.bufferedAmount }, 'dropping a slow client');
        client.pending.clear();
        close(client, FEED_CLOSE.POLICY, 'too slow');
        continue;
      }
      send(client, `{"t":"ticks","d":[${[...client.pending.values()].join(',')}]}`);
      client.pending.clear();
    }
  };

  const stopBus: Unsubscribe = await options.bus.subscribe(FEED_TICKS_CHANNEL, onTicks);
  const flushTimer = clock.setInterval(flush, flushMs);

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
      client.user = user;
      client.authTimer?.cancel();
      client.authTimer = undefined;
      return send(client, { t: 'ack', op: 'auth' });
    }

    if (!client.user) return close(client, FEED_CLOSE.POLICY, 'authenticate first');

    if (msg.op === 'sub') {
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

  app.get('/feed/v1', { websocket: true, config: { rateLimit: false } }, (socket) => {
    const client: Client = {
      socket,
      user: undefined,
      authTimer: undefined,
      subs: new Map(),
      pending: new Map(),
      frameWindowStart: clock.now(),
      framesInWindow: 0,
    };
    clients.add(client);
    client.authTimer = clock.setTimeout(() => {
      if (!client.user) close(client, FEED_CLOSE.AUTH_TIMEOUT, 'authentication timeout');
    }, authTimeoutMs);

    // Frames are handled one at a time, in order, so an auth always completes before the sub that follows it.
    let queue = Promise.resolve();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      queue = queue
        .then(() => handleFrame(client, data, isBinary))
        .catch((err: unknown) => {
          log.error({ err }, 'feed frame failed');
          close(client, 1011, 'internal error');
        });
    });
    socket.on('close', () => {
      client.authTimer?.cancel();
      unsubscribe(client, [...client.subs.keys()]);
      clients.delete(client);
    });
  });

  // On shutdown, tell clients to come back (1012) rather than leaving them to time out.
  app.addHook('preClose', async () => {
    for (const client of clients) close(client, FEED_CLOSE.RESTART, 'server restarting');
  });
  app.addHook('onClose', async () => {
    flushTimer.cancel();
    await stopBus();
  });
}
