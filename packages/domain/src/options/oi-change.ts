// Open-interest change over a look-back window (the spec's Option OI windows: 15 min, 30 min, 1 h, 4 h).
//
// The exchange publishes OI every few minutes, so the baseline is the latest snapshot taken at or before
// now − window; if none is that old (early in the session), the change is unknown (NaN), not "since the first
// snapshot", which would mislabel a shorter window. Snapshots carry their own strike lists because the ladder
// grows intraday; a strike absent from the baseline snapshot has an unknown change.

/** A look-back window for OI change. */
export type ChainOiWindow = '15m' | '30m' | '1h' | '4h';

/** The windows in display order, with their lengths in minutes. */
export const CHAIN_OI_WINDOWS: readonly { window: ChainOiWindow; minutes: number }[] = Object.freeze([
  { window: '15m', minutes: 15 },
  { window: '30m', minutes: 30 },
  { window: '1h', minutes: 60 },
  { window: '4h', minutes: 240 },
]);

/** OI of every strike at one instant: ascending strikes with CE and PE OI aligned to them. */
export interface ChainOiSnapshot {
  atMs: number;
  strikes: ArrayLike<number>;
  ceOi: ArrayLike<number>;
  peOi: ArrayLike<number>;
}

/** Index of the latest snapshot at or before `atMs` in snapshots sorted by time (oldest first), or −1. */
export function oiSnapshotIndexAt(snapshots: readonly ChainOiSnapshot[], atMs: number): number {
  let lo = 0;
  let hi = snapshots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (snapshots[mid]!.atMs <= atMs) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * OI change per strike against a baseline snapshot: current − baseline, NaN where the baseline lacks the strike.
 * `strikes` ascending; writes `out` (allocated if absent) and returns it.
 */
export function oiChangeAgainst(
  strikes: ArrayLike<number>,
  currentOi: ArrayLike<number>,
  baseline: ChainOiSnapshot,
  side: 'CE' | 'PE',
  out: Float64Array = new Float64Array(strikes.length),
): Float64Array {
  const baseStrikes = baseline.strikes;
  const baseOi = side === 'CE' ? baseline.ceOi : baseline.peOi;
  const m = baseStrikes.length;
  let j = 0;
  for (let i = 0; i < strikes.length; i++) {
    const k = strikes[i]!;
    while (j < m && baseStrikes[j]! < k) j++;
    out[i] = j < m && baseStrikes[j] === k ? currentOi[i]! - baseOi[j]! : NaN;
  }
  return out;
}

/** OI change per strike over the last `minutes` at `nowMs`; all NaN when no snapshot is old enough. */
export function oiChangeOverWindow(
  strikes: ArrayLike<number>,
  currentOi: ArrayLike<number>,
  snapshots: readonly ChainOiSnapshot[],
  side: 'CE' | 'PE',
  nowMs: number,
  minutes: number,
): Float64Array {
  const index = oiSnapshotIndexAt(snapshots, nowMs - minutes * 60_000);
  const out = new Float64Array(strikes.length);
  if (index < 0) return out.fill(NaN);
  return oiChangeAgainst(strikes, currentOi, snapshots[index]!, side, out);
}

/**
 * Every window the Option OI page offers: the look-back windows, then since the session's open and since the
 * previous session's close (the exchange's own "OI change").
 */
export type OiChangeWindow = ChainOiWindow | 'open' | 'prevClose';

/** The windows in display order with their labels. */
export const OI_CHANGE_WINDOWS: readonly { window: OiChangeWindow; label: string }[] = Object.freeze([
  { window: '15m', label: '15 Min' },
  { window: '30m', label: '30 Min' },
  { window: '1h', label: '1 Hour' },
  { window: '4h', label: '4 Hour' },
  { window: 'open', label: 'Since Open' },
  { window: 'prevClose', label: 'Since Prev Close' },
]);

/** What one leg's OI change over any window is read from. Unknown figures are null. */
export interface LegOiFigures {
  /** OI now. */
  oi: number | null;
  /** OI change since the previous session's close. */
  changeSincePrevClose: number | null;
  /** OI at the session's open (the first minute's OI), when known. */
  openOi: number | null;
  /** OI change over each look-back window, as the chain serves it. */
  byWindow: Readonly<Record<ChainOiWindow, number | null>>;
}

/**
 * A leg's OI change over `window`: the served look-back change, OI now minus OI at the open, or the change since
 * the previous close; null when the baseline is unknown (a look-back window older than the first snapshot, an
 * open OI not loaded yet).
 */
export function legOiChange(figures: LegOiFigures, window: OiChangeWindow): number | null {
  const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);
  switch (window) {
    case 'prevClose':
      return finite(figures.changeSincePrevClose);
    case 'open': {
      const oi = finite(figures.oi);
      const open = finite(figures.openOi);
      return oi === null || open === null ? null : oi - open;
    }
    default:
      return finite(figures.byWindow[window]);
  }
}

/** OI at the start of `window`: OI now minus the change over it (null when either is unknown). */
export function legOiAtWindowStart(figures: LegOiFigures, window: OiChangeWindow): number | null {
  const change = legOiChange(figures, window);
  return change === null || figures.oi === null ? null : figures.oi - change;
}
