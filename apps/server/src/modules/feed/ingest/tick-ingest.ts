import type { FeedTick } from '@fnodesk/contracts';
import type { Clock, Exchange, TimerHandle } from '@fnodesk/domain';
import { CandleBuilder, EXCHANGES, istDateOf, istMidnight, sessionOn } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TickSink } from '../feed-source';
import { exchangeOfToken } from './instrument-exchange';
import { istDayStart, type IngestRepository, type OiSnapshot, type StoredCandle } from './ingest.repository';

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
  /** How often closed days are looked for and compacted, ms (default an hour; the first look is at start). */
  readonly compactEveryMs?: number;
  /**
   * How often today's minutes written so far are compacted into today's rows, ms (default 15 minutes); only when
   * minutes were written since, and once more as soon as the day's sessions are over and their last minutes written.
   */
  readonly compactTodayEveryMs?: number;
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
  /**
   * Compacts each closed day of the last week not compacted for good yet (see
   * {@link IngestRepository.compactedDays}), and again each token's day whose minutes were written since its row
   * was (today's session so far, a closed day's late minutes). Runs at start and then on a timer; the second part
   * also runs on today's timer and when the day's sessions are over.
   */
  compact(): Promise<void>;
  /** Stops the timer and writes what has closed. The minute in progress is not written. */
  stop(): Promise<void>;
  stats(): TickIngestStats;
}

const DEFAULT_FLUSH_MS = 1_000;
const DEFAULT_LATE_MS = 2_000;
const DEFAULT_MAX_PENDING = 500_000;
const DEFAULT_COMPACT_EVERY_MS = 3_600_000;
const DEFAULT_COMPACT_TODAY_EVERY_MS = 900_000;
const DAY_MS = 86_400_000;
/** Closed days looked at for compaction: a week covers a restart after a long weekend or a holiday run. */
const COMPACT_DAYS = 7;

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
  let compactTimer: TimerHandle | undefined;
  let compactTodayTimer: TimerHandle | undefined;
  let running: Promise<void> | undefined;
  let compacting: Promise<void> | undefined;
  /**
   * Tokens per day whose minutes were written since the day's row was (today's session as it goes, a closed day's
   * late minutes), to compact (again).
   */
  const written = new Map<number, Set<number>>();
  const markWritten = (day: number, tokens: Iterable<number>) => {
    const set = written.get(day) ?? new Set<number>();
    for (const token of tokens) set.add(token);
    written.set(day, set);
  };
  /** When the day's last session (over every exchange) closes, epoch ms; Infinity on a day without a session. */
  let sessionsEnd = { day: NaN, at: Infinity };
  const sessionsEndOf = (day: number): number => {
    if (sessionsEnd.day !== day) {
      const date = istDateOf(day);
      const closes = EXCHANGES.flatMap((exchange) => sessionOn(date, exchange)?.close ?? []);
      sessionsEnd = { day, at: closes.length > 0 ? Math.max(...closes) : Infinity };
    }
    return sessionsEnd.at;
  };

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
      for (const candle of batchCandles) markWritten(istDayStart(candle.t), [candle.token]);
      // The day's sessions are over and this flush wrote their last minutes (closed lateMs after the close): today
      // becomes one row per instrument now rather than on the next timer.
      const today = istDayStart(clock.now());
      if (batchCandles.length > 0 && written.has(today) && clock.now() - lateMs >= sessionsEndOf(today)) {
        void compact(false);
      }
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

  const compactOnce = async (closedDays: boolean): Promise<void> => {
    const now = clock.now();
    const today = istDayStart(now);
    if (closedDays) {
      const since = today - COMPACT_DAYS * DAY_MS;
      const done = new Set(await repository.compactedDays(since));
      for (let day = since; day < today; day += DAY_MS) {
        if (done.has(day)) continue;
        // Minutes written from here on are compacted by the next run.
        const tokens = written.get(day);
        written.delete(day);
        try {
          const rows = await repository.compactDay(day, { now });
          if (rows > 0) log.info({ day: new Date(day).toISOString(), instruments: rows }, 'compacted a closed day');
        } catch (err) {
          if (tokens) markWritten(day, tokens);
          throw err;
        }
      }
    }
    for (const [day, tokens] of [...written]) {
      written.delete(day);
      try {
        const rows = await repository.compactDay(day, { now, tokens: [...tokens] });
        log.debug({ day: new Date(day).toISOString(), instruments: rows, today: day === today }, 'compacted a day');
      } catch (err) {
        markWritten(day, tokens);
        throw err;
      }
    }
  };

  // One compaction at a time; a failure is logged and the next run tries again.
  const compact = async (closedDays: boolean): Promise<void> => {
    while (compacting) await compacting;
    compacting = compactOnce(closedDays)
      .catch((err: unknown) => log.error({ err }, 'could not compact stored minutes; retrying on the next run'))
      .finally(() => {
        compacting = undefined;
      });
    return compacting;
  };

  return {
    sink,
    compact: () => compact(true),
    async start() {
      const now = clock.now();
      const volumes = await repository.volumesSince(istMidnight(istDateOf(now)));
      for (const [token, volume] of volumes) builder.seedVolume(token, volume, now);
      timer = clock.setInterval(() => {
        if (!running) void flush();
      }, flushMs);
      void compact(true);
      compactTimer = clock.setInterval(() => {
        if (!compacting) void compact(true);
      }, options.compactEveryMs ?? DEFAULT_COMPACT_EVERY_MS);
      compactTodayTimer = clock.setInterval(() => {
        if (!compacting && written.size > 0) void compact(false);
      }, options.compactTodayEveryMs ?? DEFAULT_COMPACT_TODAY_EVERY_MS);
      log.info({ instruments: volumes.size, flushMs }, 'candle ingest started');
    },
    flush,
    async stop() {
      timer?.cancel();
      timer = undefined;
      compactTimer?.cancel();
      compactTimer = undefined;
      compactTodayTimer?.cancel();
      compactTodayTimer = undefined;
      await flush();
      await compacting;
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
