import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEED_RECONNECT_BOUNDS as SPEC, reconnectDelay } from './reconnect-backoff';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 20 s without jitter at its top', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => reconnectDelay(attempt, () => 1, SPEC));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 20_000, 20_000, 20_000]);
  });

  it('jitters each step down to half of it, never below 1 s', () => {
    expect(reconnectDelay(0, () => 0, SPEC)).toBe(1_000);
    expect(reconnectDelay(3, () => 0, SPEC)).toBe(4_000);
    expect(reconnectDelay(10, () => 0, SPEC)).toBe(10_000);
  });

  it('stays within 1 s and 20 s for any attempt and any random number (seed printed on failure)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000 }), fc.double({ noNaN: false }), (attempt, r) => {
        const delay = reconnectDelay(attempt, () => r, SPEC);
        return delay >= SPEC.minMs && delay <= SPEC.maxMs;
      }),
      { seed: 7 },
    );
  });
});
