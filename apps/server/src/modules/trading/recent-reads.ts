import { SingleFlight } from '../../platform/single-flight';

/** How long a read is reused: what another API process wrote shows within this time. */
export const RECENT_READ_TTL_MS = 1_000;
const MAX_KEPT = 50_000;

/**
 * Reads kept for a short while per key (an account's risk settings, a user's plans), so an order burst does not read
 * them once per order. A write in this process replaces the kept value at once ({@link RecentReads.set}); a write in
 * another process shows after at most `ttlMs`. An entry never outlives the `until` its read gave (a plan's end).
 * Concurrent misses of one key share one read.
 */
export class RecentReads<K, V> {
  private readonly kept = new Map<K, { value: V; readAt: number; until: number }>();
  private readonly reads = new SingleFlight<K, V>();

  /**
   * @param read reads the value of a key
   * @param keep whether a value read may be kept, and until when (epoch ms, or Infinity); undefined: not kept
   */
  constructor(
    private readonly read: (key: K) => Promise<V>,
    private readonly keep: (value: V) => number | undefined = () => Infinity,
    private readonly ttlMs = RECENT_READ_TTL_MS,
  ) {}

  /** The key's value, reused while it is younger than the TTL and `now` (epoch ms) is before its end. */
  async get(key: K, now: number): Promise<V> {
    const entry = this.kept.get(key);
    if (entry && performance.now() - entry.readAt < this.ttlMs && now < entry.until) return entry.value;
    return this.reads.run(key, async (current) => {
      const value = await this.read(key);
      if (current()) this.remember(key, value);
      return value;
    });
  }

  /** The key's value as this process has just written it. */
  set(key: K, value: V): void {
    this.reads.forget(key);
    this.remember(key, value);
  }

  private remember(key: K, value: V): void {
    const until = this.keep(value);
    if (until === undefined) {
      this.kept.delete(key);
      return;
    }
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(key, { value, readAt: performance.now(), until });
  }
}
