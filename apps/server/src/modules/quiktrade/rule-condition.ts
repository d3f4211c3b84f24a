import type { RuleComparator } from '@fnodesk/contracts';

/**
 * `observed comparator threshold`. EQ on prices holds within half a tick (₹0.025): last prices sit on the 5-paise
 * grid, so a threshold typed off the grid still matches the nearest price.
 */
export function compares(observed: number, comparator: RuleComparator, threshold: number, tolerance = 0.025): boolean {
  switch (comparator) {
    case 'EQ':
      return Math.abs(observed - threshold) < tolerance + 1e-9;
    case 'GT':
      return observed > threshold;
    case 'GE':
      return observed >= threshold - 1e-9;
    case 'LT':
      return observed < threshold;
    case 'LE':
      return observed <= threshold + 1e-9;
  }
}

/**
 * Counts consecutive qualifying ticks per rule: a tick counts once (the same tick seen by a second pass does not), a
 * non-qualifying tick resets the count. `observe` answers true on the tick that completes `waitTicks`.
 */
export function createWaitTickCounter() {
  const state = new Map<string, { count: number; lastTick: number }>();
  return {
    observe(ruleId: string, tickAt: number, qualifies: boolean, waitTicks: number): boolean {
      const s = state.get(ruleId) ?? { count: 0, lastTick: Number.NEGATIVE_INFINITY };
      if (tickAt <= s.lastTick) return false;
      s.lastTick = tickAt;
      s.count = qualifies ? s.count + 1 : 0;
      state.set(ruleId, s);
      return qualifies && s.count >= waitTicks;
    },
    /** Forgets a rule's count (edited, re-armed, fired or deleted). */
    reset(ruleId: string): void {
      state.delete(ruleId);
    },
  };
}

/** Counts rule firings per account in a sliding minute; `tryTake` is false once `limit` were taken in the window. */
export function createFiringRateLimit(limit: number, windowMs = 60_000) {
  const firings = new Map<string, number[]>();
  return {
    tryTake(accountId: string, at: number): boolean {
      const recent = (firings.get(accountId) ?? []).filter((t) => at - t < windowMs);
      if (recent.length >= limit) {
        firings.set(accountId, recent);
        return false;
      }
      recent.push(at);
      firings.set(accountId, recent);
      return true;
    },
  };
}
