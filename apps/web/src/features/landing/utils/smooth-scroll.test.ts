import { describe, expect, it } from 'vitest';
import { easeInOutCubic, LANDING_SCROLL_DURATION_MS } from './smooth-scroll';

describe('landing scroll', () => {
  it('takes 2000 ms', () => {
    expect(LANDING_SCROLL_DURATION_MS).toBe(2000);
  });

  it('eases in and out: starts and ends slowly, passes halfway at half time', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });
});
