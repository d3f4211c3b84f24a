import { describe, expect, it } from 'vitest';
import { BlockPool } from './block-pool';

describe('block pool', () => {
  it('hands out disjoint blocks of one allocation, and the same block again once given back', () => {
    const pool = new BlockPool(4, 3);
    const a = pool.take(4);
    const b = pool.take(3);
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset - a.byteOffset).toBe(4 * 8);
    expect(b).toHaveLength(3);
    a.fill(1);
    b.fill(2);
    expect([...a]).toEqual([1, 1, 1, 1]);
    expect(pool.available).toBe(1);
    pool.give(a);
    expect(pool.available).toBe(2);
    const again = pool.take(2);
    expect(again.byteOffset).toBe(a.byteOffset);
    // Whatever the block held before is still there: the owner writes before it reads.
    expect([...again]).toEqual([1, 1]);
  });

  it('allocates apart when a block is too small or none is free, and ignores those when given back', () => {
    const pool = new BlockPool(4, 1);
    const large = pool.take(5);
    expect(large.buffer).not.toBe(pool.take(4).buffer);
    expect(pool.available).toBe(0);
    const extra = pool.take(4);
    expect(extra).toHaveLength(4);
    pool.give(large);
    pool.give(extra);
    expect(pool.available).toBe(0);
  });
});
