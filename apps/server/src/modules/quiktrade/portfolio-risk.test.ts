import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatePortfolio, type PortfolioLevels } from './portfolio-risk';

const levels = (over: Partial<PortfolioLevels> = {}): PortfolioLevels => ({
  mtmStop: null,
  mtmTarget: null,
  trailFrom: null,
  trailLock: null,
  trailStep: null,
  trailStop: null,
  peakMtm: null,
  ...over,
});

describe('portfolio MTM risk', () => {
  it('fires the MTM stop at a loss of the stop or more, and the target at or above it', () => {
    const l = levels({ mtmStop: 5000, mtmTarget: 8000 });
    expect(evaluatePortfolio(l, -4999.99).trigger).toBeNull();
    expect(evaluatePortfolio(l, -5000).trigger).toBe('mtmStop');
    expect(evaluatePortfolio(l, 7999).trigger).toBeNull();
    expect(evaluatePortfolio(l, 8000).trigger).toBe('mtmTarget');
  });

  it('locks in the profit once the MTM reaches the trail start, then trails it by whole steps', () => {
    const l = levels({ trailFrom: 2000, trailLock: 1000, trailStep: 500 });
    expect(evaluatePortfolio(l, 1999).next.trailStop).toBeNull();
    const started = evaluatePortfolio(l, 2000).next;
    expect(started.trailStop).toBe(1000);
    const raised = evaluatePortfolio(started, 3200).next;
    expect(raised.trailStop).toBe(2000);
    expect(evaluatePortfolio(raised, 2100).trigger).toBeNull();
    expect(evaluatePortfolio(raised, 2000).trigger).toBe('trailStop');
  });

  it('never lowers the locked-in stop over any MTM path (seed printed on failure)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000, max: 20_000 }), { minLength: 1, maxLength: 60 }), (path) => {
        let l = levels({ trailFrom: 2000, trailLock: 500, trailStep: 250 });
        for (const mtm of path) {
          const before = l.trailStop ?? -Infinity;
          l = evaluatePortfolio(l, mtm).next;
          if ((l.trailStop ?? -Infinity) < before) return false;
        }
        return true;
      }),
      { seed: 20261128 },
    );
  });
});
