// The F&O futures universe as the G1 pages read it (pages brief G1, Market Movers): one row per underlying for the
// chosen month (near, next or far), its quote against the previous close, the open-equals-high/low marker and the
// build-up over a window. Pure: the hooks feed it instruments, ticks and the window's base.
import type { FeedTick, Instrument } from '@fnodesk/contracts';
import { classifyBuildUp, type BuildUp } from '@fnodesk/domain';
import type { WindowBase } from '../../../lib/market/build-up-window';

/** Which month of each underlying's futures: the nearest, the next or the farthest of the three listed. */
export type ExpirySlot = 'near' | 'next' | 'far';
/** The expiry choices in menu order. */
export const EXPIRY_SLOTS: readonly ExpirySlot[] = ['near', 'next', 'far'];

/** O=H when the day opened at its high (within a tick), O=L when it opened at its low. */
export type OpenMarker = 'O=H' | 'O=L' | null;

/** One future as the scanners show it. */
export interface FutureRow {
  token: number;
  /** The underlying (NIFTY, RELIANCE). */
  symbol: string;
  /** The underlying's own (spot) instrument. */
  underlyingToken: number;
  tradingSymbol: string;
  expiry: string | null;
  sector: string;
  isIndex: boolean;
  lotSize: number;
  tickSize: number;
  ltp: number | null;
  ltpChange: number | null;
  ltpChangePercent: number | null;
  oi: number | null;
  oiChange: number | null;
  oiChangePercent: number | null;
  volume: number | null;
  atp: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  prevClose: number | null;
  /** OI × LTP, in rupees. */
  oiValue: number | null;
  /** Volume × ATP, in rupees (traded value). */
  turnover: number | null;
  marker: OpenMarker;
  /** Build-up over the chosen window. */
  buildUp: BuildUp;
  /** Price change over the chosen window, per cent. */
  windowPricePercent: number | null;
  /** OI change over the chosen window, per cent. */
  windowOiPercent: number | null;
}

// Prices are decimals in floating point: an open exactly one tick under the high still counts as "at the high".
const TICK_TOLERANCE = 1e-9;

/**
 * O=H when the open is within one tick of the day's high, O=L when within one tick of the low; null when neither
 * or when the range is not wider than a tick (a flat day is both and says nothing).
 */
export function openMarker(open: number | null, high: number | null, low: number | null, tickSize: number): OpenMarker {
  if (open === null || high === null || low === null) return null;
  const band = tickSize * (1 + TICK_TOLERANCE);
  if (high - low <= band) return null;
  if (high - open <= band) return 'O=H';
  if (open - low <= band) return 'O=L';
  return null;
}

/**
 * The future of each underlying in the chosen slot: futures of one underlying sorted by expiry, the first for near,
 * the second for next, the third for far (an underlying with fewer months has no row for that slot).
 */
export function futuresInSlot(instruments: readonly Instrument[], slot: ExpirySlot): Instrument[] {
  const byName = new Map<string, Instrument[]>();
  for (const instrument of instruments) {
    if (instrument.instrumentType !== 'FUT') continue;
    const list = byName.get(instrument.name) ?? [];
    list.push(instrument);
    byName.set(instrument.name, list);
  }
  const index = EXPIRY_SLOTS.indexOf(slot);
  const picked: Instrument[] = [];
  for (const list of byName.values()) {
    list.sort((a, b) => (a.expiry ?? '').localeCompare(b.expiry ?? ''));
    const chosen = list[index];
    if (chosen !== undefined) picked.push(chosen);
  }
  return picked.sort((a, b) => a.name.localeCompare(b.name));
}

const percent = (change: number | null, base: number | null) =>
  change === null || base === null || base === 0 ? null : (change / base) * 100;

/**
 * The row of one future from its latest tick. Changes are against the previous session's close (`c`, else
 * `prev.lp`) and OI (`prev.oi`); the window's build-up against `base` (none: neutral).
 */
export function futureRow(instrument: Instrument, tick: FeedTick | undefined, base: WindowBase | undefined): FutureRow {
  const ltp = tick?.lp ?? null;
  const prevClose = tick?.c ?? tick?.prev?.lp ?? null;
  const oi = tick?.oi ?? null;
  const prevOi = tick?.prev?.oi ?? null;
  const ltpChange = ltp === null || prevClose === null ? null : ltp - prevClose;
  const oiChange = oi === null || prevOi === null ? null : oi - prevOi;
  const volume = tick?.vt ?? null;
  const atp = tick?.atp ?? null;
  const open = tick?.o ?? null;
  const high = tick?.h ?? null;
  const low = tick?.l ?? null;
  const priceMove = base === undefined || ltp === null ? null : ltp - base.price;
  const oiMove = base === undefined || oi === null ? null : oi - base.oi;
  return {
    token: instrument.instrumentToken,
    symbol: instrument.name,
    underlyingToken: instrument.underlyingToken,
    tradingSymbol: instrument.tradingSymbol,
    expiry: instrument.expiry,
    sector: instrument.sector ?? 'Index',
    isIndex: instrument.sector === null,
    lotSize: instrument.lotSize,
    tickSize: instrument.tickSize,
    ltp,
    ltpChange,
    ltpChangePercent: percent(ltpChange, prevClose),
    oi,
    oiChange,
    oiChangePercent: percent(oiChange, prevOi),
    volume,
    atp,
    open,
    high,
    low,
    prevClose,
    oiValue: oi === null || ltp === null ? null : oi * ltp,
    turnover: volume === null || atp === null ? null : volume * atp,
    marker: openMarker(open, high, low, instrument.tickSize),
    buildUp: classifyBuildUp({
      priceChange: priceMove,
      oiChange: oiMove,
      previousOi: base?.oi ?? null,
      tickSize: instrument.tickSize,
    }),
    windowPricePercent: base === undefined ? null : percent(priceMove, base.price),
    windowOiPercent: base === undefined ? null : percent(oiMove, base.oi),
  };
}
