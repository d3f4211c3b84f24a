// Fixed-size blocks of doubles cut from one allocation made when the pool is created, for caches whose entries are
// arrays of about the same size (a session's minute candles, an option's values through a session). V8 counts
// memory outside the JS heap as it is allocated and starts a full collection after every 64 MB of it; a cache that
// allocated each entry as it filled would set off several, each stalling requests for tens of milliseconds on one
// core. Taken from the pool, entries allocate nothing, whether the cache is filling or replacing old entries. Pages
// of the allocation that no entry has used are never touched, so they take no resident memory.

/** Blocks of `blockLength` doubles, `blocks` of them, taken and given back by the owner of the entries. */
export class BlockPool {
  readonly blockLength: number;
  private readonly memory: ArrayBuffer;
  /** Indexes of the free blocks, the lowest last (taken first). */
  private readonly free: number[];

  constructor(blockLength: number, blocks: number) {
    this.blockLength = blockLength;
    this.memory = new ArrayBuffer(blockLength * blocks * Float64Array.BYTES_PER_ELEMENT);
    this.free = Array.from({ length: blocks }, (_, i) => blocks - 1 - i);
  }

  /** Free blocks left. */
  get available(): number {
    return this.free.length;
  }

  /**
   * A block of `length` doubles holding whatever it held before: from the pool when it fits and one is free,
   * else newly allocated.
   */
  take(length: number): Float64Array {
    const index = length <= this.blockLength ? this.free.pop() : undefined;
    if (index === undefined) return new Float64Array(length);
    return new Float64Array(this.memory, index * this.blockLength * Float64Array.BYTES_PER_ELEMENT, length);
  }

  /** Gives back a block {@link take} returned; one allocated apart is left to the collector. */
  give(block: Float64Array): void {
    if (block.buffer !== this.memory) return;
    this.free.push(block.byteOffset / Float64Array.BYTES_PER_ELEMENT / this.blockLength);
  }
}
