import fc from 'fast-check';
import { KiteTicker } from 'kiteconnect';
import { describe, expect, it } from 'vitest';
import { buildKiteMessage, buildKitePacket } from '../../../../test/fakes/kite-packet-builder';
import { generatedValues } from '../../../../test/fakes/kite-ticker-fake';
import { parseKiteBinary } from './kite-binary.parser';
import type { KiteMode, KiteQuote } from './kite-packet';

// The same bytes through the official kiteconnect SDK's parser and ours. The SDK reads every 4-byte field as a
// signed int32 where ours reads counts, times and tokens as unsigned (a volume above 2^31 is not negative), so the
// SDK's values of those fields are compared as unsigned (`>>> 0`); everything else must be identical.

interface SdkDepth {
  quantity: number;
  price: number;
  orders: number;
}
interface SdkTick {
  tradable: boolean;
  mode: string;
  instrument_token: number;
  last_price: number;
  ohlc?: { open: number; high: number; low: number; close: number };
  last_traded_quantity?: number;
  average_traded_price?: number;
  volume_traded?: number;
  total_buy_quantity?: number;
  total_sell_quantity?: number;
  last_trade_time?: Date | null;
  exchange_timestamp?: Date | null;
  oi?: number;
  oi_day_high?: number;
  oi_day_low?: number;
  depth?: { buy: SdkDepth[]; sell: SdkDepth[] };
}

// The SDK's typings do not declare parseBinary, which the class has (dist/lib/ticker.js); this is its shape.
const sdk = new KiteTicker({ api_key: 'cross-check', access_token: 'cross-check', reconnect: false }) as unknown as {
  parseBinary(message: ArrayBuffer): SdkTick[];
};

function sdkParse(bytes: Uint8Array): SdkTick[] {
  return sdk.parseBinary(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

const unsigned = (n: number | undefined) => (n === undefined ? undefined : n >>> 0);
const ms = (date: Date | null | undefined) =>
  date === undefined ? undefined : date === null ? null : ((date.getTime() / 1000) >>> 0) * 1000;
const depth = (levels: SdkDepth[]) =>
  levels.map((l) => ({ quantity: l.quantity >>> 0, price: l.price, orders: l.orders }));

/** The SDK's tick in our packet's shape, fields the SDK has and we do not (`change`) left out. */
function fromSdk(tick: SdkTick): KiteQuote {
  const out: Record<string, unknown> = {
    token: tick.instrument_token >>> 0,
    mode: tick.mode,
    tradable: tick.tradable,
    lastPrice: tick.last_price,
    ohlc: tick.ohlc && { ...tick.ohlc },
    lastQuantity: unsigned(tick.last_traded_quantity),
    averagePrice: tick.average_traded_price,
    volume: unsigned(tick.volume_traded),
    totalBuyQuantity: unsigned(tick.total_buy_quantity),
    totalSellQuantity: unsigned(tick.total_sell_quantity),
    lastTradeTime: ms(tick.last_trade_time),
    exchangeTime: ms(tick.exchange_timestamp),
    oi: unsigned(tick.oi),
    oiDayHigh: unsigned(tick.oi_day_high),
    oiDayLow: unsigned(tick.oi_day_low),
    depth: tick.depth && { buy: depth(tick.depth.buy), sell: depth(tick.depth.sell) },
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out as unknown as KiteQuote;
}

describe('parser agrees with the kiteconnect SDK', () => {
  it('on generated ticks of every mode, segment and kind, several per message', () => {
    const tokens = [408_065, 256_265, 12_073_986, 315_907, 315_910, 53_253_383, 265, 1_234 * 256 + 5];
    const modes: KiteMode[] = ['ltp', 'quote', 'full'];
    const packets = tokens.flatMap((token, i) =>
      modes.map((mode) => buildKitePacket({ token, ...generatedValues(token, i + 1, 1_795_146_369_000) }, mode)),
    );
    const bytes = buildKiteMessage(packets);
    const ours = parseKiteBinary(bytes);
    expect(ours.rejected).toEqual([]);
    expect(ours.quotes).toHaveLength(tokens.length * modes.length);
    expect(ours.quotes).toEqual(sdkParse(bytes).map(fromSdk));
  });

  it('on random bytes in every documented packet size, field by field', () => {
    const seed = 7_072_026;
    const packet = fc
      .constantFrom(8, 28, 32, 44, 184)
      .chain((size) => fc.uint8Array({ minLength: size, maxLength: size }))
      .map((bytes) => {
        // Kite's segments are 1–9; an arbitrary low byte would pick the paise divisor either way.
        bytes[3] = (bytes[3]! % 9) + 1;
        return bytes;
      });
    fc.assert(
      fc.property(fc.array(packet, { minLength: 1, maxLength: 8 }), (packets) => {
        const bytes = buildKiteMessage(packets);
        const ours = parseKiteBinary(bytes);
        expect(ours.quotes).toEqual(sdkParse(bytes).map(fromSdk));
      }),
      { seed, numRuns: 1_000 },
    );
  });
});
