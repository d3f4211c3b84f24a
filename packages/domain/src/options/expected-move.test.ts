import { describe, expect, it } from 'vitest';
import { expectedRangeUsed, straddleExpectedMove } from './expected-move';

describe('expected move from the ATM straddle', () => {
  it('puts the bands at the centre ± (ATM CE + ATM PE)', () => {
    const move = straddleExpectedMove(25_000, 180, 170)!;
    expect(move).toMatchObject({ move: 350, upper: 25_350, lower: 24_650 });
    expect(move.percent).toBeCloseTo(1.4, 12);
  });

  it('has no move without both premiums or a centre', () => {
    expect(straddleExpectedMove(25_000, Number.NaN, 170)).toBeNull();
    expect(straddleExpectedMove(0, 180, 170)).toBeNull();
    expect(straddleExpectedMove(25_000, 0, 0)).toBeNull();
  });

  it('measures the day’s high–low range against the expected range 2 × move', () => {
    expect(expectedRangeUsed(25_200, 25_025, 350)).toBe(25);
    expect(expectedRangeUsed(25_200, 25_025, 0)).toBeNull();
  });
});
