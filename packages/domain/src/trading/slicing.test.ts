import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotSizeFor, volumeFreezeQuantity } from '../market/contract-specs';
import { effectiveSliceLots, sliceOrder } from './slicing';

describe('order slicing (spec §5)', () => {
  it('slices a 40-lot NIFTY order at the freeze limit: 27 lots then 13', () => {
    const lotSize = lotSizeFor('NIFTY', '2026-11-24');
    const freeze = volumeFreezeQuantity('NIFTY', '2026-11-19');
    expect(lotSize).toBe(65);
    expect(freeze).toBe(1_800);
    const sliceLots = effectiveSliceLots(0, freeze, lotSize);
    expect(sliceLots).toBe(27);
    const slices = sliceOrder(40, sliceLots, lotSize);
    expect(slices.map((s) => s.lots)).toEqual([27, 13]);
    expect(slices.map((s) => s.quantity)).toEqual([1_755, 845]);
    expect(slices.every((s) => freeze !== null && s.quantity <= freeze)).toBe(true);
  });

  it('uses an entered slice lot, and sends the order whole when no freeze is known', () => {
    expect(sliceOrder(10, effectiveSliceLots(4, 1_800, 65), 65).map((s) => s.lots)).toEqual([4, 4, 2]);
    expect(sliceOrder(10, effectiveSliceLots(null, null, 75), 75)).toEqual([{ index: 0, lots: 10, quantity: 750 }]);
  });

  it('refuses nonsense', () => {
    expect(() => sliceOrder(0, 5, 65)).toThrow(RangeError);
    expect(() => sliceOrder(5, 0, 65)).toThrow(RangeError);
    expect(() => sliceOrder(5, 2.5, 65)).toThrow(RangeError);
  });

  it('property: slices add up to the order, none exceeds the slice lot, only the last is smaller', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 1_800 }),
        (lots, slice, lotSize) => {
          const slices = sliceOrder(lots, slice, lotSize);
          expect(slices.reduce((sum, s) => sum + s.lots, 0)).toBe(lots);
          expect(slices.every((s) => s.lots <= slice && s.quantity === s.lots * lotSize)).toBe(true);
          expect(slices.slice(0, -1).every((s) => s.lots === slice)).toBe(true);
          expect(slices.map((s) => s.index)).toEqual(slices.map((_, i) => i));
        },
      ),
      { seed: 30, numRuns: 300 },
    );
  });
});
