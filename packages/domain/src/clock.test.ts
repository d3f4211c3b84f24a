import { describe, expect, it } from 'vitest';
import { createFakeClock } from './clock';

describe('fake clock', () => {
  it('fires timers in due order and shows each its own due time', () => {
    const clock = createFakeClock(1_000);
    const seen: Array<[string, number]> = [];
    clock.setTimeout(() => seen.push(['b', clock.now()]), 200);
    clock.setTimeout(() => seen.push(['a', clock.now()]), 100);
    clock.advance(500);
    expect(seen).toEqual([
      ['a', 1_100],
      ['b', 1_200],
    ]);
    expect(clock.now()).toBe(1_500);
  });

  it('repeats intervals until cancelled', () => {
    const clock = createFakeClock(0);
    let ticks = 0;
    const handle = clock.setInterval(() => ticks++, 250);
    clock.advance(1_000);
    expect(ticks).toBe(4);
    handle.cancel();
    clock.advance(1_000);
    expect(ticks).toBe(4);
    expect(clock.pending()).toBe(0);
  });

  it('does not fire a cancelled timeout and refuses to go backwards', () => {
    const clock = createFakeClock(5_000);
    let fired = false;
    clock.setTimeout(() => (fired = true), 10).cancel();
    clock.advance(100);
    expect(fired).toBe(false);
    expect(() => clock.set(0)).toThrow(RangeError);
  });

  it('runs a timer scheduled by another timer within the same advance', () => {
    const clock = createFakeClock(0);
    const order: number[] = [];
    clock.setTimeout(() => {
      order.push(clock.now());
      clock.setTimeout(() => order.push(clock.now()), 50);
    }, 100);
    clock.advance(200);
    expect(order).toEqual([100, 150]);
  });
});
