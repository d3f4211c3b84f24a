import { createFakeClock } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { createRefreshTimer } from './refresh-timer';

describe('refresh timer', () => {
  it('first refreshes 3 s past the next minute boundary, then every interval, until stopped', () => {
    const start = Date.UTC(2026, 10, 20, 4, 30, 40);
    const clock = createFakeClock(start);
    const timer = createRefreshTimer(clock, 60_000);
    const at: number[] = [];
    timer.start(() => at.push(clock.now() - start));
    expect(timer.nextAt()).toBe(start + 23_000);

    clock.advance(200_000);
    expect(at).toEqual([23_000, 83_000, 143_000]);
    expect(timer.nextAt()).toBe(start + 203_000);

    timer.stop();
    expect(timer.nextAt()).toBeNull();
    clock.advance(120_000);
    expect(at).toHaveLength(3);
    expect(clock.pending()).toBe(0);
  });

  it('tells its subscribers when the next refresh moves', () => {
    const clock = createFakeClock(0);
    const timer = createRefreshTimer(clock, 30_000);
    let calls = 0;
    timer.subscribe(() => calls++);
    timer.start(() => undefined);
    clock.advance(63_000);
    expect(calls).toBe(2);
    expect(timer.nextAt()).toBe(93_000);
  });
});
