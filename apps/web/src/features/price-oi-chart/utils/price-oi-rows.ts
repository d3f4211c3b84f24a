// Price vs OI (pages brief G5, [assumed]): one contract's candles read as build-up. Each candle's price and OI move
// against the candle before (the first against the previous session's close) gives its label with the domain's
// classifier; the cumulative ΔOI runs from the first candle shown. A build-up over a window (since open, 15 min,
// 1 hour, previous close) compares the price and OI now with those at the window's start.
import type { Candle } from '@fnodesk/contracts';
import { classifyBuildUp, type BuildUp } from '@fnodesk/domain';
import type { WindowBase } from '../../../lib/market/build-up-window';

/** One candle of the table. */
export interface PriceOiRow {
  t: number;
  o: number;
  h: number;
  l: number;
  price: number;
  change: number | null;
  changePercent: number | null;
  oi: number;
  oiChange: number | null;
  oiChangePercent: number | null;
  volume: number;
  buildUp: BuildUp;
  /** Σ ΔOI from the first candle shown. */
  cumulativeOiChange: number;
}

const percentOf = (change: number | null, base: number | null) =>
  change === null || base === null || base === 0 ? null : (change / base) * 100;

/** The candles, oldest first, as table rows with their build-up; `previous` is the previous session's close. */
export function priceOiRows(candles: readonly Candle[], previous: WindowBase | null, tickSize: number): PriceOiRow[] {
  let cumulative = 0;
  return candles.map((candle, i) => {
    const before = i === 0 ? previous : { price: candles[i - 1]!.c, oi: candles[i - 1]!.oi };
    const change = before === null ? null : candle.c - before.price;
    const oiChange = before === null ? null : candle.oi - before.oi;
    if (i > 0 && oiChange !== null) cumulative += oiChange;
    return {
      t: candle.t,
      o: candle.o,
      h: candle.h,
      l: candle.l,
      price: candle.c,
      change,
      changePercent: percentOf(change, before?.price ?? null),
      oi: candle.oi,
      oiChange,
      oiChangePercent: percentOf(oiChange, before?.oi ?? null),
      volume: candle.v,
      buildUp: classifyBuildUp({ priceChange: change, oiChange, previousOi: before?.oi ?? null, tickSize }),
      cumulativeOiChange: cumulative,
    };
  });
}

/** The build-up from a window's start to now, with the moves it was read from. */
export interface WindowBuildUp {
  buildUp: BuildUp;
  priceChange: number;
  priceChangePercent: number | null;
  oiChange: number;
  oiChangePercent: number | null;
}

/** The build-up between `base` (the window's start) and `now`; null when either is unknown. */
export function windowBuildUp(base: WindowBase | null, now: WindowBase | null, tickSize: number): WindowBuildUp | null {
  if (base === null || now === null) return null;
  const priceChange = now.price - base.price;
  const oiChange = now.oi - base.oi;
  return {
    buildUp: classifyBuildUp({ priceChange, oiChange, previousOi: base.oi, tickSize }),
    priceChange,
    priceChangePercent: percentOf(priceChange, base.price),
    oiChange,
    oiChangePercent: percentOf(oiChange, base.oi),
  };
}
