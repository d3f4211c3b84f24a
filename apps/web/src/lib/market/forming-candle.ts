import type { Candle, FeedTick } from '@fnodesk/contracts';
import { candleBucketStart, type Exchange, type Resolution } from '@fnodesk/domain';

/** The candle being formed from ticks, and the day's traded volume at the last tick (to turn `vt` into deltas). */
export interface FormingCandle {
  candle: Candle;
  volumeToday: number | undefined;
}

/** Where a chart's ticks go: its resolution and the exchange whose sessions its candles follow. */
export interface CandleBucketing {
  resolution: Resolution;
  exchange: Exchange;
}

/**
 * The forming candle after one tick. The tick extends the candle of its bucket (the history's last candle, or the
 * one already forming): high, low and close follow the price, volume grows by the rise in the day's volume (`vt`)
 * since the previous tick, ATP and OI are the tick's. A tick in a later bucket opens a new candle; a tick older
 * than the forming candle changes nothing.
 */
export function nextFormingCandle(
  previous: FormingCandle | null,
  lastHistoryCandle: Candle | undefined,
  tick: FeedTick,
  bucketing: CandleBucketing,
): FormingCandle | null {
  const base = previous?.candle ?? lastHistoryCandle;
  const start = candleBucketStart(tick.ts, bucketing.resolution, bucketing.exchange);
  const volumeToday = tick.vt ?? previous?.volumeToday;
  // The day's volume restarts at each session; a fall means a new day, so no delta from it.
  const traded =
    tick.vt !== undefined && previous?.volumeToday !== undefined ? Math.max(0, tick.vt - previous.volumeToday) : 0;

  if (base !== undefined && start < base.t) return previous;
  if (base !== undefined && start === base.t) {
    return {
      candle: {
        ...base,
        h: Math.max(base.h, tick.lp),
        l: Math.min(base.l, tick.lp),
        c: tick.lp,
        v: base.v + traded,
        atp: tick.atp ?? base.atp,
        oi: tick.oi ?? base.oi,
      },
      volumeToday,
    };
  }
  return {
    candle: {
      t: start,
      o: tick.lp,
      h: tick.lp,
      l: tick.lp,
      c: tick.lp,
      v: traded,
      atp: tick.atp ?? base?.atp ?? tick.lp,
      oi: tick.oi ?? base?.oi ?? 0,
    },
    volumeToday,
  };
}
