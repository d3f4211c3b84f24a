import type { FeedTick } from '@fnodesk/contracts';
import type { KiteDepthLevel, KiteQuote } from './kite-packet';

/**
 * The feed tick of a decoded Kite packet (ARCHITECTURE §3). `ts` is the exchange time when the packet has one
 * (index full and full packets) and the receipt time otherwise; `c` and `prev.lp` are the previous session's close.
 * Kite sends no previous-session OI, so `prev.oi` is left out.
 */
export function kiteQuoteToFeedTick(quote: KiteQuote, receivedAt: number): FeedTick {
  const tick: FeedTick = { token: quote.token, ts: quote.exchangeTime ?? receivedAt, lp: quote.lastPrice };
  const { ohlc } = quote;
  if (ohlc) {
    tick.o = ohlc.open;
    tick.h = ohlc.high;
    tick.l = ohlc.low;
    tick.c = ohlc.close;
    // A close of zero means the exchange has none (a contract listed today), not a previous price of zero.
    if (ohlc.close !== 0) tick.prev = { lp: ohlc.close };
  }
  if (quote.volume !== undefined) tick.vt = quote.volume;
  if (quote.averagePrice !== undefined) tick.atp = quote.averagePrice;
  if (quote.oi !== undefined) tick.oi = quote.oi;
  if (quote.oiDayHigh !== undefined) tick.oiDayHigh = quote.oiDayHigh;
  if (quote.oiDayLow !== undefined) tick.oiDayLow = quote.oiDayLow;
  if (quote.depth) tick.depth = { buy: quote.depth.buy.map(level), sell: quote.depth.sell.map(level) };
  return tick;
}

function level(entry: KiteDepthLevel): { p: number; q: number; o: number } {
  return { p: entry.price, q: entry.quantity, o: entry.orders };
}
