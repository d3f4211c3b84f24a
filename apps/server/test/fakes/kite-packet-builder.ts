import {
  KITE_DEPTH_LEVELS,
  KITE_PACKET_BYTES,
  KITE_SEGMENT,
  priceDivisor,
  segmentOf,
  type KiteDepthLevel,
  type KiteMode,
  type KiteQuote,
} from '../../src/modules/feed/kite/kite-packet';

/** The values of one packet, in rupees and units; times in epoch ms (whole seconds on the wire). */
export type KitePacketValues = Omit<KiteQuote, 'mode' | 'tradable'>;

/** Kite's keep-alive: a 1-byte binary frame. */
export const KITE_HEARTBEAT: Uint8Array = Uint8Array.of(0);

/**
 * Lays out one packet as Kite's ticker sends it in `mode` (market-facts §5.2): 8 bytes for `ltp`; for indices
 * (segment 9) 28 bytes in `quote` and 32 in `full`; for everything else 44 in `quote` and 184 in `full`.
 */
export function buildKitePacket(values: KitePacketValues, mode: KiteMode): Uint8Array {
  const index = segmentOf(values.token) === KITE_SEGMENT.INDICES;
  const size =
    mode === 'ltp'
      ? KITE_PACKET_BYTES.LTP
      : index
        ? mode === 'full'
          ? KITE_PACKET_BYTES.INDEX_FULL
          : KITE_PACKET_BYTES.INDEX_QUOTE
        : mode === 'full'
          ? KITE_PACKET_BYTES.FULL
          : KITE_PACKET_BYTES.QUOTE;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  const divisor = priceDivisor(values.token);
  const price = (at: number, rupees: number) => view.setInt32(at, Math.round(rupees * divisor));
  const count = (at: number, n: number | undefined) => view.setUint32(at, n ?? 0);
  const time = (at: number, ms: number | null | undefined) => view.setUint32(at, ms ? Math.floor(ms / 1000) : 0);
  const ohlc = values.ohlc ?? { open: 0, high: 0, low: 0, close: 0 };

  view.setUint32(0, values.token);
  price(4, values.lastPrice);
  if (size === KITE_PACKET_BYTES.LTP) return bytes;
  if (index) {
    price(8, ohlc.high);
    price(12, ohlc.low);
    price(16, ohlc.open);
    price(20, ohlc.close);
    price(24, values.lastPrice - ohlc.close);
    if (size === KITE_PACKET_BYTES.INDEX_FULL) time(28, values.exchangeTime);
    return bytes;
  }
  count(8, values.lastQuantity);
  price(12, values.averagePrice ?? 0);
  count(16, values.volume);
  count(20, values.totalBuyQuantity);
  count(24, values.totalSellQuantity);
  price(28, ohlc.open);
  price(32, ohlc.high);
  price(36, ohlc.low);
  price(40, ohlc.close);
  if (size === KITE_PACKET_BYTES.QUOTE) return bytes;
  time(44, values.lastTradeTime);
  count(48, values.oi);
  count(52, values.oiDayHigh);
  count(56, values.oiDayLow);
  time(60, values.exchangeTime);
  const levels = [...padDepth(values.depth?.buy), ...padDepth(values.depth?.sell)];
  levels.forEach((level, i) => {
    const at = 64 + i * 12;
    count(at, level.quantity);
    price(at + 4, level.price);
    view.setUint16(at + 8, level.orders);
  });
  return bytes;
}

/** A binary message: the packet count, then each packet behind its 2-byte length. */
export function buildKiteMessage(packets: readonly Uint8Array[]): Uint8Array {
  const total = 2 + packets.reduce((sum, p) => sum + 2 + p.byteLength, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, packets.length);
  let at = 2;
  for (const packet of packets) {
    view.setUint16(at, packet.byteLength);
    bytes.set(packet, at + 2);
    at += 2 + packet.byteLength;
  }
  return bytes;
}

function padDepth(levels: readonly KiteDepthLevel[] | undefined): KiteDepthLevel[] {
  const out = [...(levels ?? [])].slice(0, KITE_DEPTH_LEVELS);
  while (out.length < KITE_DEPTH_LEVELS) out.push({ quantity: 0, price: 0, orders: 0 });
  return out;
}
