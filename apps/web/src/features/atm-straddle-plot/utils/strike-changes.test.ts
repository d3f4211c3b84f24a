import { describe, expect, it } from 'vitest';
import { straddlePercentOfSpot, strikeChanges, type AtmStraddlePoint } from './strike-changes';

const point = (t: number, strike: number, straddle = 100): AtmStraddlePoint => ({
  t,
  spot: strike,
  strike,
  ce: straddle / 2,
  pe: straddle / 2,
  straddle,
});

describe('ATM strike changes', () => {
  it('marks each candle whose ATM strike differs from the previous one, up or down', () => {
    const changes = strikeChanges([point(1, 100), point(2, 100), point(3, 150, 90), point(4, 100, 95), point(5, 100)]);
    expect(changes).toEqual([
      { t: 3, strike: 150, straddle: 90, direction: 'up' },
      { t: 4, strike: 100, straddle: 95, direction: 'down' },
    ]);
  });

  it('never marks the first candle, nor a series that stays on one strike', () => {
    expect(strikeChanges([point(1, 100)])).toEqual([]);
    expect(strikeChanges([point(1, 100), point(2, 100)])).toEqual([]);
    expect(strikeChanges([])).toEqual([]);
  });

  it('prices the move as straddle ÷ spot × 100', () => {
    expect(straddlePercentOfSpot({ spot: 20_000, straddle: 300 })).toBeCloseTo(1.5, 12);
    expect(straddlePercentOfSpot({ spot: 0, straddle: 300 })).toBeNull();
  });
});
