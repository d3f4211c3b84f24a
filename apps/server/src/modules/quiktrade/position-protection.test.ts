import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateProtection, type ProtectionLevels } from './position-protection';

const levels = (over: Partial<ProtectionLevels> = {}): ProtectionLevels => ({
  target: null,
  stopLoss: null,
  trailingStop: null,
  trailAnchor: null,
  ...over,
});

describe('position protection', () => {
  it('exits a long at or above its target and at or below its stop', () => {
    const l = levels({ target: 120, stopLoss: 90 });
    expect(evaluateProtection(l, 'long', 119.95).trigger).toBeNull();
    expect(evaluateProtection(l, 'long', 120).trigger).toBe('target');
    expect(evaluateProtection(l, 'long', 90).trigger).toBe('stopLoss');
    expect(evaluateProtection(l, 'long', 100).trigger).toBeNull();
  });

  it('exits a short at or below its target and at or above its stop', () => {
    const l = levels({ target: 80, stopLoss: 110 });
    expect(evaluateProtection(l, 'short', 80).trigger).toBe('target');
    expect(evaluateProtection(l, 'short', 110.05).trigger).toBe('stopLoss');
    expect(evaluateProtection(l, 'short', 95).trigger).toBeNull();
  });

  it('trails a long stop up by the step for every step of favourable move', () => {
    const l = levels({ stopLoss: 90, trailingStop: 5, trailAnchor: 100 });
    const up = evaluateProtection(l, 'long', 112);
    expect(up.next.stopLoss).toBe(100);
    expect(up.next.trailAnchor).toBe(110);
    expect(up.trigger).toBeNull();
    // A fall back does not loosen the stop, and crossing it exits.
    expect(evaluateProtection(up.next, 'long', 104).next.stopLoss).toBe(100);
    expect(evaluateProtection(up.next, 'long', 100).trigger).toBe('stopLoss');
  });

  it('never loosens a stop, for either side, over any price path (seed printed on failure)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.array(fc.integer({ min: 5000, max: 15000 }), { minLength: 1, maxLength: 50 }),
        (side, path) => {
          let l = levels({ stopLoss: side === 'long' ? 90 : 110, trailingStop: 2.5, trailAnchor: 100 });
          for (const paise of path) {
            const before = l.stopLoss ?? 0;
            l = evaluateProtection(l, side, paise / 100).next;
            const after = l.stopLoss ?? 0;
            if (side === 'long' ? after < before : after > before) return false;
          }
          return true;
        },
      ),
      { seed: 20261128 },
    );
  });
});
