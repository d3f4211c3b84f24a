import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('computes a key once while it is cached, null included', () => {
    const cache = new BoundedCache<string, number | null>(4);
    let computed = 0;
    const value = (key: string) =>
      cache.getOrCompute(key, () => {
        computed += 1;
        return key === 'none' ? null : key.length;
      });
    expect(value('ab')).toBe(2);
    expect(value('ab')).toBe(2);
    expect(value('none')).toBeNull();
    expect(value('none')).toBeNull();
    expect(computed).toBe(2);
    expect(cache.has('ab')).toBe(true);
    expect(cache.has('abc')).toBe(false);
  });

  it('never holds more than its capacity, and keeps what is in use however many others pass through', () => {
    const cache = new BoundedCache<number, number>(100);
    let computed = 0;
    const compute = () => ++computed;
    for (let i = 0; i < 10_000; i++) {
      cache.getOrCompute(-1, compute); // in use all along
      cache.getOrCompute(i, compute);
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    // -1 computed once, each other key once.
    expect(computed).toBe(10_001);
    expect(cache.has(-1)).toBe(true);
    expect(cache.has(0)).toBe(false);
    // At least the last half-capacity distinct keys are kept.
    for (let i = 10_000 - 49; i < 10_000; i++) expect(cache.has(i), `key ${i}`).toBe(true);
  });

  it('keeps an entry used again before it would be dropped', () => {
    const cache = new BoundedCache<number, string>(4);
    for (const key of [1, 2, 3]) cache.getOrCompute(key, () => `v${key}`);
    // 1 is in the older generation now; using it moves it to the newer one.
    expect(cache.getOrCompute(1, () => 'again')).toBe('v1');
    for (const key of [4, 5]) cache.getOrCompute(key, () => `v${key}`);
    expect(cache.has(1)).toBe(true);
    expect(cache.size).toBeLessThanOrEqual(4);
  });

  it('refuses a capacity it cannot honour', () => {
    expect(() => new BoundedCache(1)).toThrow(RangeError);
    expect(() => new BoundedCache(2.5)).toThrow(RangeError);
  });
});
