import type { KiteMode } from './kite-packet';
import { KiteTickerConnection, type KiteConnectionEvents, type KiteConnectionSettings } from './kite-ticker.connection';

/** Kite's limits per API key (market-facts §5.2). */
export interface KitePoolLimits {
  /** Instruments one connection may hold (Kite: 3,000). */
  readonly maxTokensPerConnection: number;
  /** Connections one API key may open (Kite: 3). */
  readonly maxConnections: number;
}

/** Kite's documented limits. */
export const KITE_LIMITS: KitePoolLimits = Object.freeze({ maxTokensPerConnection: 3_000, maxConnections: 3 });

/**
 * The connections of one API key and the instruments spread over them: a new instrument goes to the connection
 * with the most room, and a connection is opened when all are full. Instruments beyond every connection's room
 * wait, unserved, until room frees up. One connection is kept open even with nothing subscribed, so a bad access
 * token shows up at start rather than at the first subscription.
 */
export class KiteTickerPool {
  private readonly connections: KiteTickerConnection[] = [];
  private readonly owners = new Map<number, KiteTickerConnection>();
  private readonly waiting = new Set<number>();
  private nextId = 1;
  private running = false;

  constructor(
    private readonly settings: KiteConnectionSettings,
    private readonly limits: KitePoolLimits,
    private readonly events: KiteConnectionEvents,
  ) {}

  /** The open or opening connections. */
  get all(): readonly KiteTickerConnection[] {
    return this.connections;
  }

  /** Instruments that did not fit in the connections an API key may have. */
  get unserved(): number {
    return this.waiting.size;
  }

  /** Instruments held by a connection. */
  get served(): number {
    return this.owners.size;
  }

  /** Opens the connections (at least one). */
  start(): void {
    this.running = true;
    if (this.connections.length === 0) this.open();
    for (const connection of this.connections) connection.start();
  }

  /** Closes every connection and forgets the instruments; `setTokens` and `start` begin afresh. */
  async stop(): Promise<void> {
    this.running = false;
    const closing = this.connections.splice(0);
    this.owners.clear();
    this.waiting.clear();
    await Promise.all(closing.map((connection) => connection.stop()));
  }

  /** Makes `tokens` the complete set of instruments held, each in `mode`; the rest are unsubscribed. */
  setTokens(tokens: readonly number[], mode: KiteMode): void {
    const wanted = new Set(tokens);
    const removals = new Map<KiteTickerConnection, number[]>();
    for (const [token, connection] of this.owners) {
      if (wanted.has(token)) continue;
      this.owners.delete(token);
      const list = removals.get(connection);
      if (list) list.push(token);
      else removals.set(connection, [token]);
    }
    for (const [connection, list] of removals) connection.unsubscribe(list);
    for (const token of this.waiting) if (!wanted.has(token)) this.waiting.delete(token);
    this.closeEmptyExtras();

    const additions = new Map<KiteTickerConnection, number[]>();
    const modeChanges = new Map<KiteTickerConnection, number[]>();
    for (const token of wanted) {
      const owner = this.owners.get(token);
      if (owner) {
        if (owner.tokens.get(token) !== mode) push(modeChanges, owner, token);
        continue;
      }
      const connection = this.roomFor(additions);
      if (!connection) {
        this.waiting.add(token);
        continue;
      }
      this.waiting.delete(token);
      this.owners.set(token, connection);
      push(additions, connection, token);
    }
    for (const [connection, list] of additions) connection.subscribe(list, mode);
    for (const [connection, list] of modeChanges) connection.subscribe(list, mode);
  }

  // The connection with the most room counting what this call already gave it, opening one when all are full.
  private roomFor(pending: ReadonlyMap<KiteTickerConnection, number[]>): KiteTickerConnection | null {
    let best: KiteTickerConnection | null = null;
    let bestLoad = Infinity;
    for (const connection of this.connections) {
      const load = connection.tokens.size + (pending.get(connection)?.length ?? 0);
      if (load < this.limits.maxTokensPerConnection && load < bestLoad) {
        best = connection;
        bestLoad = load;
      }
    }
    if (best) return best;
    if (this.connections.length >= this.limits.maxConnections) return null;
    return this.open();
  }

  private open(): KiteTickerConnection {
    const connection = new KiteTickerConnection(this.nextId++, this.settings, this.events);
    this.connections.push(connection);
    if (this.running) connection.start();
    return connection;
  }

  private closeEmptyExtras(): void {
    for (let i = this.connections.length - 1; i > 0 && this.connections.length > 1; i--) {
      const connection = this.connections[i];
      if (!connection || connection.tokens.size > 0) continue;
      this.connections.splice(i, 1);
      void connection.stop();
    }
  }
}

function push<K>(map: Map<K, number[]>, key: K, token: number): void {
  const list = map.get(key);
  if (list) list.push(token);
  else map.set(key, [token]);
}
