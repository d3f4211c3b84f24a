import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNumber, wholePaise } from './json-number';

describe('JSON numbers', () => {
  it('writes any number exactly as JSON.stringify does', () => {
    const value = fc.oneof(
      fc.integer({ min: 1, max: 10_000_000 }).map((paise) => paise / 100),
      fc.integer({ min: 1, max: 2_000_000 }).map((twentieths) => twentieths / 20),
      fc.double(),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.constantFrom(0, -0, 0.1 + 0.2, 1e21, 123456789.99, 99999999999.99, Number.MAX_SAFE_INTEGER, 0.05, 0.5),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonNumber(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts whole paise of positive prices only', () => {
    expect(wholePaise(24_512.05)).toBe(2_451_205);
    expect(wholePaise(0.05)).toBe(5);
    expect(wholePaise(123.456)).toBe(-1);
    expect(wholePaise(-1.5)).toBe(-1);
    expect(wholePaise(0)).toBe(-1);
    expect(wholePaise(Number.NaN)).toBe(-1);
  });
});
