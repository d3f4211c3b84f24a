/**
 * A cache of at most `capacity` entries that keeps the recently used ones: entries live in two generations, and
 * when the newer one fills, the older one is dropped and the newer takes its place. A hit in the newer generation
 * writes nothing; a hit in the older one moves the entry to the newer. Of the entries in use, at least the last
 * `capacity / 2` distinct ones are kept.
 *
 * (A strict least-recently-used order, deleting and re-inserting a Map key on every hit, makes V8 rebuild the Map's
 * table every few hundred hits: at thousands of hits a second those tables outlived young-generation collections
 * and filled the old generation.) Values may be null: "known to be absent" is cached too.
 */
export class BoundedCache<K, V> {
  private recent = new Map<K, V>();
  private older = new Map<K, V>();
  /** Entries per generation. */
  private readonly generation: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2)
      throw new RangeError(`a cache holds at least 2 entries, not ${capacity}`);
    this.generation = Math.floor(capacity / 2);
  }

  /** The cached value of a key, or the one `compute` gives (then cached). */
  getOrCompute(key: K, compute: () => V): V {
    if (this.recent.has(key)) return this.recent.get(key) as V;
    if (this.older.has(key)) {
      const value = this.older.get(key) as V;
      this.older.delete(key);
      this.insert(key, value);
      return value;
    }
    const value = compute();
    this.insert(key, value);
    return value;
  }

  /** Whether a key is cached (without counting as a use). */
  has(key: K): boolean {
    return this.recent.has(key) || this.older.has(key);
  }

  /** Forgets a key (a failed computation kept as a promise, to be tried again). */
  delete(key: K): void {
    this.recent.delete(key);
    this.older.delete(key);
  }

  /** How many entries are cached. */
  get size(): number {
    return this.recent.size + this.older.size;
  }

  private insert(key: K, value: V): void {
    if (this.recent.size >= this.generation) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, value);
  }
}
