import type { FeedTick } from '@fnodesk/contracts';
import type { Clock, Exchange, TimerHandle } from '@fnodesk/domain';
import { CandleBuilder, istDateOf, istMidnight } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TickSink } from '../feed-source';
import { exchangeOfToken } from './instrument-exchange';
import type { IngestRepository, OiSnapshot, StoredCandle } from './ingest.repository';

/** How the pipeline is set up. */
export interface TickIngestOptions {
  readonly repository: IngestRepository;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  /** How often closed candles are written, ms (default 1,000). */
  readonly flushMs?: number;
  /**
   * How long after a minute's end its candle waits for late ticks before it is closed and written, ms (default
   * 2,000). A tick arriving later than that for a closed minute is ignored.
   */
  readonly lateMs?: number;
  /** Most rows kept while the database is failing; beyond it the oldest are dropped (default 500,000). */
  readonly maxPending?: number;
  /** The exchange whose sessions an instrument follows (default: from the token). */
  readonly exchangeOf?: (token: number) => Exchange;
}

/** What the pipeline has done so far. */
export interface TickIngestStats {
  readonly ticks: number;
  readonly candlesWritten: number;
  readonly snapshotsWritten: number;
  /** Rows closed and not yet written. */
  readonly pending: number;
  /** Rows dropped because the database failed for too long. */
  readonly dropped: number;
}

/** A running candle pipeline: hand its `sink` the feed source's ticks. */
export interface TickIngest {
  /** Takes a batch of ticks (cheap: candle state in memory only; writing happens on the flush timer). */
  readonly sink: TickSink;
  /** Seeds the session's volume already stored (after a restart) and starts the flush timer. */
  start(): Promise<void>;
  /** Closes the candles that are over and writes them: one statement per table. */
  flush(): Promise<void>;
  /** Stops the timer and writes what has closed. The minute in progress is not written. */
  stop(): Promise<void>;
  stats(): TickIngestStats;
}

const DEFAULT_FLUSH_MS = 1_000;
const DEFAULT_LATE_MS = 2_000;
const DEFAULT_MAX_PENDING = 500_000;

/**
 * The ingest pipeline for sources whose history is not computed (a broker's ticker): builds 1-minute and 3-minute
 * candles from every tick, stores each closed 1-minute candle and, every 3 minutes, each instrument's OI, in
 * batches. Upserts make a repeated write harmless. After a restart the session's stored volume seeds the builder,
 * so the first tick's cumulative volume is not counted twice.
 */
export function createTickIngest(options: TickIngestOptions): TickIngest {
  const { repository, clock } = options;
  const log = options.logger.child({ module: 'tick-ingest' });
  const flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  const lateMs = options.lateMs ?? DEFAULT_LATE_MS;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  let candles: StoredCandle[] = [];
  let snapshots: OiSnapshot[] = [];
  let ticks = 0;
  let candlesWritten = 0;
  let snapshotsWritten = 0;
  let dropped = 0;
  let failing = false;
  let timer: TimerHandle | undefined;
  let running: Promise<void> | undefined;

  const builder = new CandleBuilder({
    resolutions: ['1m', '3m'],
    exchangeOf: options.exchangeOf ?? exchangeOfToken,
    onClose(token, resolution, candle) {
      if (resolution === '1m') candles.push({ token, ...candle });
      else snapshots.push({ token, t: candle.t, oi: candle.oi });
    },
  });

  const sink: TickSink = (batch: readonly FeedTick[]) => {
    ticks += batch.length;
    builder.addAll(batch);
  };

  const bound = <T>(rows: T[]): T[] => {
    if (rows.length <= maxPending) return rows;
    dropped += rows.length - maxPending;
    return rows.slice(rows.length - maxPending);
  };

  const write = async (): Promise<void> => {
    builder.closeThrough(clock.now() - lateMs);
    const batchCandles = candles;
    const batchSnapshots = snapshots;
    if (batchCandles.length === 0 && batchSnapshots.length === 0) return;
    candles = [];
    snapshots = [];
    let candlesStored = false;
    try {
      await repository.upsertCandles(batchCandles);
      candlesStored = true;
      candlesWritten += batchCandles.length;
      await repository.upsertOiSnapshots(batchSnapshots);
      snapshotsWritten += batchSnapshots.length;
      if (failing) log.info({ candles: batchCandles.length }, 'candle storage recovered');
      failing = false;
    } catch (err) {
      // Keep the rows for the next flush (upserts make a repeat harmless); log once per outage.
      candles = bound([...(candlesStored ? [] : batchCandles), ...candles]);
      snapshots = bound([...batchSnapshots, ...snapshots]);
      if (!failing) log.error({ err }, 'could not store candles; retrying on the next flush');
      failing = true;
    }
  };

  // One write at a time: a flush asked for during one waits for it, then writes what closed meanwhile.
  const flush = async (): Promise<void> => {
    while (running) await running;
    running = write().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    sink,
    async start() {
      const now = clock.now();
      const volumes = await repository.volumesSince(istMidnight(istDateOf(now)));
      for (const [token, volume] of volumes) builder.seedVolume(token, volume, now);
      timer = clock.setInterval(() => {
        if (!running) void flush();
      }, flushMs);
      log.info({ instruments: volumes.size, flushMs }, 'candle ingest started');
    },
    flush,
    async stop() {
      timer?.cancel();
      timer = undefined;
      await flush();
    },
    stats: () => ({
      ticks,
      candlesWritten,
      snapshotsWritten,
      pending: candles.length + snapshots.length,
      dropped,
    }),
  };
}
