import type { FootprintData } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  FOOTPRINT_SIZES,
  candleIndexAt,
  cellVolume,
  columnX,
  footprintGeometry,
  priceY,
  rowLean,
  rowY,
  visibleCandles,
} from './footprint-geometry';

type Candle = FootprintData['candles'][number];
const candle = (t: number, levels: Candle['levels']): Candle => ({
  t,
  o: 0,
  h: 0,
  l: 0,
  c: 0,
  v: levels.reduce((sum, l) => sum + l.bid + l.ask, 0),
  delta: 0,
  cumDelta: 0,
  vwap: 0,
  poc: levels[0]!.price,
  valueAreaLow: levels[0]!.price,
  valueAreaHigh: levels[0]!.price,
  levels,
  buyImbalances: [],
  sellImbalances: [],
  stacked: [],
  absorption: null,
  divergence: null,
});

const footprint: FootprintData = {
  token: 1,
  tickSize: 0.05,
  rowTicks: 100,
  rowSize: 5,
  imbalancePercent: 300,
  candles: [
    candle(0, [
      { price: 100, bid: 1, ask: 2 },
      { price: 105, bid: 3, ask: 0 },
    ]),
    candle(60_000, [
      { price: 95, bid: 1, ask: 1 },
      { price: 100, bid: 0, ask: 4 },
    ]),
  ],
  profile: [
    { price: 95, bid: 1, ask: 1 },
    { price: 100, bid: 1, ask: 6 },
    { price: 105, bid: 3, ask: 0 },
  ],
};

describe('footprint geometry', () => {
  it('lays rows highest first from the range’s top row and candles left to right after the profile', () => {
    const g = footprintGeometry(footprint)!;
    expect(g).toMatchObject({ top: 105, bottom: 95, rows: 3 });
    expect(rowY(g, 105)).toBe(FOOTPRINT_SIZES.header);
    expect(rowY(g, 95)).toBe(FOOTPRINT_SIZES.header + 2 * FOOTPRINT_SIZES.row);
    expect(priceY(g, 110)).toBe(FOOTPRINT_SIZES.header);
    expect(priceY(g, 95)).toBe(g.rowsBottom);
    expect(columnX(g, 1)).toBe(FOOTPRINT_SIZES.profile + FOOTPRINT_SIZES.column);
    expect(g.width).toBe(FOOTPRINT_SIZES.profile + 2 * FOOTPRINT_SIZES.column + FOOTPRINT_SIZES.axis);
  });

  it('finds the candle under a point and the candles in view', () => {
    const g = footprintGeometry(footprint)!;
    expect(candleIndexAt(g, FOOTPRINT_SIZES.profile - 1, 2)).toBeNull();
    expect(candleIndexAt(g, FOOTPRINT_SIZES.profile + FOOTPRINT_SIZES.column + 3, 2)).toBe(1);
    expect(candleIndexAt(g, FOOTPRINT_SIZES.profile + 2 * FOOTPRINT_SIZES.column, 2)).toBeNull();
    expect(visibleCandles(g, 0, FOOTPRINT_SIZES.profile + 10, 2)).toEqual({ first: 0, last: 0 });
    expect(visibleCandles(g, 0, 10_000, 2)).toEqual({ first: 0, last: 1 });
  });

  it('has no layout without candles', () => {
    expect(footprintGeometry({ ...footprint, candles: [], profile: [] })).toBeNull();
  });

  it('writes small volumes whole and large ones abbreviated, and leans rows by delta', () => {
    expect(cellVolume(9_975)).toBe('9,975');
    expect(cellVolume(12_345)).toBe('12.35K');
    expect(rowLean(0, 50, 100)).toBe(0.5);
    expect(rowLean(80, 0, 40)).toBe(-1);
    expect(rowLean(1, 1, 0)).toBe(0);
  });
});
