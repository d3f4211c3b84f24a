/**
 * Coalesces concurrent reads of one key: while a read of a key is under way, every other caller asking for that key
 * waits for the same read instead of starting its own.
 *
 * Caches that expire a hot entry otherwise stampede: under load every request that arrives while the entry is being
 * read again misses too, and each starts the same database read (at 2,000 requests a second, dozens of identical
 * reads each second, all on the one thread that also answers requests).
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /**
   * The read under way for `key`, or a new one started with `read`. `read` gets `current`, which is true while
   * no {@link forget} of the key has come since the read started: a read that was forgotten may be out of date,
   * so it should not be kept.
   */
  run(key: K, read: (current: () => boolean) => Promise<V>): Promise<V> {
    const under = this.flights.get(key);
    if (under) return under;
    // Until the flight is set (while `read` runs up to its first await) the key has none at all: still current.
    const started: { flight?: Promise<V> } = {};
    const current = () => this.flights.get(key) === started.flight;
    const flight = read(current).finally(() => {
      if (current()) this.flights.delete(key);
    });
    started.flight = flight;
    this.flights.set(key, flight);
    return flight;
  }

  /**
   * Lets later callers of `key` start a fresh read (what is being read may already be out of date). Callers already
   * waiting still get the read they joined.
   */
  forget(key: K): void {
    this.flights.delete(key);
  }

  /** Reads under way (for tests and metrics). */
  get size(): number {
    return this.flights.size;
  }
}
