// The quote packets of Kite Connect's WebSocket ticker (market-facts §5.2, kite.trade/docs/connect/v3/websocket):
// what one packet holds once decoded, and the exchange-segment rules that decide how its integers become prices.

/** How much of a quote Kite sends for an instrument. */
export type KiteMode = 'ltp' | 'quote' | 'full';

/** Exchange segments, the low byte of an instrument token (`token & 0xff`). */
export const KITE_SEGMENT = Object.freeze({
  NSE: 1,
  NFO: 2,
  CDS: 3,
  BSE: 4,
  BFO: 5,
  BCD: 6,
  MCX: 7,
  MCXSX: 8,
  INDICES: 9,
});

/** Packet sizes in bytes; the size alone tells the kind of packet. */
export const KITE_PACKET_BYTES = Object.freeze({
  LTP: 8,
  INDEX_QUOTE: 28,
  INDEX_FULL: 32,
  QUOTE: 44,
  FULL: 184,
});

/** Levels of market depth on each side of a full packet. */
export const KITE_DEPTH_LEVELS = 5;

/** The exchange segment of an instrument token. */
export function segmentOf(token: number): number {
  return token & 0xff;
}

/**
 * What a packet's integer prices are divided by to get rupees. Prices travel in paise, except currency
 * derivatives, which carry more decimals: NSE's (CDS) in 10^-7 rupees and BSE's (BCD) in 10^-4.
 */
export function priceDivisor(token: number): number {
  const segment = segmentOf(token);
  if (segment === KITE_SEGMENT.CDS) return 10_000_000;
  if (segment === KITE_SEGMENT.BCD) return 10_000;
  return 100;
}

/** One level of market depth. */
export interface KiteDepthLevel {
  /** Quantity in units. */
  readonly quantity: number;
  /** Price in rupees. */
  readonly price: number;
  /** Number of orders at this price. */
  readonly orders: number;
}

/** Open, high, low and close in rupees; `close` is the previous session's close. */
export interface KiteOhlc {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/**
 * A decoded packet. `ltp` packets carry only the price; index packets (segment 9, not tradable) carry OHLC and, in
 * full mode, the exchange time; quote packets add volume and traded quantities; full packets add OI, times and
 * depth. Times are epoch milliseconds, null when the exchange sent zero.
 */
export interface KiteQuote {
  readonly token: number;
  readonly mode: KiteMode;
  /** False for indices, which cannot be traded. */
  readonly tradable: boolean;
  readonly lastPrice: number;
  readonly ohlc?: KiteOhlc;
  readonly lastQuantity?: number;
  readonly averagePrice?: number;
  /** Volume traded today, in units. */
  readonly volume?: number;
  readonly totalBuyQuantity?: number;
  readonly totalSellQuantity?: number;
  readonly lastTradeTime?: number | null;
  readonly exchangeTime?: number | null;
  readonly oi?: number;
  readonly oiDayHigh?: number;
  readonly oiDayLow?: number;
  readonly depth?: { readonly buy: readonly KiteDepthLevel[]; readonly sell: readonly KiteDepthLevel[] };
}
