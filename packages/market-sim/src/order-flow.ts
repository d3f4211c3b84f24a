// Quotes and trades around the simulated last price. The last trade either lifted the offer (the buyer was the
// aggressor: the ask is the last price) or hit the bid (the bid is the last price); the other side sits one quoted
// spread away. Near-ATM NIFTY options quote one tick wide (₹0.05), as on NSE; far strikes, thinner roots and
// stocks quote wider. The order book holds five levels a side with sizes in whole lots.
import { futureMonthWeight } from './open-interest';
import { hashOf, normalOf, uniformOf } from './seeded-noise';
import type { ContractRef, InstrumentState, MinuteBars, PriceEngine } from './price-engine';

/** One price level of the book: price, quantity (units) and number of orders. */
export interface DepthLevel {
  p: number;
  q: number;
  o: number;
}

/** Five levels on each side, best first. */
export interface MarketDepth {
  buy: DepthLevel[];
  sell: DepthLevel[];
}

/** A trade with its aggressor side and the best bid and ask just after it. */
export interface SimTrade {
  ts: number;
  price: number;
  /** Units traded. */
  quantity: number;
  /** 'buy' when the buyer lifted the offer, 'sell' when the seller hit the bid. */
  side: 'buy' | 'sell';
  bid: number;
  ask: number;
}

const DEPTH_LEVELS = 5;
const MINUTE_MS = 60_000;

/** Quoted spread of an instrument in ticks at a price. */
export function spreadTicks(ref: ContractRef, price: number, underlying: number): number {
  const profile = ref.profile;
  if (ref.kind === 'SPOT') return ref.isIndex ? 0 : price > 1000 ? 2 : 1;
  if (!profile) return 1;
  if (ref.kind === 'FUT') return profile.futureSpreadTicks;
  // Options a few strikes from the money quote at the root's tightest spread; cheap far options too (one tick is
  // already a large share of their price); strikes in between quote wider.
  const distance = Math.abs(Math.log(ref.strike! / underlying));
  if (price < 2) return 1;
  const widening = 1 + Math.floor(distance / 0.02);
  return Math.min(profile.optionSpreadTicks * widening, 40);
}

/** The order book of an instrument in a state (empty for index values, which are not traded). */
export function marketDepth(
  ref: ContractRef,
  state: InstrumentState,
  underlying: number,
  depthKey: number,
): MarketDepth {
  if (ref.kind === 'SPOT' && ref.isIndex) return { buy: [], sell: [] };
  const tick = ref.priceTick;
  const spread = spreadTicks(ref, state.lp, underlying) * tick;
  const { bid, ask } = bestQuotes(state.lp, spread, tick, state.buyerInitiated);
  const buy: DepthLevel[] = [];
  const sell: DepthLevel[] = [];
  const lot = ref.lotSize;
  // Book depth in lots grows with the contract's own liquidity (a future's with its month's share of the root's
  // volume, so the far months' books are thinner); each level's size is noisy and the instrument's own.
  const typicalLots = Math.max(1, Math.round(typicalBookLots(ref, state)));
  for (let level = 0; level < DEPTH_LEVELS; level++) {
    for (const side of [0, 1] as const) {
      const draw = hashOf(depthKey ^ ref.key, state.ts / 1000, level, side);
      const lots = Math.max(1, Math.round(typicalLots * (1 + level * 0.4) * Math.exp(0.6 * normalOf(draw))));
      const orders = Math.max(1, Math.round(lots / Math.max(1, typicalLots / 8) + 3 * uniformOf(draw ^ 0x5555)));
      if (side === 0) {
        const price = roundTick(bid - level * tick, tick);
        if (price >= tick) buy.push({ p: price, q: lots * lot, o: Math.min(orders, lots) });
      } else {
        sell.push({ p: roundTick(ask + level * tick, tick), q: lots * lot, o: Math.min(orders, lots) });
      }
    }
  }
  return { buy, sell };
}

/** Lots a level of an instrument's book typically holds. */
function typicalBookLots(ref: ContractRef, state: InstrumentState): number {
  if (ref.kind === 'SPOT') return 2000 / Math.max(state.lp, 1);
  const profile = ref.profile;
  if (!profile) return 1;
  if (ref.kind !== 'FUT') return profile.optionVolume / 2000;
  const k = state.session;
  const weight = futureMonthWeight(
    ref.expirySession + 1 - k,
    ref.previousExpirySession < 0 ? 0 : ref.previousExpirySession + 1 - k,
    ref.secondPreviousExpirySession < 0 ? 0 : ref.secondPreviousExpirySession + 1 - k,
  );
  return (profile.futureVolume * weight) / 400;
}

/** Best bid and ask after a trade at `price` by the given aggressor. */
export function bestQuotes(
  price: number,
  spread: number,
  tick: number,
  buyerInitiated: boolean,
): { bid: number; ask: number } {
  if (buyerInitiated) return { bid: Math.max(tick, roundTick(price - spread, tick)), ask: price };
  return { bid: price, ask: roundTick(price + spread, tick) };
}

function roundTick(price: number, tick: number): number {
  const inverse = Math.round(1 / tick);
  return Math.round(price * inverse) / inverse;
}

/**
 * The trades of an instrument between two instants: one print per second in which lots changed hands, at that
 * second's last price, with its aggressor and the quotes after it. Volumes add up to the minute candles'.
 */
export function tradesBetween(engine: PriceEngine, ref: ContractRef, from: number, to: number): SimTrade[] {
  const trades: SimTrade[] = [];
  if (ref.kind === 'SPOT' && ref.isIndex) return trades;
  const grid = engine.grid;
  const first = Math.max(0, grid.sessionAt(from, ref.venue));
  const last = grid.sessionAt(to, ref.venue);
  for (let k = first; k <= last; k++) {
    const count = engine.minutesIn(ref, k);
    if (count === 0) continue;
    const open = grid.open(k);
    const firstMinute = Math.max(0, Math.floor((from - open) / MINUTE_MS));
    const lastMinute = Math.min(count - 1, Math.floor((to - open) / MINUTE_MS));
    if (lastMinute < firstMinute) continue;
    const bars = engine.minuteBars(ref, k, lastMinute)!;
    for (let m = firstMinute; m <= lastMinute; m++) appendMinuteTrades(engine, ref, bars, m, from, to, trades);
  }
  return trades;
}

function appendMinuteTrades(
  engine: PriceEngine,
  ref: ContractRef,
  bars: MinuteBars,
  minute: number,
  from: number,
  to: number,
  out: SimTrade[],
): void {
  const lot = ref.lotSize;
  const lots = bars.v[minute]! / lot;
  const minuteStart = bars.start + minute * MINUTE_MS;
  const underlying = bars.path.o[minute]!;
  let previous = minute > 0 ? bars.c[minute - 1]! : bars.o[minute]!;
  for (let second = 0; second < 60; second++) {
    const ts = minuteStart + second * 1000;
    const price = engine.priceAt(ref, bars, minute, second);
    const traded = Math.floor((lots * (second + 1)) / 60) - Math.floor((lots * second) / 60);
    if (traded > 0 && ts >= from && ts <= to) {
      const buyerInitiated =
        price > previous
          ? true
          : price < previous
            ? false
            : uniformOf(hashOf(bars.path.tickKey, minute, second, ref.key)) < 0.5;
      const spread = spreadTicks(ref, price, underlying) * ref.priceTick;
      const { bid, ask } = bestQuotes(price, spread, ref.priceTick, buyerInitiated);
      out.push({ ts, price, quantity: traded * lot, side: buyerInitiated ? 'buy' : 'sell', bid, ask });
    }
    previous = price;
  }
}
