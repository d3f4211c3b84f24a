import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exponentialOf, hashOf, mix32, normalOf, streamKey, uniformOf } from './seeded-noise';

describe('counter-based noise', () => {
  it('gives the same draw for the same seed and counters, and different draws for different ones', () => {
    const key = streamKey(42, 1);
    expect(hashOf(key, 10, 20, 30)).toBe(hashOf(streamKey(42, 1), 10, 20, 30));
    expect(hashOf(key, 10, 20, 30)).not.toBe(hashOf(key, 10, 20, 31));
    expect(streamKey(42, 1)).not.toBe(streamKey(43, 1));
    expect(streamKey(42, 1)).not.toBe(streamKey(42, 2));
  });

  it('keeps hashes within 32 unsigned bits and uniforms strictly inside (0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (value) => {
        const hash = mix32(value);
        const u = uniformOf(hash);
        return hash >= 0 && hash < 2 ** 32 && u > 0 && u < 1 && exponentialOf(hash) > 0;
      }),
      { seed: 20_260_101 },
    );
  });

  it('draws standard normals: mean 0, variance 1, symmetric tails', () => {
    const key = streamKey(7, 3);
    let sum = 0;
    let squares = 0;
    let beyondTwo = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const z = normalOf(hashOf(key, i));
      sum += z;
      squares += z * z;
      if (Math.abs(z) > 2) beyondTwo++;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    expect(squares / n).toBeGreaterThan(0.98);
    expect(squares / n).toBeLessThan(1.02);
    // P(|Z| > 2) = 4.55 %.
    expect(beyondTwo / n).toBeGreaterThan(0.042);
    expect(beyondTwo / n).toBeLessThan(0.049);
  });
});
