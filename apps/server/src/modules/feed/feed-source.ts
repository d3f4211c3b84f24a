import type { FeedTick } from '@fnodesk/contracts';

/** Health of a feed source as the status endpoints and the gateway report it. */
export interface FeedSourceStatus {
  /** `sim` or `kite`. */
  readonly source: string;
  /** Data is flowing (false before the first connection, after a watchdog timeout, or while reconnecting). */
  readonly connected: boolean;
  /** No data arrived within the watchdog window while the market was open. */
  readonly stale: boolean;
  /** Exchange time of the last tick received (epoch ms), or null before the first one. */
  readonly lastTickAt: number | null;
}

/** Where published ticks go: the ingest role hands each batch to the bus and the candle builder. */
export type TickSink = (ticks: readonly FeedTick[]) => void;

/**
 * A source of live ticks (ARCHITECTURE §5): the simulated market or a broker's ticker. The ingest role runs exactly
 * one; it publishes every tick it receives to the sink, in exchange-time order per instrument.
 */
export interface FeedSource {
  /** Begins producing ticks into the sink. Resolves once started (a remote source may still be connecting). */
  start(sink: TickSink): Promise<void>;
  /** Stops producing ticks and releases connections and timers. */
  stop(): Promise<void>;
  /** Instruments the source should deliver (a remote ticker subscribes only to these; the sim ticks everything). */
  want(tokens: readonly number[]): void;
  /** Current health. */
  status(): FeedSourceStatus;
}
