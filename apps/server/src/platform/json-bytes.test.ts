import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiLiteral, ByteScratch, MAX_NUMBER_BYTES, number, price, wholePaise, writeLiteral } from './json-bytes';

/** What a writer puts at the start of a fresh scratch, as text. */
function written(write: (view: DataView, pos: number) => number): string {
  const scratch = new ByteScratch(64);
  return scratch.text(write(scratch.view, 0));
}

describe('JSON written as bytes', () => {
  it('writes any number as JSON.stringify does, within its stated room', () => {
    const values = fc.oneof(
      fc.double(),
      fc.integer({ min: -1, max: 2 ** 31 + 1 }),
      fc.integer({ min: 0, max: 10_000_000_000 }).map((paise) => paise / 100),
      fc.integer({ min: 1, max: 2_000_000 }).map((twentieths) => twentieths / 20),
      fc.constantFrom(
        0,
        -0,
        0.1 + 0.2,
        1e21,
        2 ** 53,
        2 ** 53 + 2,
        1_795_200_000_000,
        123_456_789.99,
        99_999_999_999.99,
      ),
      fc.constantFrom(9_999.99, 0.05, 0.5, 1e-7),
    );
    fc.assert(
      fc.property(values, (value) => {
        for (const write of [number, price]) {
          const scratch = new ByteScratch(MAX_NUMBER_BYTES);
          const end = write(scratch.view, 0, value);
          expect(end).toBeLessThanOrEqual(MAX_NUMBER_BYTES);
          expect(scratch.text(end)).toBe(JSON.stringify(value));
        }
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

  it('writes literals of any length, each store spilling only past where the next one starts', () => {
    const key = asciiLiteral(',"depth":{"buy":[');
    const one = asciiLiteral('}');
    expect(written((view, pos) => writeLiteral(view, writeLiteral(view, pos, key), one))).toBe(',"depth":{"buy":[}');
  });

  it('grows its buffer keeping what was written', () => {
    const scratch = new ByteScratch(8);
    const pos = writeLiteral(scratch.view, 0, asciiLiteral('abcd'));
    const view = scratch.reserve(1_000, pos);
    expect(view.byteLength).toBeGreaterThanOrEqual(1_000);
    expect(scratch.text(writeLiteral(view, pos, asciiLiteral('efgh')))).toBe('abcdefgh');
    expect(scratch.reserve(10, 8)).toBe(view);
  });
});
