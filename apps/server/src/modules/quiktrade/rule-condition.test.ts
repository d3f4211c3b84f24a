import { describe, expect, it } from 'vitest';
import { compares, createFiringRateLimit, createWaitTickCounter } from './rule-condition';

describe('rule conditions', () => {
  it('compares with each comparator, EQ within half a tick', () => {
    expect(compares(100, 'EQ', 100.02)).toBe(true);
    expect(compares(100, 'EQ', 100.05)).toBe(false);
    expect(compares(100, 'GT', 100)).toBe(false);
    expect(compares(100, 'GE', 100)).toBe(true);
    expect(compares(99.95, 'LT', 100)).toBe(true);
    expect(compares(100, 'LE', 100)).toBe(true);
  });

  it('fires on the Nth consecutive qualifying tick and a non-qualifying tick resets the count', () => {
    const c = createWaitTickCounter();
    expect(c.observe('r', 1, true, 3)).toBe(false);
    expect(c.observe('r', 2, true, 3)).toBe(false);
    expect(c.observe('r', 3, false, 3)).toBe(false);
    expect(c.observe('r', 4, true, 3)).toBe(false);
    expect(c.observe('r', 5, true, 3)).toBe(false);
    expect(c.observe('r', 6, true, 3)).toBe(true);
  });

  it('counts one tick once however many passes see it', () => {
    const c = createWaitTickCounter();
    expect(c.observe('r', 1, true, 2)).toBe(false);
    expect(c.observe('r', 1, true, 2)).toBe(false);
    expect(c.observe('r', 2, true, 2)).toBe(true);
  });

  it('allows at most the limit of firings per account in a minute', () => {
    const limit = createFiringRateLimit(2);
    expect(limit.tryTake('a', 0)).toBe(true);
    expect(limit.tryTake('a', 1000)).toBe(true);
    expect(limit.tryTake('a', 2000)).toBe(false);
    expect(limit.tryTake('b', 2000)).toBe(true);
    expect(limit.tryTake('a', 60_001)).toBe(true);
  });
});
