import {
  KITE_DEPTH_LEVELS,
  KITE_PACKET_BYTES,
  KITE_SEGMENT,
  priceDivisor,
  segmentOf,
  type KiteDepthLevel,
  type KiteMode,
  type KiteQuote,
} from './kite-packet';

/** Why part of a binary message was skipped. */
export type KiteRejectReason =
  /** A zero-length frame. */
  | 'EMPTY_MESSAGE'
  /** The message ends before the packets its header announces (or inside a packet's length field). */
  | 'TRUNCATED_MESSAGE'
  /** Bytes left over after the announced packets. */
  | 'TRAILING_BYTES'
  /** A packet whose size is none of the documented layouts (e.g. the 164-byte full packet from before OI). */
  | 'UNKNOWN_PACKET_SIZE'
  /** A text frame that is not a JSON object with a `type`. */
  | 'MALFORMED_TEXT';

/** A part of a message that was skipped, and why. */
export interface KiteRejection {
  readonly reason: KiteRejectReason;
  /** Size in bytes of the message (or of the packet, for `UNKNOWN_PACKET_SIZE`). */
  readonly bytes: number;
}

/** A binary message decoded as far as it was well formed. */
export interface KiteBinaryMessage {
  /** A 1-byte frame: Kite's keep-alive, sent when there is nothing else to send. */
  readonly heartbeat: boolean;
  readonly quotes: KiteQuote[];
  readonly rejected: KiteRejection[];
}

const HEADER_BYTES = 2;
const DOCUMENTED_SIZES: ReadonlySet<number> = new Set(Object.values(KITE_PACKET_BYTES));
const DEPTH_OFFSET = 64;
const DEPTH_ENTRY_BYTES = 12;

/**
 * Decodes one binary WebSocket message of Kite's ticker: a big-endian int16 packet count, then per packet an
 * int16 length and the packet. Never throws: malformed parts are reported in `rejected` and skipped, keeping every
 * complete packet before them.
 */
export function parseKiteBinary(data: Uint8Array): KiteBinaryMessage {
  const quotes: KiteQuote[] = [];
  const rejected: KiteRejection[] = [];
  const length = data.byteLength;
  if (length === 1) return { heartbeat: true, quotes, rejected };
  if (length === 0) return { heartbeat: false, quotes, rejected: [{ reason: 'EMPTY_MESSAGE', bytes: 0 }] };
  if (length < HEADER_BYTES) return { heartbeat: false, quotes, rejected: [{ reason: 'TRUNCATED_MESSAGE', bytes: 0 }] };

  const view = new DataView(data.buffer, data.byteOffset, length);
  const count = view.getUint16(0);
  let offset = HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    if (offset + 2 > length) {
      rejected.push({ reason: 'TRUNCATED_MESSAGE', bytes: length });
      return { heartbeat: false, quotes, rejected };
    }
    const size = view.getUint16(offset);
    const start = offset + 2;
    if (start + size > length) {
      rejected.push({ reason: 'TRUNCATED_MESSAGE', bytes: length });
      return { heartbeat: false, quotes, rejected };
    }
    const quote = decodePacket(view, start, size);
    if (quote) quotes.push(quote);
    else rejected.push({ reason: 'UNKNOWN_PACKET_SIZE', bytes: size });
    offset = start + size;
  }
  if (offset !== length) rejected.push({ reason: 'TRAILING_BYTES', bytes: length });
  return { heartbeat: false, quotes, rejected };
}

// Prices are signed (spreads and, once, crude oil went negative); counts, times and tokens are unsigned. The
// kiteconnect JS SDK reads every 4-byte field as signed, so it turns volumes above 2^31 negative; we do not.
function decodePacket(view: DataView, at: number, size: number): KiteQuote | null {
  if (!DOCUMENTED_SIZES.has(size)) return null;
  const token = view.getUint32(at);
  const divisor = priceDivisor(token);
  const tradable = segmentOf(token) !== KITE_SEGMENT.INDICES;
  const price = (offset: number) => view.getInt32(at + offset) / divisor;
  const count = (offset: number) => view.getUint32(at + offset);
  const time = (offset: number) => {
    const seconds = view.getUint32(at + offset);
    return seconds === 0 ? null : seconds * 1000;
  };

  switch (size) {
    case KITE_PACKET_BYTES.LTP:
      return { token, mode: 'ltp', tradable, lastPrice: price(4) };
    case KITE_PACKET_BYTES.INDEX_QUOTE:
    case KITE_PACKET_BYTES.INDEX_FULL: {
      const full = size === KITE_PACKET_BYTES.INDEX_FULL;
      // Index packets order the range as high, low, open — unlike quote packets. The int32 at 24 is the net
      // change, which consumers derive from close and last price, so it is not kept.
      return {
        token,
        mode: full ? 'full' : 'quote',
        tradable,
        lastPrice: price(4),
        ohlc: { high: price(8), low: price(12), open: price(16), close: price(20) },
        ...(full ? { exchangeTime: time(28) } : {}),
      };
    }
    case KITE_PACKET_BYTES.QUOTE:
    case KITE_PACKET_BYTES.FULL: {
      const full = size === KITE_PACKET_BYTES.FULL;
      const mode: KiteMode = full ? 'full' : 'quote';
      const quote = {
        token,
        mode,
        tradable,
        lastPrice: price(4),
        lastQuantity: count(8),
        averagePrice: price(12),
        volume: count(16),
        totalBuyQuantity: count(20),
        totalSellQuantity: count(24),
        ohlc: { open: price(28), high: price(32), low: price(36), close: price(40) },
      };
      if (!full) return quote;
      // Extended in place: spreading it into a new object made full packets five times slower to decode.
      return Object.assign(quote, {
        lastTradeTime: time(44),
        oi: count(48),
        oiDayHigh: count(52),
        oiDayLow: count(56),
        exchangeTime: time(60),
        depth: {
          buy: depthSide(view, at + DEPTH_OFFSET, divisor),
          sell: depthSide(view, at + DEPTH_OFFSET + KITE_DEPTH_LEVELS * DEPTH_ENTRY_BYTES, divisor),
        },
      });
    }
    default:
      return null;
  }
}

// Each level: quantity int32, price int32, orders uint16, then 2 bytes of padding.
function depthSide(view: DataView, at: number, divisor: number): KiteDepthLevel[] {
  const levels: KiteDepthLevel[] = [];
  for (let level = 0; level < KITE_DEPTH_LEVELS; level++) {
    const entry = at + level * DEPTH_ENTRY_BYTES;
    levels.push({
      quantity: view.getUint32(entry),
      price: view.getInt32(entry + 4) / divisor,
      orders: view.getUint16(entry + 8),
    });
  }
  return levels;
}
