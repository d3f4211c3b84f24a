// Where things go on the footprint canvas: candles as fixed-width columns (only those in view are drawn), price rows
// as fixed-height bands from the range's highest row down to its lowest, a volume profile on the left, a price
// axis on the right and the per-candle figures (delta, cumulative delta, volume) in rows under the candles.
import type { FootprintData } from '@fnodesk/contracts';
import { abbreviateIndianNumber, formatIndianNumber } from '@fnodesk/domain';

/** Pixel sizes of the footprint's parts. */
export const FOOTPRINT_SIZES = {
  column: 128,
  row: 18,
  header: 36,
  profile: 96,
  axis: 72,
  footerRow: 18,
  footerRows: 3,
} as const;

/** The vertical and horizontal layout of one footprint answer. */
export interface FootprintGeometry {
  /** Highest and lowest row prices (their lowest prices) and the row height in rupees. */
  top: number;
  bottom: number;
  rowSize: number;
  rows: number;
  /** Full width and height of the drawing (the canvas shows the slice in view). */
  width: number;
  height: number;
  /** Where the price rows start and end vertically. */
  rowsTop: number;
  rowsBottom: number;
  /** Where the candle columns start horizontally (after the profile). */
  columnsLeft: number;
}

/** The layout of a footprint (null without candles). */
export function footprintGeometry(footprint: FootprintData): FootprintGeometry | null {
  const { candles, profile, rowSize } = footprint;
  const lowest = profile[0]?.price;
  const highest = profile.at(-1)?.price;
  if (candles.length === 0 || lowest === undefined || highest === undefined) return null;
  // Candle rows run from each candle's low row to its high row; the profile holds every traded row.
  let top = highest;
  let bottom = lowest;
  for (const candle of candles) {
    const first = candle.levels[0]?.price;
    const last = candle.levels.at(-1)?.price;
    if (first !== undefined && first < bottom) bottom = first;
    if (last !== undefined && last > top) top = last;
  }
  const rows = Math.round((top - bottom) / rowSize) + 1;
  const s = FOOTPRINT_SIZES;
  const rowsTop = s.header;
  const rowsBottom = rowsTop + rows * s.row;
  return {
    top,
    bottom,
    rowSize,
    rows,
    width: s.profile + candles.length * s.column + s.axis,
    height: rowsBottom + s.footerRows * s.footerRow + 4,
    rowsTop,
    rowsBottom,
    columnsLeft: s.profile,
  };
}

/** The y of a row's top edge (rows are listed highest first). */
export function rowY(geometry: FootprintGeometry, price: number): number {
  const fromTop = Math.round((geometry.top - price) / geometry.rowSize);
  return geometry.rowsTop + fromTop * FOOTPRINT_SIZES.row;
}

/** The y of a price inside the rows (a row spans its price to its price plus the row size). */
export function priceY(geometry: FootprintGeometry, price: number): number {
  const span = geometry.top + geometry.rowSize - price;
  return geometry.rowsTop + (span / geometry.rowSize) * FOOTPRINT_SIZES.row;
}

/** The x of a candle column's left edge. */
export function columnX(geometry: FootprintGeometry, index: number): number {
  return geometry.columnsLeft + index * FOOTPRINT_SIZES.column;
}

/** The candle under an x of the full drawing, or null between the profile and the axis. */
export function candleIndexAt(geometry: FootprintGeometry, x: number, count: number): number | null {
  const index = Math.floor((x - geometry.columnsLeft) / FOOTPRINT_SIZES.column);
  return index >= 0 && index < count ? index : null;
}

/** The candles whose columns are at least partly inside [left, left + width). */
export function visibleCandles(geometry: FootprintGeometry, left: number, width: number, count: number) {
  const first = Math.max(0, Math.floor((left - geometry.columnsLeft) / FOOTPRINT_SIZES.column));
  const last = Math.min(count - 1, Math.floor((left + width - geometry.columnsLeft) / FOOTPRINT_SIZES.column));
  return { first, last };
}

/** A volume as a footprint cell shows it: whole units below 10,000, else abbreviated (12.35K, 1.50L). */
export function cellVolume(value: number): string {
  return Math.abs(value) < 10_000 ? formatIndianNumber(value, 0) : abbreviateIndianNumber(value);
}

/**
 * How strongly a row leans to buyers (positive) or sellers (negative), −1 to 1: its delta over the largest row
 * volume of the candle, so the busiest one-sided row is the deepest colour.
 */
export function rowLean(bid: number, ask: number, largestRow: number): number {
  if (largestRow <= 0) return 0;
  return Math.max(-1, Math.min(1, (ask - bid) / largestRow));
}
