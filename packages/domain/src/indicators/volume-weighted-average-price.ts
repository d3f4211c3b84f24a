// Session-anchored VWAP (what Indian terminals call ATP when it is computed from candles): the running average of
// each candle's typical price weighted by its volume, restarted at the first candle of every IST trading day.
import { istDateOf, type EpochMs } from '../market/ist-time';

/** What VWAP reads from a candle. */
export interface VwapCandle {
  /** Candle start, epoch ms. */
  readonly t: EpochMs;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  /** Volume traded in the candle; an index has none. */
  readonly v: number;
}

/**
 * Session-anchored VWAP over candles in time order: Σ(typical price × volume) / Σ volume since the session's first
 * candle, typical price = (high + low + close) / 3. NaN until the session has traded any volume (an index never
 * does). Sessions are IST calendar days, so daily candles each start their own session.
 */
export function vwap(candles: readonly VwapCandle[]): number[] {
  const out = new Array<number>(candles.length).fill(Number.NaN);
  let session = '';
  let weighted = 0;
  let volume = 0;
  for (let i = 0; i < candles.length; i += 1) {
    const candle = candles[i]!;
    const day = istDateOf(candle.t);
    if (day !== session) {
      session = day;
      weighted = 0;
      volume = 0;
    }
    const typical = (candle.h + candle.l + candle.c) / 3;
    if (candle.v > 0 && Number.isFinite(typical)) {
      weighted += typical * candle.v;
      volume += candle.v;
    }
    if (volume > 0) out[i] = weighted / volume;
  }
  return out;
}
