// Contract specifications: lot size, tick size, freeze quantity, and the arithmetic orders need (prices on the tick,
// quantities in whole lots).
import { FNO_STOCKS, STOCK_LOT_REVISIONS } from './fno-stocks';
import type { LotSizeRevision } from './indices';
import { INDICES } from './indices';
import type { IsoDate } from './ist-time';
import { dateParts } from './ist-time';
import { INDEX_VOLUME_FREEZE } from './volume-freeze';

/** Tick size of index and stock futures and options, in rupees. */
export const DERIVATIVES_TICK_SIZE = 0.05;

const LOT_HISTORY = new Map<string, readonly LotSizeRevision[]>();
for (const index of INDICES) {
  if (index.derivatives) LOT_HISTORY.set(index.derivatives.root, index.derivatives.lotSizes);
}
for (const stock of FNO_STOCKS) {
  // The April-2026 snapshot is the oldest lot size known; earlier expiries use it too.
  const revisions = STOCK_LOT_REVISIONS.filter((revision) => revision.symbol === stock.symbol)
    .map(({ firstExpiry, lotSize }) => ({ firstExpiry, lotSize }))
    .sort((a, b) => (a.firstExpiry < b.firstExpiry ? -1 : 1));
  LOT_HISTORY.set(stock.symbol, [{ firstExpiry: '2000-01-01', lotSize: stock.lotSize }, ...revisions]);
}

/**
 * Units per contract for a root's contract expiring on a date. Lot revisions apply by expiry: contracts already
 * listed keep their lot, new expiries get the new one.
 */
export function lotSizeFor(root: string, expiry: IsoDate): number {
  dateParts(expiry);
  const history = LOT_HISTORY.get(root);
  if (!history?.[0]) throw new RangeError(`Unknown derivatives underlying: ${root}`);
  let lotSize = history[0].lotSize;
  for (const revision of history) {
    if (revision.firstExpiry <= expiry) lotSize = revision.lotSize;
  }
  return lotSize;
}

/** Tick size in rupees of a root's futures and options (₹0.05 for index and stock derivatives). */
export function tickSizeFor(root: string): number {
  if (!LOT_HISTORY.has(root)) throw new RangeError(`Unknown derivatives underlying: ${root}`);
  // NSE revised stock-option ticks in Sep-2025 (NSE/FAOP/70382) without the details reaching the reference, so
  // stocks keep the long-standing ₹0.05.
  return DERIVATIVES_TICK_SIZE;
}

/**
 * The freeze quantity (units per order) in force on a date, or null when it is not published in the reference
 * (BSE indices, stocks). Dates before Aug-2025 use the oldest known limits.
 */
export function volumeFreezeQuantity(root: string, date: IsoDate): number | null {
  dateParts(date);
  let limit: number | null = null;
  for (const row of INDEX_VOLUME_FREEZE) {
    const value = row.limits[root];
    if (value === undefined) continue;
    if (limit === null || row.effectiveFrom <= date) limit = value;
  }
  return limit;
}

/** The most whole lots one order may carry under a freeze quantity (e.g. NIFTY 1,800 / 65 = 27 lots). */
export function maxLotsPerOrder(freezeQuantity: number, lotSize: number): number {
  assertPositiveInteger(lotSize, 'lot size');
  return Math.floor(freezeQuantity / lotSize);
}

// Prices are compared in whole ticks; a tolerance absorbs binary floating-point noise such as 100.1 / 0.05 =
// 2001.9999999999998.
const TICK_TOLERANCE = 1e-6;

/** Rounds a price up to the next multiple of the tick size (prices already on the tick are unchanged). */
export function roundPriceUpToTick(price: number, tickSize: number = DERIVATIVES_TICK_SIZE): number {
  assertPositive(tickSize, 'tick size');
  const ticks = price / tickSize;
  const nearest = Math.round(ticks);
  const whole = Math.abs(ticks - nearest) < TICK_TOLERANCE ? nearest : Math.ceil(ticks);
  return ticksToPrice(whole, tickSize);
}

/** Rounds a price to the nearest multiple of the tick size (halves go up). */
export function roundPriceToNearestTick(price: number, tickSize: number = DERIVATIVES_TICK_SIZE): number {
  assertPositive(tickSize, 'tick size');
  return ticksToPrice(Math.floor(price / tickSize + 0.5 + TICK_TOLERANCE), tickSize);
}

/** True when the price is a whole number of ticks. */
export function isOnTick(price: number, tickSize: number = DERIVATIVES_TICK_SIZE): boolean {
  assertPositive(tickSize, 'tick size');
  const ticks = price / tickSize;
  return Math.abs(ticks - Math.round(ticks)) < TICK_TOLERANCE;
}

function ticksToPrice(ticks: number, tickSize: number): number {
  const decimals = decimalPlaces(tickSize);
  return Number((ticks * tickSize).toFixed(decimals));
}

function decimalPlaces(value: number): number {
  for (let decimals = 0; decimals <= 10; decimals++) {
    const scaled = value * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return decimals;
  }
  return 10;
}

/** A quantity split into whole lots and the units left over. */
export interface LotSplit {
  lots: number;
  remainder: number;
}

/** How many whole lots a quantity (in units) makes, and the units left over. */
export function quantityToLots(quantity: number, lotSize: number): LotSplit {
  assertPositiveInteger(lotSize, 'lot size');
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError(`Not a quantity: ${quantity}`);
  const lots = Math.floor(quantity / lotSize);
  return { lots, remainder: quantity - lots * lotSize };
}

/** The quantity in units of a number of lots. */
export function lotsToQuantity(lots: number, lotSize: number): number {
  assertPositiveInteger(lotSize, 'lot size');
  if (!Number.isInteger(lots) || lots < 0) throw new RangeError(`Not a number of lots: ${lots}`);
  return lots * lotSize;
}

function assertPositive(value: number, what: string): void {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`The ${what} must be positive: ${value}`);
}

function assertPositiveInteger(value: number, what: string): void {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`The ${what} must be a positive integer: ${value}`);
}
