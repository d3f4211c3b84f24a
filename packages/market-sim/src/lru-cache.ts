// A small least-recently-used cache on a Map (whose iteration order is insertion order): a hit moves the entry to
// the back, and inserting past the capacity drops the entry at the front.

/** A bounded map that forgets the least recently used entry first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  /** Most entries kept. */
  readonly capacity: number;
  private readonly evicted: ((value: V) => void) | null;

  constructor(capacity: number, evicted?: (value: V) => void) {
    this.capacity = Math.max(1, capacity);
    this.evicted = evicted ?? null;
  }

  /** Number of entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** The value for a key (marking it recently used), or undefined. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Stores a value, dropping the least recently used entry when full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.entries().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value[0]);
        this.evicted?.(oldest.value[1]);
      }
    }
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
  }
}
