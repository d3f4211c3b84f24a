// Build-up over any window (pages brief §4 idea 2): since the previous close, since the open, the last 15 minutes or
// the last hour. The previous close comes with every tick; the other windows start at a 1-minute candle, whose open
// price and OI are where the move is measured from.
import type { Candle, FeedTick } from '@fnodesk/contracts';

/** Where a window's move is measured from. */
export interface WindowBase {
  price: number;
  oi: number;
}

/** A look-back window of the build-up. */
export type BuildUpWindow = 'prevClose' | 'open' | '15m' | '1h';

/** The windows in menu order, with their labels. */
export const BUILD_UP_WINDOWS: readonly { window: BuildUpWindow; label: string }[] = [
  { window: 'prevClose', label: 'Prev Close' },
  { window: 'open', label: 'Since Open' },
  { window: '15m', label: '15 Min' },
  { window: '1h', label: '1 Hour' },
];

const MINUTE = 60_000;
const LOOK_BACK_MS: Readonly<Record<'15m' | '1h', number>> = { '15m': 15 * MINUTE, '1h': 60 * MINUTE };

/**
 * The minute a candle window starts at (epoch ms), or null for the previous close (no candle needed). A look-back
 * reaching before the session's open starts at the open: nothing traded earlier today.
 */
export function windowStartMinute(window: BuildUpWindow, now: number, sessionOpen: number): number | null {
  if (window === 'prevClose') return null;
  if (window === 'open') return sessionOpen;
  const start = Math.floor(now / MINUTE) * MINUTE - LOOK_BACK_MS[window];
  return Math.max(sessionOpen, start);
}

/** The label of a window. */
export function buildUpWindowLabel(window: BuildUpWindow): string {
  return BUILD_UP_WINDOWS.find((entry) => entry.window === window)?.label ?? window;
}

/**
 * Where a window's move starts: the previous close and OI from the tick, or the open price and OI of the window's
 * first 1-minute candle; undefined when that is not known (yet).
 */
export function windowBase(
  window: BuildUpWindow,
  tick: FeedTick | undefined,
  firstCandle: Candle | undefined,
): WindowBase | undefined {
  if (window === 'prevClose') {
    const price = tick?.c ?? tick?.prev?.lp;
    const oi = tick?.prev?.oi;
    return price === undefined || oi === undefined ? undefined : { price, oi };
  }
  return firstCandle === undefined ? undefined : { price: firstCandle.o, oi: firstCandle.oi };
}
