import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { KITE_SEGMENT, priceDivisor, segmentOf, type KiteMode } from '../../src/modules/feed/kite/kite-packet';
import { buildKiteMessage, buildKitePacket, KITE_HEARTBEAT, type KitePacketValues } from './kite-packet-builder';

/** A command a client sent, as parsed JSON, with the connection it came on. */
export interface KiteFakeCommand {
  readonly connection: number;
  readonly message: unknown;
}

/** Settings of the fake ticker. */
export interface KiteTickerFakeOptions {
  readonly apiKey: string;
  readonly accessToken: string;
  /** How often subscribed instruments are sent; 0 sends only on `tick()`. Default 1,000 ms, as Kite. */
  readonly tickIntervalMs?: number;
  /** How often heartbeats are sent; 0 never. Default 1,000 ms. */
  readonly heartbeatIntervalMs?: number;
  /** Instruments one connection may hold; Kite's limit is 3,000. */
  readonly maxTokensPerConnection?: number;
  /** Exchange time of the ticks (epoch ms). */
  readonly now?: () => number;
}

interface FakeConnection {
  readonly id: number;
  readonly socket: WebSocket;
  readonly modes: Map<number, KiteMode>;
  frozen: boolean;
}

/** The fake ticker and its test switches. */
export interface KiteTickerFake {
  /** `ws://127.0.0.1:<port>`: the ticker URL, without credentials. */
  readonly url: string;
  /** Open connections. */
  connectionCount(): number;
  /** Connections accepted since start. */
  connectionsAccepted(): number;
  /** Handshakes refused with 403. */
  handshakesRefused(): number;
  /** Every command received, oldest first. */
  commands(): readonly KiteFakeCommand[];
  /** The last `n` commands received. */
  lastCommands(n: number): readonly KiteFakeCommand[];
  /** Instruments and modes held by each open connection, in connection order. */
  subscriptions(): ReadonlyMap<number, KiteMode>[];
  /** Sends these values for the token from now on, instead of the generated ones. */
  setValues(token: number, values: Omit<KitePacketValues, 'token'>): void;
  /** Sends one round of ticks now (each open, unfrozen connection gets one message of its instruments). */
  tick(): void;
  /** Sends a text frame to every open, unfrozen connection. */
  sendText(value: unknown): void;
  /** Sends raw bytes as a binary frame to every open, unfrozen connection. */
  sendBinary(bytes: Uint8Array): void;
  /** The open connections stop receiving anything (ticks, heartbeats, text); their sockets stay open. */
  freeze(): void;
  /** Frozen connections receive again. */
  unfreeze(): void;
  /** Cuts every open connection without a closing handshake, as a network failure would. */
  dropConnections(): void;
  /** Closes the server and every connection. */
  close(): Promise<void>;
}

/**
 * A local stand-in for Kite Connect's ticker (`wss://ws.kite.trade`): checks `api_key` and `access_token` on the
 * upgrade (HTTP 403 otherwise, as Kite does), honours `subscribe` / `unsubscribe` / `mode` (a new subscription
 * starts in `quote`, as on Kite), and every second sends each connection one binary message of its instruments in
 * their modes, plus heartbeats. Values come from a deterministic generator unless set per token.
 */
export async function startKiteTickerFake(options: KiteTickerFakeOptions): Promise<KiteTickerFake> {
  const tickIntervalMs = options.tickIntervalMs ?? 1_000;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 1_000;
  const maxTokens = options.maxTokensPerConnection ?? 3_000;
  const now = options.now ?? (() => Date.now());
  const connections = new Map<number, FakeConnection>();
  const commands: KiteFakeCommand[] = [];
  const fixed = new Map<number, Omit<KitePacketValues, 'token'>>();
  let accepted = 0;
  let refused = 0;
  let round = 0;

  const server: Server = createServer((_req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'error', message: 'WebSocket upgrade expected', error_type: 'InputException' }));
  });
  const wss = new WebSocketServer({ noServer: true });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ok =
      url.searchParams.get('api_key') === options.apiKey &&
      url.searchParams.get('access_token') === options.accessToken;
    if (!ok) {
      refused += 1;
      const body = JSON.stringify({ status: 'error', message: 'Invalid access token', error_type: 'TokenException' });
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      accepted += 1;
      const connection: FakeConnection = { id: accepted, socket: ws, modes: new Map(), frozen: false };
      connections.set(connection.id, connection);
      ws.on('message', (data: Buffer, isBinary) => {
        if (isBinary) return;
        let message: unknown;
        try {
          message = JSON.parse(data.toString('utf8'));
        } catch {
          return;
        }
        commands.push({ connection: connection.id, message });
        apply(connection, message);
      });
      ws.on('close', () => connections.delete(connection.id));
      ws.on('error', () => connections.delete(connection.id));
    });
  });

  const send = (connection: FakeConnection, data: Uint8Array | string) => {
    if (connection.frozen || connection.socket.readyState !== WebSocket.OPEN) return;
    connection.socket.send(data);
  };

  const apply = (connection: FakeConnection, message: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    const { a, v } = message as { a?: unknown; v?: unknown };
    if (a === 'subscribe' && Array.isArray(v)) {
      for (const token of v) {
        if (typeof token !== 'number' || connection.modes.has(token)) continue;
        if (connection.modes.size >= maxTokens) {
          send(connection, JSON.stringify({ type: 'error', data: `Maximum ${maxTokens} instruments per connection` }));
          return;
        }
        connection.modes.set(token, 'quote');
      }
    } else if (a === 'unsubscribe' && Array.isArray(v)) {
      for (const token of v) if (typeof token === 'number') connection.modes.delete(token);
    } else if (a === 'mode' && Array.isArray(v)) {
      const [mode, tokens] = v as [unknown, unknown];
      if ((mode !== 'ltp' && mode !== 'quote' && mode !== 'full') || !Array.isArray(tokens)) return;
      for (const token of tokens)
        if (typeof token === 'number' && connection.modes.has(token)) connection.modes.set(token, mode);
    }
  };

  const tick = () => {
    round += 1;
    const at = now();
    for (const connection of connections.values()) {
      if (connection.frozen || connection.modes.size === 0) continue;
      const packets: Uint8Array[] = [];
      for (const [token, mode] of connection.modes) {
        const values = fixed.get(token) ?? generatedValues(token, round, at);
        packets.push(buildKitePacket({ ...values, token }, mode));
      }
      send(connection, buildKiteMessage(packets));
    }
  };

  const tickTimer = tickIntervalMs > 0 ? setInterval(tick, tickIntervalMs) : null;
  const heartbeatTimer =
    heartbeatIntervalMs > 0
      ? setInterval(() => {
          for (const connection of connections.values()) send(connection, KITE_HEARTBEAT);
        }, heartbeatIntervalMs)
      : null;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}`,
    connectionCount: () => connections.size,
    connectionsAccepted: () => accepted,
    handshakesRefused: () => refused,
    commands: () => commands,
    lastCommands: (n) => commands.slice(-n),
    subscriptions: () => [...connections.values()].map((c) => new Map(c.modes)),
    setValues: (token, values) => void fixed.set(token, values),
    tick,
    sendText: (value) => {
      for (const connection of connections.values()) send(connection, JSON.stringify(value));
    },
    sendBinary: (bytes) => {
      for (const connection of connections.values()) send(connection, bytes);
    },
    freeze: () => {
      for (const connection of connections.values()) connection.frozen = true;
    },
    unfreeze: () => {
      for (const connection of connections.values()) connection.frozen = false;
    },
    dropConnections: () => {
      for (const connection of connections.values()) connection.socket.terminate();
    },
    async close() {
      if (tickTimer) clearInterval(tickTimer);
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      for (const connection of connections.values()) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Plausible, deterministic values for a token in a round: the price wanders in ticks of ₹0.05 (₹0.0025 for
 * currency) around a base derived from the token, volume and OI grow each round, depth straddles the price.
 */
export function generatedValues(token: number, round: number, at: number): Required<Omit<KitePacketValues, 'token'>> {
  const segment = segmentOf(token);
  const currency = segment === KITE_SEGMENT.CDS || segment === KITE_SEGMENT.BCD;
  const step = currency ? 0.0025 : 0.05;
  const base = currency ? 83 + (token % 100) / 100 : 100 + (token % 5_000);
  const offset = (((token + round * 7) % 21) - 10) * step;
  const lastPrice = roundTo(base + offset, token);
  const close = roundTo(base, token);
  const exchangeTime = Math.floor(at / 1000) * 1000;
  const level = (i: number, side: 1 | -1) => ({
    quantity: 75 * (i + 1),
    price: roundTo(lastPrice + side * step * (i + 1), token),
    orders: i + 1,
  });
  return {
    lastPrice,
    ohlc: { open: close, high: roundTo(base + 10 * step, token), low: roundTo(base - 10 * step, token), close },
    lastQuantity: 75,
    averagePrice: close,
    volume: 1_000 * round,
    totalBuyQuantity: 50_000 + round,
    totalSellQuantity: 60_000 + round,
    lastTradeTime: exchangeTime,
    exchangeTime,
    oi: 100_000 + 75 * round,
    oiDayHigh: 100_000 + 75 * round,
    oiDayLow: 100_000,
    depth: {
      buy: [0, 1, 2, 3, 4].map((i) => level(i, -1)),
      sell: [0, 1, 2, 3, 4].map((i) => level(i, 1)),
    },
  };
}

// Rounds to what the wire can carry for the token's segment, so a parsed value equals the generated one.
function roundTo(rupees: number, token: number): number {
  const divisor = priceDivisor(token);
  return Math.round(rupees * divisor) / divisor;
}
