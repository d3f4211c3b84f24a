import { describe, expect, it } from 'vitest';
import { RecentReads } from './recent-reads';

function counted<V>(values: V[]) {
  let reads = 0;
  return {
    read: async () => values[Math.min(reads++, values.length - 1)] as V,
    reads: () => reads,
  };
}

describe('RecentReads', () => {
  it('reuses a read within its time and shares one read between concurrent misses', async () => {
    const source = counted(['a', 'b']);
    const kept = new RecentReads(source.read, () => Infinity, 60_000);
    expect(await Promise.all([kept.get('k', 0), kept.get('k', 0)])).toEqual(['a', 'a']);
    expect(await kept.get('k', 0)).toBe('a');
    expect(source.reads()).toBe(1);
  });

  it('reads again once the time is up', async () => {
    const source = counted(['a', 'b']);
    const kept = new RecentReads(source.read, () => Infinity, 0);
    expect(await kept.get('k', 0)).toBe('a');
    expect(await kept.get('k', 0)).toBe('b');
  });

  it('never keeps a value past the end its read gave, nor one it may not keep', async () => {
    const ending = counted([10, 20]);
    const kept = new RecentReads(ending.read, (v) => v, 60_000);
    expect(await kept.get('k', 5)).toBe(10);
    expect(await kept.get('k', 9)).toBe(10);
    expect(await kept.get('k', 10)).toBe(20);

    const none = counted<number[]>([[], [1]]);
    const plans = new RecentReads(none.read, (v) => (v.length > 0 ? Infinity : undefined), 60_000);
    expect(await plans.get('k', 0)).toEqual([]);
    expect(await plans.get('k', 0)).toEqual([1]);
  });

  it('answers what this process wrote at once', async () => {
    const source = counted(['a']);
    const kept = new RecentReads(source.read, () => Infinity, 60_000);
    expect(await kept.get('k', 0)).toBe('a');
    kept.set('k', 'written');
    expect(await kept.get('k', 0)).toBe('written');
    expect(source.reads()).toBe(1);
  });
});
