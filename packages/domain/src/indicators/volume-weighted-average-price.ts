// Session-anchored VWAP (what Indian terminals call ATP when it is computed from candles): the running average of
// each candle's typical price weighted by its volume, restarted at the first candle of every IST trading day.
import { istDateOf, type EpochMs } from '../market/ist-time';
import { stepThrough, type IndicatorStepper } from './stepper';

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
  return stepThrough(vwapStepper(), candles);
}

/** Session VWAP one candle at a time (see {@link vwap}). */
export function vwapStepper(): VwapStepper {
  return new VwapStepper();
}

/** The state of a session VWAP: the session and its weighted sum and volume so far. */
export class VwapStepper implements IndicatorStepper<VwapCandle, number> {
  private session = '';
  private weighted = 0;
  private volume = 0;

  next(candle: VwapCandle): number {
    const day = istDateOf(candle.t);
    if (day !== this.session) {
      this.session = day;
      this.weighted = 0;
      this.volume = 0;
    }
    const typical = (candle.h + candle.l + candle.c) / 3;
    if (candle.v > 0 && Number.isFinite(typical)) {
      this.weighted += typical * candle.v;
      this.volume += candle.v;
    }
    return this.volume > 0 ? this.weighted / this.volume : Number.NaN;
  }

  fork(): VwapStepper {
    return Object.assign(new VwapStepper(), { session: this.session, weighted: this.weighted, volume: this.volume });
  }
}
