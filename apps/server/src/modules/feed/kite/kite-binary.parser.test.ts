import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKiteBinary } from './kite-binary.parser';

// Packets are written here field by field at the offsets of Kite's documented layout (market-facts §5.2,
// kite.trade/docs/connect/v3/websocket), independently of the fake ticker's packet builder.

const INFY = 408_065; // 0x063A01: segment 1, NSE
const NIFTY = 256_265; // 0x03E909: segment 9, indices
const NIFTY_FUT = 12_073_986; // 47164 × 256 + 2: NFO
const USDINR_FUT = 315_907; // 1234 × 256 + 3: CDS
const BSE_USDINR = 315_910; // 1234 × 256 + 6: BCD
const MCX_GOLD = 53_253_383; // segment 7: MCX

/** `size` zero bytes and a big-endian writer over them. */
function packet(size: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
}

/** int16 count, then int16 length + packet for each. */
function message(...packets: Uint8Array[]): Uint8Array {
  const total = 2 + packets.reduce((n, p) => n + 2 + p.length, 0);
  const { bytes, view } = packet(total);
  view.setInt16(0, packets.length);
  let at = 2;
  for (const p of packets) {
    view.setInt16(at, p.length);
    bytes.set(p, at + 2);
    at += 2 + p.length;
  }
  return bytes;
}

function ltpPacket(token: number, price: number): Uint8Array {
  const { bytes, view } = packet(8);
  view.setInt32(0, token);
  view.setInt32(4, price);
  return bytes;
}

const EXCHANGE_SECONDS = 1_795_146_369; // 2026-11-20T09:16:09+05:30

function indexPacket(full: boolean): Uint8Array {
  const { bytes, view } = packet(full ? 32 : 28);
  view.setInt32(0, NIFTY);
  view.setInt32(4, 2_340_685); // last price
  view.setInt32(8, 2_344_195); // high
  view.setInt32(12, 2_329_595); // low
  view.setInt32(16, 2_334_445); // open
  view.setInt32(20, 2_326_485); // close
  view.setInt32(24, 14_200); // net change
  if (full) view.setInt32(28, EXCHANGE_SECONDS);
  return bytes;
}

function quotePacket(token: number, full: boolean): Uint8Array {
  const { bytes, view } = packet(full ? 184 : 44);
  view.setInt32(0, token);
  view.setInt32(4, 2_351_020); // last price 23510.20
  view.setInt32(8, 75); // last traded quantity
  view.setInt32(12, 2_349_875); // average price
  view.setInt32(16, 4_125_300); // volume
  view.setInt32(20, 612_450); // total buy quantity
  view.setInt32(24, 598_125); // total sell quantity
  view.setInt32(28, 2_340_000); // open
  view.setInt32(32, 2_355_510); // high
  view.setInt32(36, 2_335_005); // low
  view.setInt32(40, 2_338_840); // close
  if (!full) return bytes;
  view.setInt32(44, EXCHANGE_SECONDS - 1); // last trade time
  view.setInt32(48, 14_650_125); // OI
  view.setInt32(52, 14_700_000); // OI day high
  view.setInt32(56, 14_500_050); // OI day low
  view.setInt32(60, EXCHANGE_SECONDS); // exchange timestamp
  for (let i = 0; i < 10; i++) {
    const at = 64 + i * 12;
    const bid = i < 5;
    const level = bid ? i : i - 5;
    view.setInt32(at, 75 * (level + 1)); // quantity
    view.setInt32(at + 4, bid ? 2_351_000 - 5 * level : 2_351_025 + 5 * level); // price
    view.setInt16(at + 8, level + 2); // orders
    view.setInt16(at + 10, 0x7fff); // padding: must be ignored
  }
  return bytes;
}

describe('Kite binary messages', () => {
  it('reads an LTP packet (8 bytes) in paise for NSE', () => {
    const out = parseKiteBinary(message(ltpPacket(INFY, 143_255)));
    expect(out).toEqual({
      heartbeat: false,
      quotes: [{ token: INFY, mode: 'ltp', tradable: true, lastPrice: 1432.55 }],
      rejected: [],
    });
  });

  it('divides NSE currency prices by 10^7, BSE currency by 10^4 and other segments by 100', () => {
    const out = parseKiteBinary(
      message(ltpPacket(USDINR_FUT, 831_234_567), ltpPacket(BSE_USDINR, 831_234), ltpPacket(MCX_GOLD, 7_215_600)),
    );
    expect(out.quotes.map((q) => [q.token, q.lastPrice])).toEqual([
      [USDINR_FUT, 83.1234567],
      [BSE_USDINR, 83.1234],
      [MCX_GOLD, 72_156],
    ]);
  });

  it('reads an index quote packet (28 bytes) with high, low, open in that order and no timestamp', () => {
    const [quote] = parseKiteBinary(message(indexPacket(false))).quotes;
    expect(quote).toEqual({
      token: NIFTY,
      mode: 'quote',
      tradable: false,
      lastPrice: 23_406.85,
      ohlc: { open: 23_344.45, high: 23_441.95, low: 23_295.95, close: 23_264.85 },
    });
  });

  it('reads an index full packet (32 bytes) with the exchange timestamp in seconds', () => {
    const [quote] = parseKiteBinary(message(indexPacket(true))).quotes;
    expect(quote).toMatchObject({ token: NIFTY, mode: 'full', tradable: false, exchangeTime: EXCHANGE_SECONDS * 1000 });
  });

  it('reads a quote packet (44 bytes)', () => {
    const [quote] = parseKiteBinary(message(quotePacket(NIFTY_FUT, false))).quotes;
    expect(quote).toEqual({
      token: NIFTY_FUT,
      mode: 'quote',
      tradable: true,
      lastPrice: 23_510.2,
      lastQuantity: 75,
      averagePrice: 23_498.75,
      volume: 4_125_300,
      totalBuyQuantity: 612_450,
      totalSellQuantity: 598_125,
      ohlc: { open: 23_400, high: 23_555.1, low: 23_350.05, close: 23_388.4 },
    });
  });

  it('reads a full packet (184 bytes): times, OI and five bid then five offer levels, skipping the padding', () => {
    const [quote] = parseKiteBinary(message(quotePacket(NIFTY_FUT, true))).quotes;
    expect(quote).toMatchObject({
      mode: 'full',
      lastTradeTime: (EXCHANGE_SECONDS - 1) * 1000,
      exchangeTime: EXCHANGE_SECONDS * 1000,
      oi: 14_650_125,
      oiDayHigh: 14_700_000,
      oiDayLow: 14_500_050,
    });
    expect(quote?.depth?.buy).toEqual([
      { quantity: 75, price: 23_510, orders: 2 },
      { quantity: 150, price: 23_509.95, orders: 3 },
      { quantity: 225, price: 23_509.9, orders: 4 },
      { quantity: 300, price: 23_509.85, orders: 5 },
      { quantity: 375, price: 23_509.8, orders: 6 },
    ]);
    expect(quote?.depth?.sell[0]).toEqual({ quantity: 75, price: 23_510.25, orders: 2 });
    expect(quote?.depth?.sell[4]).toEqual({ quantity: 375, price: 23_510.45, orders: 6 });
  });

  it('applies the currency divisor to depth prices too', () => {
    const { bytes, view } = packet(184);
    view.setInt32(0, USDINR_FUT);
    view.setInt32(64 + 4, 831_225_000); // best bid
    const [quote] = parseKiteBinary(message(bytes)).quotes;
    expect(quote?.depth?.buy[0]?.price).toBe(83.1225);
  });

  it('reads every packet of a message that mixes kinds, in order', () => {
    const out = parseKiteBinary(
      message(ltpPacket(INFY, 143_255), indexPacket(true), quotePacket(NIFTY_FUT, true), quotePacket(INFY, false)),
    );
    expect(out.quotes.map((q) => [q.token, q.mode])).toEqual([
      [INFY, 'ltp'],
      [NIFTY, 'full'],
      [NIFTY_FUT, 'full'],
      [INFY, 'quote'],
    ]);
    expect(out.rejected).toEqual([]);
  });

  it('treats a 1-byte frame as a heartbeat', () => {
    expect(parseKiteBinary(Uint8Array.of(0))).toEqual({ heartbeat: true, quotes: [], rejected: [] });
  });

  it('accepts a message of zero packets', () => {
    expect(parseKiteBinary(Uint8Array.of(0, 0))).toEqual({ heartbeat: false, quotes: [], rejected: [] });
  });

  it('reads prices as signed and counts as unsigned', () => {
    const { bytes, view } = packet(44);
    view.setInt32(0, MCX_GOLD);
    view.setInt32(4, -3_763); // crude oil, April 2020
    view.setUint32(16, 3_000_000_000); // volume above 2^31
    const [quote] = parseKiteBinary(message(bytes)).quotes;
    expect(quote?.lastPrice).toBe(-37.63);
    expect(quote?.volume).toBe(3_000_000_000);
  });

  it('reports a zero timestamp as null', () => {
    const bytes = quotePacket(NIFTY_FUT, true);
    new DataView(bytes.buffer).setInt32(60, 0);
    new DataView(bytes.buffer).setInt32(44, 0);
    const [quote] = parseKiteBinary(message(bytes)).quotes;
    expect(quote).toMatchObject({ exchangeTime: null, lastTradeTime: null });
  });
});

describe('Kite binary messages that are cut short or garbled', () => {
  it('keeps the complete packets of a message cut inside a later packet', () => {
    const whole = message(ltpPacket(INFY, 143_255), quotePacket(NIFTY_FUT, true));
    const out = parseKiteBinary(whole.subarray(0, whole.length - 30));
    expect(out.quotes.map((q) => q.token)).toEqual([INFY]);
    expect(out.rejected).toEqual([{ reason: 'TRUNCATED_MESSAGE', bytes: whole.length - 30 }]);
  });

  it('rejects a message that ends inside a packet length', () => {
    const whole = message(ltpPacket(INFY, 143_255), ltpPacket(INFY, 143_260));
    const out = parseKiteBinary(whole.subarray(0, 2 + 2 + 8 + 1));
    expect(out.quotes).toHaveLength(1);
    expect(out.rejected[0]?.reason).toBe('TRUNCATED_MESSAGE');
  });

  it('rejects a message announcing more packets than it holds', () => {
    const bytes = message(ltpPacket(INFY, 143_255));
    new DataView(bytes.buffer).setInt16(0, 3);
    const out = parseKiteBinary(bytes);
    expect(out.quotes).toHaveLength(1);
    expect(out.rejected).toEqual([{ reason: 'TRUNCATED_MESSAGE', bytes: bytes.length }]);
  });

  it('skips a packet of undocumented size (the pre-OI 164-byte full packet) and reads the next', () => {
    const legacy = packet(164);
    legacy.view.setInt32(0, MCX_GOLD);
    const out = parseKiteBinary(message(legacy.bytes, ltpPacket(INFY, 143_255)));
    expect(out.quotes.map((q) => q.token)).toEqual([INFY]);
    expect(out.rejected).toEqual([{ reason: 'UNKNOWN_PACKET_SIZE', bytes: 164 }]);
  });

  it('reports bytes after the announced packets but keeps the packets', () => {
    const whole = message(ltpPacket(INFY, 143_255));
    const padded = new Uint8Array(whole.length + 3);
    padded.set(whole);
    const out = parseKiteBinary(padded);
    expect(out.quotes).toHaveLength(1);
    expect(out.rejected).toEqual([{ reason: 'TRAILING_BYTES', bytes: padded.length }]);
  });

  it('rejects an empty frame', () => {
    expect(parseKiteBinary(new Uint8Array(0)).rejected).toEqual([{ reason: 'EMPTY_MESSAGE', bytes: 0 }]);
  });

  it('reads a packet that sits at an offset inside a larger buffer (a Node Buffer slice)', () => {
    const inner = message(ltpPacket(INFY, 143_255));
    const outer = new Uint8Array(inner.length + 7);
    outer.set(inner, 7);
    expect(parseKiteBinary(outer.subarray(7)).quotes[0]?.lastPrice).toBe(1432.55);
  });

  it('never throws on generated messages, cut anywhere, and keeps exactly the whole packets of documented size', () => {
    const seed = 20_261_121;
    const documented = [8, 28, 32, 44, 184];
    const anyPacket = fc
      .oneof(fc.constantFrom(...documented), fc.integer({ min: 0, max: 200 }))
      .chain((size) => fc.uint8Array({ minLength: size, maxLength: size }));
    fc.assert(
      fc.property(fc.array(anyPacket, { maxLength: 6 }), fc.nat(), (packets, cut) => {
        const whole = message(...packets);
        const bytes = whole.subarray(0, whole.length - (cut % (whole.length + 1)));
        const out = parseKiteBinary(bytes);
        const expected: number[] = [];
        let at = 2;
        for (const p of packets) {
          if (bytes.length < 2 || at + 2 + p.length > bytes.length) break;
          if (documented.includes(p.length)) expected.push(new DataView(p.buffer).getUint32(0));
          at += 2 + p.length;
        }
        expect(out.quotes.map((q) => q.token)).toEqual(expected);
        expect(out.heartbeat).toBe(bytes.length === 1);
        if (bytes.length !== whole.length && bytes.length !== 1) expect(out.rejected.length).toBeGreaterThan(0);
      }),
      { seed, numRuns: 3_000 },
    );
  });
});
