// The trades a tick chart draws: the server's history (`raw_ticks`, an hour per request, paged back) followed by the
// trades the live feed reports after it. A full-mode feed tick reports the volume traded so far; a rise in it is a
// trade at the last price, bought when it lifted the offer and sold when it hit the bid.
import type { FeedTick } from '@fnodesk/contracts';

/** A trade as the chart keeps it. */
export interface ChartTrade {
  ts: number;
  price: number;
  quantity: number;
  side: 'buy' | 'sell';
  bid: number;
  ask: number;
}

/** The trade a feed tick reports after the one before it, or null when nothing traded in between. */
export function tradeFromTicks(previous: FeedTick | undefined, tick: FeedTick): ChartTrade | null {
  if (previous === undefined || tick.vt === undefined || previous.vt === undefined) return null;
  const quantity = tick.vt - previous.vt;
  if (quantity <= 0 || tick.ts < previous.ts) return null;
  const bid = tick.depth?.buy[0]?.p ?? tick.lp;
  const ask = tick.depth?.sell[0]?.p ?? tick.lp;
  // At or through the offer the buyer crossed; at or through the bid the seller did; between them, the tick rule.
  const side = tick.lp >= ask ? 'buy' : tick.lp <= bid ? 'sell' : tick.lp >= previous.lp ? 'buy' : 'sell';
  return { ts: tick.ts, price: tick.lp, quantity, side, bid, ask };
}

/** History pages (each ascending, newest page first) and live trades joined in time order without overlap. */
export function joinTrades(pages: readonly (readonly ChartTrade[])[], live: readonly ChartTrade[]): ChartTrade[] {
  const history = [...pages].reverse().flat();
  const last = history.at(-1)?.ts ?? -Infinity;
  return [...history, ...live.filter((trade) => trade.ts > last)];
}

/** The end instants of `count` one-hour history pages back from `end` (the newest first), none before `start`. */
export function historyPages(end: number, start: number, count: number): { from: number; to: number }[] {
  const pages: { from: number; to: number }[] = [];
  let to = end;
  for (let i = 0; i < count && to > start; i++) {
    const from = Math.max(start, to - 3_600_000 + 1);
    pages.push({ from, to });
    to = from - 1;
  }
  return pages;
}
