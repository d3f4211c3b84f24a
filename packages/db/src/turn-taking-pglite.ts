import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite that runs each statement in an event-loop turn of its own.
 *
 * The embedded database executes on the thread that also answers requests, each statement as one uninterrupted
 * stretch of WebAssembly (a millisecond or more, several on a cold path). PGlite runs queued statements back to back,
 * so the three reads of a user's entitlements and the session read behind them held the loop for 10 to 15 ms, and
 * every request that arrived meanwhile waited that long. Here statements outside transactions go one at a time, each
 * after the I/O that is already waiting; requests are answered between them. A transaction's own statements are not
 * affected (they run on the transaction's handle, while it holds the database).
 */
export class TurnTakingPGlite extends PGlite {
  /** Settles when the statement queued last has finished, however it ended. */
  private previous: Promise<unknown> = Promise.resolve();

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const run = this.previous.then(nextTurn).then(() => super.query<T>(query, params, options));
    this.previous = run.catch(() => undefined);
    return run;
  }
}
