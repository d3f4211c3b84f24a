import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Types whose values the database layer (Drizzle's PGlite driver) takes as text and parses in its columns: dates,
 * timestamps and intervals, and their arrays (numeric[] 1231, timestamp[] 1115, timestamptz[] 1185, interval[] 1187,
 * date[] 1182).
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const TEXT_PARSERS = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (value: string) => value]));

/**
 * The statement's options without parsers that only repeat the instance's own. Drizzle hands every statement the
 * same parsers (those of {@link TEXT_TYPES}, returning the text); PGlite merges a statement's parsers into a copy of
 * its whole parser table on every statement, a tenth of a millisecond each. The instance has them from the start.
 */
function withoutRepeatedParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  if (!Object.keys(parsers).every((oid) => TEXT_TYPES.includes(Number(oid)))) return options;
  const { parsers: _repeated, ...rest } = options;
  return rest;
}

/**
 * PGlite that runs each statement in an event-loop turn of its own.
 *
 * The embedded database executes on the thread that also answers requests, each statement as one uninterrupted
 * stretch of WebAssembly (a millisecond or more, several on a cold path). PGlite runs queued statements back to back,
 * so the three reads of a user's entitlements and the session read behind them held the loop for 10 to 15 ms, and
 * every request that arrived meanwhile waited that long. Here statements outside transactions go one at a time, each
 * after the I/O that is already waiting; requests are answered between them. A transaction's own statements are not
 * affected (they run on the transaction's handle, while it holds the database).
 *
 * Dates, timestamps and intervals come back as text (see {@link TEXT_TYPES}), as the database layer expects.
 */
export class TurnTakingPGlite extends PGlite {
  /** Settles when the statement queued last has finished, however it ended. */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(dataDir?: string) {
    // (PGlite reads its options from the first argument unless that is a directory.)
    super(dataDir === undefined ? { parsers: TEXT_PARSERS } : { dataDir, parsers: TEXT_PARSERS });
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const run = this.previous.then(nextTurn).then(() => super.query<T>(query, params, withoutRepeatedParsers(options)));
    this.previous = run.catch(() => undefined);
    return run;
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) =>
      callback(
        Object.create(tx, {
          query: {
            value: <R>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> =>
              tx.query<R>(query, params, withoutRepeatedParsers(options)),
          },
        }) as Transaction,
      ),
    );
  }
}
