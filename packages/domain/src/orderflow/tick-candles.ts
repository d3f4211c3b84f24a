// Tick charts: candles of a fixed number of trades ("N-tick" candles) instead of a fixed time. Each candle holds
// exactly N trades except the last, which holds what is left and is still forming.
import type { AggressorTrade } from './footprint';

/** A candle of N trades: first and last trade times, prices, volume and its split by aggressor. */
export interface TickCandle {
  /** Time of the candle's first trade (epoch ms). */
  t: number;
  /** Time of its last trade. */
  end: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Units traded. */
  v: number;
  /** Units bought at the ask (buyer the aggressor) and sold at the bid. */
  buyVolume: number;
  sellVolume: number;
  /** Trades in the candle (N, or fewer for the last). */
  count: number;
}

/** The most trades one tick candle may hold (thinkorswim offers up to 10,000). */
export const MAX_TICKS_PER_CANDLE = 10_000;

/** Candles of `ticksPerCandle` consecutive trades each (trades ascending by time); the last may hold fewer. */
export function tickCandles(trades: readonly AggressorTrade[], ticksPerCandle: number): TickCandle[] {
  if (!Number.isInteger(ticksPerCandle) || ticksPerCandle < 1 || ticksPerCandle > MAX_TICKS_PER_CANDLE) {
    throw new RangeError(`ticks per candle must be a whole number from 1 to ${MAX_TICKS_PER_CANDLE}`);
  }
  const candles: TickCandle[] = [];
  let current: TickCandle | null = null;
  for (const trade of trades) {
    if (current === null || current.count === ticksPerCandle) {
      current = {
        t: trade.ts,
        end: trade.ts,
        o: trade.price,
        h: trade.price,
        l: trade.price,
        c: trade.price,
        v: 0,
        buyVolume: 0,
        sellVolume: 0,
        count: 0,
      };
      candles.push(current);
    }
    current.end = trade.ts;
    if (trade.price > current.h) current.h = trade.price;
    if (trade.price < current.l) current.l = trade.price;
    current.c = trade.price;
    current.v += trade.quantity;
    if (trade.side === 'buy') current.buyVolume += trade.quantity;
    else current.sellVolume += trade.quantity;
    current.count += 1;
  }
  return candles;
}
