import { describe, expect, it } from 'vitest';
import { indexWatchFigures, toggleWatched } from './index-watch';

describe('Index Watch figures', () => {
  it('basis is future minus spot; the ATM straddle is the expected move', () => {
    const figures = indexWatchFigures({
      spot: 24_000,
      future: 24_090,
      high: 24_100,
      low: 23_900,
      atmCe: 150,
      atmPe: 130,
    });
    expect(figures.basis).toBe(90);
    expect(figures.straddle).toBe(280);
    expect(figures.expectedMovePercent).toBeCloseTo((280 / 24_000) * 100);
  });
  it('range consumed is the day range over the straddle; position is where spot sits in the range', () => {
    const figures = indexWatchFigures({
      spot: 24_050,
      future: null,
      high: 24_100,
      low: 23_900,
      atmCe: 150,
      atmPe: 250,
    });
    expect(figures.rangeConsumedPercent).toBeCloseTo(50);
    expect(figures.rangePosition).toBeCloseTo(75);
    expect(figures.basis).toBeNull();
  });
  it('knows nothing of the straddle without both legs', () => {
    expect(indexWatchFigures({ spot: 1, future: 1, high: 1, low: 1, atmCe: null, atmPe: 2 }).straddle).toBeNull();
  });
  it('watches at most five indices, the oldest choice giving way', () => {
    expect(toggleWatched(['A', 'B', 'C', 'D', 'E'], 'F')).toEqual(['B', 'C', 'D', 'E', 'F']);
    expect(toggleWatched(['A', 'B'], 'A')).toEqual(['B']);
  });
});
