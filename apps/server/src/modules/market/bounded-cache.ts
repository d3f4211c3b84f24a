/**
 * A least-recently-used cache of at most `capacity` entries (a Map keeps insertion order, so re-inserting on a hit
 * makes the first key the least recently used). Values may be null: "known to be absent" is cached too.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = Math.max(1, capacity);
  }

  /** The cached value of a key, or the one `compute` gives (then cached). */
  getOrCompute(key: K, compute: () => V): V {
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as V;
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }

  /** Whether a key is cached (without counting as a use). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** How many entries are cached. */
  get size(): number {
    return this.entries.size;
  }
}
