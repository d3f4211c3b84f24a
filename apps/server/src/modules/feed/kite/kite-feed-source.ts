import type { FeedTick } from '@fnodesk/contracts';
import { FEED_RECONNECT_BOUNDS, systemClock, type BackoffBounds, type Clock } from '@fnodesk/domain';
import { ConfigError } from '../../../platform/config';
import type { AppLogger } from '../../../platform/logger';
import type { FeedSource, FeedSourceStatus, TickSink } from '../feed-source';
import { parseKiteBinary, type KiteRejectReason } from './kite-binary.parser';
import { parseKiteText, type KiteTextEvent } from './kite-text.parser';
import type { KiteTokenMap } from './kite-instruments';
import { kiteQuoteToFeedTick } from './kite-tick.mapper';
import type { KiteConnectionProblem, KiteFrame, KiteTickerConnection } from './kite-ticker.connection';
import { KITE_LIMITS, KiteTickerPool, type KitePoolLimits } from './kite-ticker.pool';
import { isIndianMarketOpen } from './market-hours';

/** Settings of the Kite feed source; everything but the credentials, URL and logger has a production default. */
export interface KiteFeedSourceOptions {
  readonly apiKey: string;
  readonly accessToken: string;
  /** Ticker endpoint, `wss://ws.kite.trade` in production (config `KITE_TICKER_URL`). */
  readonly tickerUrl: string;
  readonly logger: AppLogger;
  readonly clock?: Clock;
  /** Jitter source in [0, 1). */
  readonly random?: () => number;
  /** Market hours for the watchdog; defaults to the NSE/BSE calendar. */
  readonly isMarketOpen?: (instant: number) => boolean;
  /** Silence that counts as a dead connection while the market is open (default 30 s). */
  readonly watchdogMs?: number;
  /** How often the watchdog looks (default 1 s). */
  readonly watchdogCheckMs?: number;
  readonly backoff?: BackoffBounds;
  readonly limits?: KitePoolLimits;
  /** Handshake timeout (default 10 s). */
  readonly handshakeTimeoutMs?: number;
  /** Order updates, ticker errors and broadcast messages from the ticker's text frames. */
  readonly onEvent?: (event: KiteTextEvent) => void;
  /**
   * Loads the mapping of our instrument tokens to Kite's (the day's instrument dump), on start and again every
   * `tokenMapRefreshMs`. Without it tokens pass through unchanged (a deployment whose master uses Kite's numbers).
   */
  readonly loadTokenMap?: () => Promise<KiteTokenMap>;
  /** How often the mapping is reloaded (default 6 h: contracts are listed and expire every day). */
  readonly tokenMapRefreshMs?: number;
}

/** How soon a failed first load of the instrument list is retried. */
const TOKEN_MAP_RETRY_MS = 60_000;

/** Why the source is not delivering, most serious first; null while every connection is open and live. */
export type KiteSourceProblem = 'AUTH_FAILED' | 'STALE' | 'DISCONNECTED' | null;

/** The common status plus what Kite's connections are doing. */
export interface KiteFeedSourceStatus extends FeedSourceStatus {
  readonly source: 'kite';
  readonly problem: KiteSourceProblem;
  /** The ticker refused the API key or access token (HTTP 403) on its latest attempt. */
  readonly authFailed: boolean;
  readonly connections: number;
  readonly openConnections: number;
  /** Instruments subscribed on some connection. */
  readonly tokens: number;
  /** Instruments beyond the API key's connections × 3,000. */
  readonly unservedTokens: number;
  /** Reconnections after the first connection, over all connections. */
  readonly reconnects: number;
  /** Last problem per connection, in connection order. */
  readonly connectionProblems: readonly (KiteConnectionProblem | null)[];
  /** Skipped message parts by reason. */
  readonly rejected: Readonly<Partial<Record<KiteRejectReason, number>>>;
  /** Wanted instruments Kite's instrument list does not have (never subscribed); 0 without a token map. */
  readonly unmappedTokens: number;
}

/** The Kite feed source: the `FeedSource` port with Kite's status. */
export interface KiteFeedSource extends FeedSource {
  status(): KiteFeedSourceStatus;
}

/**
 * The `kite` feed source (ARCHITECTURE §5): Kite Connect's binary ticker for a platform data account. Every wanted
 * instrument is subscribed in `full` mode over at most 3 connections of 3,000 instruments; each binary message
 * becomes one batch of ticks for the sink. Connections reconnect with backoff and resubscribe; a connection silent
 * for 30 s in market hours is closed, reconnected and reported stale until data flows again.
 */
export function createKiteFeedSource(options: KiteFeedSourceOptions): KiteFeedSource {
  checkOptions(options);
  const log = options.logger.child({ module: 'feed.kite' });
  const clock = options.clock ?? systemClock;
  const rejected: Partial<Record<KiteRejectReason, number>> = {};
  const secrets = [options.accessToken, options.apiKey].filter((s) => s.length > 0);
  let sink: TickSink | null = null;
  let lastTickAt: number | null = null;
  const lastTs = new Map<number, number>();
  let wanted: readonly number[] = [];
  let sinkFailed = false;
  let tokenMap: KiteTokenMap | null = null;
  let unmapped = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  /** Kite's tokens for the wanted instruments: as they are without a mapping, none while the mapping loads. */
  const kiteTokens = (): number[] => {
    if (tokenMap === null) {
      // Our numbers are not Kite's: subscribing them before the mapping is in would stream other instruments.
      unmapped = options.loadTokenMap ? wanted.length : 0;
      return options.loadTokenMap ? [] : [...wanted];
    }
    const out: number[] = [];
    for (const token of wanted) {
      const kiteToken = tokenMap.toKite(token);
      if (kiteToken !== undefined) out.push(kiteToken);
    }
    unmapped = wanted.length - out.length;
    return out;
  };

  /** Loads the mapping and resubscribes; retried every minute while there is none, then refreshed. */
  const loadTokenMap = async (): Promise<void> => {
    const load = options.loadTokenMap;
    if (!load) return;
    let next = options.tokenMapRefreshMs ?? 6 * 3_600_000;
    try {
      tokenMap = await load();
      log.info({ instruments: tokenMap.size }, 'kite instrument tokens mapped');
    } catch (err) {
      // A refresh that fails keeps the previous mapping (most tokens live for days); with none yet, retry soon.
      if (tokenMap === null) next = TOKEN_MAP_RETRY_MS;
      log.error(
        { message: redact(err instanceof Error ? err.message : String(err), secrets) },
        'kite instrument list could not be loaded',
      );
    }
    if (!sink) return;
    pool.setTokens(kiteTokens(), 'full');
    refreshTimer = setTimeout(() => void loadTokenMap(), next);
    refreshTimer.unref();
  };

  const reject = (reason: KiteRejectReason, bytes: number) => {
    const seen = rejected[reason] ?? 0;
    rejected[reason] = seen + 1;
    // Logged the first time only: a garbled stream would otherwise flood the log at tick rate.
    if (seen === 0) log.warn({ reason, bytes }, 'kite ticker frame skipped (further ones only counted)');
  };

  const onText = (text: string) => {
    const event = parseKiteText(text);
    if (!event) return reject('MALFORMED_TEXT', Buffer.byteLength(text));
    if (event.kind === 'error') log.warn({ message: redact(event.message, secrets) }, 'kite ticker error message');
    try {
      options.onEvent?.(event);
    } catch (err) {
      // A failing listener must not take the socket's message handler down with it.
      log.error({ err, kind: event.kind }, 'kite ticker event listener failed');
    }
  };

  const onBinary = (bytes: Uint8Array, receivedAt: number) => {
    const message = parseKiteBinary(bytes);
    for (const r of message.rejected) reject(r.reason, r.bytes);
    if (message.quotes.length === 0 || !sink) return;
    const ticks: FeedTick[] = [];
    for (const quote of message.quotes) {
      const tick = kiteQuoteToFeedTick(quote, receivedAt);
      if (tokenMap !== null) {
        const ours = tokenMap.fromKite(tick.token);
        // A subscription of an instrument the refreshed map no longer knows: nothing of ours to publish it as.
        if (ours === undefined) continue;
        tick.token = ours;
      }
      ticks.push(tick);
    }
    if (ticks.length === 0) return;
    for (const tick of ticks) {
      // A packet without an exchange time is stamped on receipt, by our clock; the exchange-stamped tick after it
      // must not go back in time, since consumers rely on ticks being in time order per instrument.
      const previous = lastTs.get(tick.token);
      if (previous !== undefined && tick.ts < previous) tick.ts = previous;
      lastTs.set(tick.token, tick.ts);
      if (lastTickAt === null || tick.ts > lastTickAt) lastTickAt = tick.ts;
    }
    try {
      sink(ticks);
      sinkFailed = false;
    } catch (err) {
      // The sink's failure is its own; the ticker keeps reading. Logged once per run of failures.
      if (!sinkFailed) log.error({ err }, 'tick sink failed');
      sinkFailed = true;
    }
  };

  const pool = new KiteTickerPool(
    {
      tickerUrl: options.tickerUrl,
      apiKey: options.apiKey,
      accessToken: options.accessToken,
      clock,
      random: options.random ?? Math.random,
      isMarketOpen: options.isMarketOpen ?? isIndianMarketOpen,
      watchdogMs: options.watchdogMs ?? 30_000,
      watchdogCheckMs: options.watchdogCheckMs ?? 1_000,
      backoff: options.backoff ?? FEED_RECONNECT_BOUNDS,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
      log,
    },
    options.limits ?? KITE_LIMITS,
    {
      frame(_connection: KiteTickerConnection, frame: KiteFrame, receivedAt: number) {
        if ('text' in frame) onText(frame.text);
        else onBinary(frame.binary, receivedAt);
      },
    },
  );

  return {
    async start(tickSink) {
      sink = tickSink;
      pool.setTokens(kiteTokens(), 'full');
      pool.start();
      log.info({ tokens: wanted.length }, 'kite ticker source started');
      void loadTokenMap();
    },
    async stop() {
      sink = null;
      if (refreshTimer !== null) clearTimeout(refreshTimer);
      refreshTimer = null;
      await pool.stop();
    },
    want(tokens) {
      wanted = [...new Set(tokens)];
      if (!sink) return;
      const unservedBefore = pool.unserved;
      pool.setTokens(kiteTokens(), 'full');
      if (pool.unserved > 0 && pool.unserved !== unservedBefore) {
        log.warn({ unserved: pool.unserved }, 'more instruments than the ticker connections can hold');
      }
    },
    status() {
      const connections = pool.all;
      const open = connections.filter((c) => c.state === 'open').length;
      const authFailed = connections.some((c) => c.problem === 'AUTH_FAILED');
      const stale = connections.some((c) => c.stale);
      const connected = connections.length > 0 && open === connections.length;
      return {
        source: 'kite',
        connected,
        stale,
        lastTickAt,
        problem: authFailed ? 'AUTH_FAILED' : stale ? 'STALE' : connected ? null : 'DISCONNECTED',
        authFailed,
        connections: connections.length,
        openConnections: open,
        tokens: pool.served,
        unservedTokens: pool.unserved,
        reconnects: connections.reduce((sum, c) => sum + c.reconnects, 0),
        connectionProblems: connections.map((c) => c.problem),
        rejected: { ...rejected },
        unmappedTokens: unmapped,
      };
    },
  };
}

// Config has checked these already; a source built another way fails here rather than in a reconnect timer.
function checkOptions(options: KiteFeedSourceOptions): void {
  if (!options.apiKey || !options.accessToken) {
    throw new ConfigError('KITE_API_KEY and KITE_ACCESS_TOKEN are required for the kite feed source');
  }
  let protocol = '';
  try {
    protocol = new URL(options.tickerUrl).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'ws:' && protocol !== 'wss:') {
    throw new ConfigError('KITE_TICKER_URL: expected a URL starting with ws:// or wss://');
  }
}

// Ticker messages are not expected to quote credentials; this keeps them out of the log if one ever does.
function redact(text: string, secrets: readonly string[]): string {
  let out = text.slice(0, 500);
  for (const secret of secrets) out = out.split(secret).join('[Redacted]');
  return out;
}
