import { reconnectDelay, type BackoffBounds, type Clock, type TimerHandle } from '@fnodesk/domain';
import { WebSocket, type RawData } from 'ws';
import type { AppLogger } from '../../../platform/logger';
import type { KiteMode } from './kite-packet';

/** A frame as it arrived: binary market data or a JSON text message. */
export type KiteFrame = { readonly binary: Uint8Array } | { readonly text: string };

/** Where one connection is in its life. */
export type KiteConnectionState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

/** Why the last connection attempt or connection ended, as a stable code (never a URL or a credential). */
export type KiteConnectionProblem =
  'AUTH_FAILED' | 'HANDSHAKE_FAILED' | 'NETWORK_ERROR' | 'CLOSED_BY_SERVER' | 'WATCHDOG_TIMEOUT';

/** Settings shared by every connection of a pool. */
export interface KiteConnectionSettings {
  /** Ticker endpoint without credentials, e.g. `wss://ws.kite.trade`. */
  readonly tickerUrl: string;
  readonly apiKey: string;
  readonly accessToken: string;
  readonly clock: Clock;
  /** Source of the backoff jitter, in [0, 1). */
  readonly random: () => number;
  /** The watchdog only fires while this says the market is open. */
  readonly isMarketOpen: (instant: number) => boolean;
  /** Silence (no ticks, no heartbeats) longer than this while the market is open ends the connection. */
  readonly watchdogMs: number;
  /** How often the watchdog looks. */
  readonly watchdogCheckMs: number;
  readonly backoff: BackoffBounds;
  /** A handshake not answered within this is abandoned and retried. */
  readonly handshakeTimeoutMs: number;
  readonly log: AppLogger;
}

/** What a connection reports to its owner. */
export interface KiteConnectionEvents {
  /** A frame arrived at `receivedAt` (clock time). */
  frame(connection: KiteTickerConnection, frame: KiteFrame, receivedAt: number): void;
}

/**
 * One WebSocket to Kite's ticker holding up to 3,000 instruments: subscribes them with their modes, resubscribes
 * after every reconnect, reconnects with exponential backoff and jitter, and runs the liveness watchdog. The
 * credentials travel only in the connection URL, which is never logged.
 */
export class KiteTickerConnection {
  private socket: WebSocket | null = null;
  private reconnectTimer: TimerHandle | null = null;
  private watchdogTimer: TimerHandle | null = null;
  private attempt = 0;
  private lastDataAt = 0;
  private marketWasOpen = false;
  private httpStatus: number | null = null;
  private failuresInRow = 0;
  private readonly modes = new Map<number, KiteMode>();
  private readonly closeWaiters: Array<() => void> = [];
  private readonly log: AppLogger;

  private currentState: KiteConnectionState = 'idle';
  private silent = false;
  private lastProblem: KiteConnectionProblem | null = null;
  private reopened = 0;
  private opened = false;

  constructor(
    readonly id: number,
    private readonly settings: KiteConnectionSettings,
    private readonly events: KiteConnectionEvents,
  ) {
    this.log = settings.log.child({ connection: id });
  }

  /** Where the connection is in its life. */
  get state(): KiteConnectionState {
    return this.currentState;
  }

  /** The watchdog found the connection silent; cleared by the next frame. */
  get stale(): boolean {
    return this.silent;
  }

  /** Why the last attempt or connection ended; cleared when a connection opens. */
  get problem(): KiteConnectionProblem | null {
    return this.lastProblem;
  }

  /** Connections opened after the first. */
  get reconnects(): number {
    return this.reopened;
  }

  /** Instruments held, with their modes. */
  get tokens(): ReadonlyMap<number, KiteMode> {
    return this.modes;
  }

  /** Opens the connection (and keeps it open until `stop`). */
  start(): void {
    if (this.currentState !== 'idle') return;
    this.connect();
  }

  /** Closes the connection for good and cancels pending reconnects. */
  async stop(): Promise<void> {
    if (this.currentState === 'stopped') return;
    this.currentState = 'stopped';
    this.reconnectTimer?.cancel();
    this.reconnectTimer = null;
    this.stopWatchdog();
    const socket = this.socket;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      const closed = new Promise<void>((resolve) => this.closeWaiters.push(resolve));
      socket.terminate();
      await closed;
    }
    this.socket = null;
  }

  /** Adds instruments in `mode` (or moves held ones to it); sent at once when open, else on the next open. */
  subscribe(tokens: readonly number[], mode: KiteMode): void {
    if (tokens.length === 0) return;
    const fresh = tokens.filter((token) => !this.modes.has(token));
    for (const token of tokens) this.modes.set(token, mode);
    if (fresh.length > 0) this.send({ a: 'subscribe', v: fresh });
    this.send({ a: 'mode', v: [mode, [...tokens]] });
  }

  /** Drops instruments. */
  unsubscribe(tokens: readonly number[]): void {
    const held = tokens.filter((token) => this.modes.delete(token));
    if (held.length > 0) this.send({ a: 'unsubscribe', v: held });
  }

  private connect(): void {
    const { settings } = this;
    const url = new URL(settings.tickerUrl);
    url.searchParams.set('api_key', settings.apiKey);
    url.searchParams.set('access_token', settings.accessToken);
    this.currentState = 'connecting';
    this.httpStatus = null;
    const socket = new WebSocket(url, {
      handshakeTimeout: settings.handshakeTimeoutMs,
      headers: { 'X-Kite-Version': '3' },
      perMessageDeflate: false,
    });
    this.socket = socket;

    socket.on('unexpected-response', (_request, response) => {
      // Kite answers a bad or expired access token with HTTP 403 instead of upgrading.
      this.httpStatus = response.statusCode ?? null;
      response.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      if (this.socket !== socket) return;
      this.currentState = 'open';
      if (this.opened) this.reopened += 1;
      this.opened = true;
      if (this.failuresInRow > 0) this.log.info({ attempts: this.failuresInRow }, 'kite ticker reconnected');
      this.failuresInRow = 0;
      this.attempt = 0;
      this.lastProblem = null;
      this.lastDataAt = settings.clock.now();
      this.marketWasOpen = settings.isMarketOpen(this.lastDataAt);
      this.resubscribe();
      this.startWatchdog(socket);
    });
    socket.on('message', (data, isBinary) => {
      if (this.socket !== socket) return;
      const receivedAt = settings.clock.now();
      this.lastDataAt = receivedAt;
      this.silent = false;
      this.events.frame(this, isBinary ? { binary: asBytes(data) } : { text: asBytes(data).toString() }, receivedAt);
    });
    socket.on('error', (err: Error & { code?: string }) => {
      // A socket the watchdog cut keeps that reason.
      if (this.socket !== socket || (this.currentState === 'open' && this.lastProblem === 'WATCHDOG_TIMEOUT')) return;
      // Only the error code is kept: messages of handshake errors can echo the request.
      this.lastProblem = err.code === undefined ? 'HANDSHAKE_FAILED' : 'NETWORK_ERROR';
    });
    socket.on('close', (code) => {
      for (const resolve of this.closeWaiters.splice(0)) resolve();
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopWatchdog();
      if (this.currentState === 'stopped') return;
      if (this.httpStatus === 401 || this.httpStatus === 403) this.lastProblem = 'AUTH_FAILED';
      else if (this.httpStatus !== null) this.lastProblem = 'HANDSHAKE_FAILED';
      else if (this.currentState === 'open' && this.lastProblem === null) this.lastProblem = 'CLOSED_BY_SERVER';
      this.scheduleReconnect(code);
    });
  }

  private scheduleReconnect(closeCode: number): void {
    const delayMs = reconnectDelay(this.attempt, this.settings.random, this.settings.backoff);
    this.attempt += 1;
    this.failuresInRow += 1;
    const details = { problem: this.lastProblem, httpStatus: this.httpStatus, closeCode, retryInMs: delayMs };
    // The first failure of a run is worth a warning; the retries that follow are routine.
    if (this.failuresInRow === 1) this.log.warn(details, 'kite ticker connection lost');
    else this.log.debug({ ...details, attempt: this.attempt }, 'kite ticker reconnect failed');
    this.currentState = 'waiting';
    this.reconnectTimer = this.settings.clock.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.currentState === 'waiting') this.connect();
    }, delayMs);
  }

  private resubscribe(): void {
    if (this.modes.size === 0) return;
    this.send({ a: 'subscribe', v: [...this.modes.keys()] });
    const byMode = new Map<KiteMode, number[]>();
    for (const [token, mode] of this.modes) {
      const list = byMode.get(mode);
      if (list) list.push(token);
      else byMode.set(mode, [token]);
    }
    for (const [mode, tokens] of byMode) this.send({ a: 'mode', v: [mode, tokens] });
  }

  private send(message: object): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    // A failed send means the socket is going away; its close event reconnects and resubscribes.
    socket.send(JSON.stringify(message), () => undefined);
  }

  private startWatchdog(socket: WebSocket): void {
    const { clock, isMarketOpen, watchdogMs, watchdogCheckMs } = this.settings;
    this.watchdogTimer = clock.setInterval(() => {
      const now = clock.now();
      if (!isMarketOpen(now)) {
        this.marketWasOpen = false;
        return;
      }
      if (!this.marketWasOpen) {
        // Silence before the open is not a fault: the window starts when the market does.
        this.marketWasOpen = true;
        this.lastDataAt = Math.max(this.lastDataAt, now);
        return;
      }
      if (now - this.lastDataAt < watchdogMs) return;
      this.log.warn({ silentMs: now - this.lastDataAt }, 'kite ticker silent in market hours; reconnecting');
      this.silent = true;
      this.lastProblem = 'WATCHDOG_TIMEOUT';
      this.stopWatchdog();
      socket.terminate();
    }, watchdogCheckMs);
  }

  private stopWatchdog(): void {
    this.watchdogTimer?.cancel();
    this.watchdogTimer = null;
  }
}

function asBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
