import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { effectiveLiveStatus, publishLiveStatus, secondsUntil, useLiveStatus } from './live-status';

describe('live status', () => {
  it('falls back to the minute cadence: 59 minus the current second to the next update', () => {
    const now = Date.UTC(2026, 10, 20, 4, 30, 17, 400);
    const status = effectiveLiveStatus(null, now);

    expect(status.lastUpdatedAt).toBe(Date.UTC(2026, 10, 20, 4, 30, 0));
    expect(secondsUntil(status.nextUpdateAt, now)).toBe(59 - 17);
  });

  it("uses the timing a page publishes, and tells the status dot's readers", () => {
    const { result } = renderHook(() => useLiveStatus());
    expect(result.current).toBeNull();

    act(() => publishLiveStatus({ lastUpdatedAt: 1_000, nextUpdateAt: 16_000 }));
    expect(result.current).toEqual({ lastUpdatedAt: 1_000, nextUpdateAt: 16_000 });
    expect(effectiveLiveStatus(result.current, 5_000).nextUpdateAt).toBe(16_000);

    act(() => publishLiveStatus(null));
    expect(result.current).toBeNull();
  });

  it('never counts below zero', () => {
    expect(secondsUntil(1_000, 5_000)).toBe(0);
  });
});
