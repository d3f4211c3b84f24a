// The footprint (orderflow) of an instrument: per candle and price row, the volume traded at the bid (the seller was
// the aggressor and hit the bid) and at the ask (the buyer lifted the offer). From those: delta = ask − bid per candle
// and cumulated through the session, the point of control (the row with the most volume), the 70 % value area,
// diagonal imbalances, stacked imbalances, absorption and delta divergence.
//
// Diagonal imbalance (the usual footprint rule): a buy imbalance at row p when ask(p) ≥ ratio × bid(p − 1 row), a
// sell imbalance at row p when bid(p) ≥ ratio × ask(p + 1 row); buyers lift the offer one row above where sellers
// hit the bid. A comparison against an empty row marks nothing: a lone print is not an imbalance. Three or more
// imbalances of one side on consecutive rows are a stacked imbalance.
//
// Absorption [assumed, no public rule is standard]: aggressive sellers hit the candle's lowest row with at least
// twice the candle's mean row volume, yet the candle closes in its upper half (passive buyers absorbed them: 'buy'
// absorption, bullish); the mirror at the highest row with a close in the lower half is 'sell' absorption.
// Delta divergence: a candle reaching above the previous candle's high on negative delta (bearish), or below its low
// on positive delta (bullish).
import type { Exchange } from '../market/exchanges';
import { istDateOf } from '../market/ist-time';
import { bucketRange } from '../market/candle-builder';
import type { Resolution } from '../market/resolutions';

/** A trade with its aggressor side: 'buy' lifted the offer (traded at the ask), 'sell' hit the bid. */
export interface AggressorTrade {
  readonly ts: number;
  readonly price: number;
  readonly quantity: number;
  readonly side: 'buy' | 'sell';
}

/** One price row of a footprint: the row's lowest price, volume traded at the bid and at the ask. */
export interface FootprintLevel {
  price: number;
  bid: number;
  ask: number;
}

/** A run of imbalances of one side on consecutive rows (the rows' lowest prices, inclusive). */
export interface StackedImbalance {
  side: 'buy' | 'sell';
  from: number;
  to: number;
}

/** A footprint candle. Prices of rows are their lowest price; `levels` are ascending by price. */
export interface FootprintCandle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  /** Ask volume − bid volume. */
  delta: number;
  /** Delta cumulated from the session's first candle in the answer. */
  cumDelta: number;
  /** The session's volume-weighted average price up to this candle's end. */
  vwap: number;
  /** The row with the most volume (the lowest such row on a tie). */
  poc: number;
  /** The lowest and highest rows of the value area (70 % of the candle's volume around the POC). */
  valueAreaLow: number;
  valueAreaHigh: number;
  levels: FootprintLevel[];
  /** Rows with a buy imbalance (ask beats the bid one row below) and with a sell imbalance. */
  buyImbalances: number[];
  sellImbalances: number[];
  stacked: StackedImbalance[];
  absorption: 'buy' | 'sell' | null;
  divergence: 'bullish' | 'bearish' | null;
}

/** How a footprint is aggregated. */
export interface FootprintOptions {
  resolution: Resolution;
  exchange: Exchange;
  /** Height of a price row in rupees (a whole number of ticks). */
  rowSize: number;
  /** Imbalance ratio: 3 is the usual 300 %. */
  imbalanceRatio?: number;
  /** Consecutive imbalanced rows that make a stacked imbalance (default 3). */
  stackedRows?: number;
  /** Share of a candle's volume in its value area (default 0.7). */
  valueAreaShare?: number;
}

/** A footprint: its candles and the volume profile of the whole range. */
export interface Footprint {
  candles: FootprintCandle[];
  /** Bid and ask volume per row over every candle, ascending by price. */
  profile: FootprintLevel[];
}

/** The default imbalance ratio (300 %). */
export const DEFAULT_IMBALANCE_RATIO = 3;
/** Consecutive imbalanced rows that make a stacked imbalance. */
export const DEFAULT_STACKED_ROWS = 3;
/** Share of volume in a value area. */
export const VALUE_AREA_SHARE = 0.7;
/** An absorption needs at least this many times the candle's mean row volume at its extreme row. */
const ABSORPTION_FACTOR = 2;

// Row indices are integers (price ÷ row size); the small bias keeps a price exactly on a row's edge in that row
// despite binary fractions (24000.05 / 0.05 is 480000.99999…).
const rowIndex = (price: number, rowSize: number) => Math.floor(price / rowSize + 1e-7);
const rowPrice = (index: number, rowSize: number) => Math.round(index * rowSize * 1e6) / 1e6;

interface Building {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  notional: number;
  bid: Map<number, number>;
  ask: Map<number, number>;
}

/**
 * Aggregates trades (ascending by time) into footprint candles of a resolution; candles follow the exchange's
 * sessions as every other candle does ({@link bucketRange}), so their volumes equal the candles of that resolution.
 */
export function footprintOf(trades: readonly AggressorTrade[], options: FootprintOptions): Footprint {
  const { resolution, exchange, rowSize } = options;
  if (!(rowSize > 0)) throw new RangeError(`row size must be positive, got ${rowSize}`);
  const ratio = options.imbalanceRatio ?? DEFAULT_IMBALANCE_RATIO;
  const stackedRows = options.stackedRows ?? DEFAULT_STACKED_ROWS;
  const share = options.valueAreaShare ?? VALUE_AREA_SHARE;

  const candles: FootprintCandle[] = [];
  const profileBid = new Map<number, number>();
  const profileAsk = new Map<number, number>();
  let building: Building | null = null;
  let bucketHi = -Infinity;
  let bucketLo = Infinity;
  let session = '';
  let cumDelta = 0;
  let sessionVolume = 0;
  let sessionNotional = 0;
  let sessionCandles = 0;

  const close = (candle: Building) => {
    const finished = finishCandle(candle, rowSize, ratio, stackedRows, share);
    cumDelta += finished.delta;
    sessionVolume += candle.v;
    sessionNotional += candle.notional;
    finished.cumDelta = cumDelta;
    finished.vwap = sessionVolume > 0 ? sessionNotional / sessionVolume : candle.c;
    // Divergence compares with the previous candle of the same session only.
    const previous = sessionCandles > 0 ? candles.at(-1) : undefined;
    sessionCandles += 1;
    if (previous !== undefined) {
      if (finished.h > previous.h && finished.delta < 0) finished.divergence = 'bearish';
      else if (finished.l < previous.l && finished.delta > 0) finished.divergence = 'bullish';
    }
    candles.push(finished);
  };

  for (const trade of trades) {
    if (trade.quantity <= 0) continue;
    if (building === null || trade.ts >= bucketHi || trade.ts < bucketLo) {
      if (building !== null) close(building);
      const range = bucketRange(trade.ts, resolution, exchange);
      bucketLo = range.lo;
      bucketHi = range.hi;
      const day = istDateOf(trade.ts);
      if (day !== session) {
        // Cumulative delta and VWAP start again with each session.
        session = day;
        cumDelta = 0;
        sessionVolume = 0;
        sessionNotional = 0;
        sessionCandles = 0;
      }
      building = {
        t: range.start,
        o: trade.price,
        h: trade.price,
        l: trade.price,
        c: trade.price,
        v: 0,
        notional: 0,
        bid: new Map(),
        ask: new Map(),
      };
    }
    const row = rowIndex(trade.price, rowSize);
    const side = trade.side === 'buy' ? building.ask : building.bid;
    side.set(row, (side.get(row) ?? 0) + trade.quantity);
    const total = trade.side === 'buy' ? profileAsk : profileBid;
    total.set(row, (total.get(row) ?? 0) + trade.quantity);
    if (trade.price > building.h) building.h = trade.price;
    if (trade.price < building.l) building.l = trade.price;
    building.c = trade.price;
    building.v += trade.quantity;
    building.notional += trade.quantity * trade.price;
  }
  if (building !== null) close(building);
  return { candles, profile: levelsOf(profileBid, profileAsk, rowSize) };
}

function levelsOf(bid: ReadonlyMap<number, number>, ask: ReadonlyMap<number, number>, rowSize: number) {
  const rows = new Set<number>([...bid.keys(), ...ask.keys()]);
  return [...rows]
    .sort((a, b) => a - b)
    .map((row) => ({ price: rowPrice(row, rowSize), bid: bid.get(row) ?? 0, ask: ask.get(row) ?? 0 }));
}

function finishCandle(
  candle: Building,
  rowSize: number,
  ratio: number,
  stackedRows: number,
  share: number,
): FootprintCandle {
  const lowRow = rowIndex(candle.l, rowSize);
  const highRow = rowIndex(candle.h, rowSize);
  // Every row from the low to the high, empty ones included, so rows are contiguous for the diagonal rule.
  const levels: FootprintLevel[] = [];
  for (let row = lowRow; row <= highRow; row++) {
    levels.push({ price: rowPrice(row, rowSize), bid: candle.bid.get(row) ?? 0, ask: candle.ask.get(row) ?? 0 });
  }
  let delta = 0;
  let pocIndex = 0;
  let pocVolume = -1;
  levels.forEach((level, i) => {
    delta += level.ask - level.bid;
    const volume = level.ask + level.bid;
    if (volume > pocVolume) {
      pocVolume = volume;
      pocIndex = i;
    }
  });
  const [vaLow, vaHigh] = valueArea(levels, pocIndex, candle.v * share);
  const { buy, sell } = imbalances(levels, ratio);
  return {
    t: candle.t,
    o: candle.o,
    h: candle.h,
    l: candle.l,
    c: candle.c,
    v: candle.v,
    delta,
    cumDelta: 0,
    vwap: 0,
    poc: levels[pocIndex]!.price,
    valueAreaLow: levels[vaLow]!.price,
    valueAreaHigh: levels[vaHigh]!.price,
    levels,
    buyImbalances: buy.map((i) => levels[i]!.price),
    sellImbalances: sell.map((i) => levels[i]!.price),
    stacked: [...stackedRuns(buy, 'buy', levels, stackedRows), ...stackedRuns(sell, 'sell', levels, stackedRows)],
    absorption: absorptionOf(candle, levels),
    divergence: null,
  };
}

/**
 * The value area's row indices: from the POC, add the neighbouring row (above or below) with more volume, the one
 * above on a tie, until the rows hold `target` volume.
 */
function valueArea(levels: readonly FootprintLevel[], poc: number, target: number): [number, number] {
  const volume = (i: number) => levels[i]!.bid + levels[i]!.ask;
  let low = poc;
  let high = poc;
  let held = volume(poc);
  while (held < target && (low > 0 || high < levels.length - 1)) {
    const above = high < levels.length - 1 ? volume(high + 1) : -1;
    const below = low > 0 ? volume(low - 1) : -1;
    if (above >= below) {
      high += 1;
      held += above;
    } else {
      low -= 1;
      held += below;
    }
  }
  return [low, high];
}

/** Indices of rows with a diagonal buy imbalance and with a sell imbalance (see the file's header). */
export function imbalances(levels: readonly FootprintLevel[], ratio: number): { buy: number[]; sell: number[] } {
  const buy: number[] = [];
  const sell: number[] = [];
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    const below = levels[i - 1];
    if (below !== undefined && below.bid > 0 && level.ask >= ratio * below.bid) buy.push(i);
    const above = levels[i + 1];
    if (above !== undefined && above.ask > 0 && level.bid >= ratio * above.ask) sell.push(i);
  }
  return { buy, sell };
}

function stackedRuns(
  rows: readonly number[],
  side: 'buy' | 'sell',
  levels: readonly FootprintLevel[],
  minimum: number,
): StackedImbalance[] {
  const runs: StackedImbalance[] = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && rows[i] === rows[i - 1]! + 1) continue;
    if (i - start >= minimum) runs.push({ side, from: levels[rows[start]!]!.price, to: levels[rows[i - 1]!]!.price });
    start = i;
  }
  return runs;
}

function absorptionOf(candle: Building, levels: readonly FootprintLevel[]): 'buy' | 'sell' | null {
  if (levels.length < 2) return null;
  const meanRow = candle.v / levels.length;
  const middle = (candle.h + candle.l) / 2;
  const lowest = levels[0]!;
  const highest = levels[levels.length - 1]!;
  if (lowest.bid >= ABSORPTION_FACTOR * meanRow && candle.c > middle) return 'buy';
  if (highest.ask >= ABSORPTION_FACTOR * meanRow && candle.c < middle) return 'sell';
  return null;
}

const NICE_STEPS = [1, 2, 2.5, 5];

/**
 * Ticks per footprint row for an instrument at a price: a "nice" row height near 0.02 % of the price (₹5 for NIFTY
 * near 25,000, ₹10 for BANKNIFTY near 55,000, one tick for cheap options), always a whole number of ticks.
 */
export function defaultFootprintRowTicks(tickSize: number, price: number): number {
  if (!(tickSize > 0)) throw new RangeError(`tick size must be positive, got ${tickSize}`);
  const target = price * 0.0002;
  if (!(target > tickSize)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  let best = tickSize;
  for (const scale of [magnitude / 10, magnitude, magnitude * 10]) {
    for (const step of NICE_STEPS) {
      const size = step * scale;
      const ticks = Math.round(size / tickSize);
      if (ticks < 1 || Math.abs(ticks * tickSize - size) > tickSize * 1e-6) continue;
      if (Math.abs(size - target) < Math.abs(best - target)) best = size;
    }
  }
  return Math.max(1, Math.round(best / tickSize));
}
