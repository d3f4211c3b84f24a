import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, reconnectDelay } from './reconnect-backoff';

describe('reconnect backoff', () => {
  it('doubles from 1 s to the 20 s ceiling without jitter at the midpoint', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 40].map((n) => reconnectDelay(n, DEFAULT_BACKOFF, () => 0.5));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 20_000, 20_000, 20_000]);
  });

  it('spreads each delay by up to ±30 %, never below 1 s or above 20 s', () => {
    expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(5_600);
    expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 0.999_999)).toBe(10_400);
    expect(reconnectDelay(0, DEFAULT_BACKOFF, () => 0)).toBe(1_000);
    expect(reconnectDelay(10, DEFAULT_BACKOFF, () => 0.999_999)).toBe(20_000);
    expect(reconnectDelay(10, DEFAULT_BACKOFF, () => 0)).toBe(14_000);
  });
});
