// Dealer gamma exposure (GEX) of an option chain (pages brief G4, Market Maker Analysis).
//
//   GEX_k = γ_k × OI_k × S² × 1 % × (+1 for CE, −1 for PE)
//
// in rupees of delta the dealers must trade for a 1 % move of the underlying. Sign convention: dealers are long the
// calls and short the puts the public holds (customers sell calls for income and buy puts for protection), so call
// gamma is positive for them and put gamma negative. Net GEX > 0: dealers sell rallies and buy dips (range-bound);
// net GEX < 0: they chase the move (trending). The zero-gamma flip is the underlying level where net GEX, with every
// strike's gamma recomputed at that level from its own IV, crosses zero: the root of net GEX over spot.
import { black76Greeks, type CallPut } from './black-76';

/** The share of the underlying one GEX unit moves: 1 %. */
export const GEX_MOVE_FRACTION = 0.01;

/** The dealer's sign of a leg's gamma: +1 for calls (dealers long), −1 for puts (dealers short). */
export function dealerGammaSign(kind: CallPut): 1 | -1 {
  return kind === 'CE' ? 1 : -1;
}

/** One leg's GEX: γ × OI × S² × 1 % with the dealer's sign; 0 when gamma or OI is unknown. */
export function legGammaExposure(kind: CallPut, gamma: number, oi: number, spot: number): number {
  if (!Number.isFinite(gamma) || !Number.isFinite(oi) || !Number.isFinite(spot)) return 0;
  return dealerGammaSign(kind) * gamma * oi * spot * spot * GEX_MOVE_FRACTION;
}

/** A strike's legs as GEX reads them: per-unit gamma and OI (units), null when unknown. */
export interface GammaStrike {
  strike: number;
  ce: { gamma: number | null; oi: number | null };
  pe: { gamma: number | null; oi: number | null };
}

/** A strike's call, put and net GEX (rupees per 1 % move). */
export interface StrikeGammaExposure {
  strike: number;
  callGex: number;
  putGex: number;
  netGex: number;
}

/** Call, put and net GEX of each strike at `spot`, in the strikes' order. */
export function gammaExposureByStrike(strikes: readonly GammaStrike[], spot: number): StrikeGammaExposure[] {
  return strikes.map((row) => {
    const callGex = legGammaExposure('CE', row.ce.gamma ?? NaN, row.ce.oi ?? NaN, spot);
    const putGex = legGammaExposure('PE', row.pe.gamma ?? NaN, row.pe.oi ?? NaN, spot);
    return { strike: row.strike, callGex, putGex, netGex: callGex + putGex };
  });
}

/** The call wall (strike of the largest call GEX) and the put wall (strike of the largest put GEX in size). */
export function gammaWalls(byStrike: readonly StrikeGammaExposure[]): {
  callWall: number | null;
  putWall: number | null;
} {
  let callWall: StrikeGammaExposure | null = null;
  let putWall: StrikeGammaExposure | null = null;
  for (const row of byStrike) {
    if (row.callGex > 0 && (callWall === null || row.callGex > callWall.callGex)) callWall = row;
    if (row.putGex < 0 && (putWall === null || row.putGex < putWall.putGex)) putWall = row;
  }
  return { callWall: callWall?.strike ?? null, putWall: putWall?.strike ?? null };
}

/** A chain for recomputing gamma at other levels: each strike's OI and IV (a fraction a year) per leg. */
export interface GammaProfileInput {
  strikes: ArrayLike<number>;
  ceOi: ArrayLike<number>;
  peOi: ArrayLike<number>;
  ceIv: ArrayLike<number>;
  peIv: ArrayLike<number>;
  years: number;
  rate: number;
  /** Forward ÷ spot now: the forward at a hypothetical spot S is S × this (the basis held in proportion). */
  forwardPerSpot: number;
}

/**
 * Net GEX if the underlying stood at `spot`, each leg's gamma recomputed by Black-76 on the forward at that level
 * with its own IV (legs with unknown OI or IV count as none).
 */
export function netGammaExposureAt(input: GammaProfileInput, spot: number): number {
  const forward = spot * input.forwardPerSpot;
  let net = 0;
  for (let i = 0; i < input.strikes.length; i++) {
    const strike = input.strikes[i]!;
    for (const kind of ['CE', 'PE'] as const) {
      const oi = (kind === 'CE' ? input.ceOi : input.peOi)[i]!;
      const iv = (kind === 'CE' ? input.ceIv : input.peIv)[i]!;
      if (!(oi > 0) || !(iv > 0)) continue;
      const { gamma } = black76Greeks(kind, forward, strike, input.years, input.rate, iv);
      net += legGammaExposure(kind, gamma, oi, spot);
    }
  }
  return net;
}

/** How far either side of spot the flip is looked for, and on how fine a grid before bisecting. */
export interface FlipSearch {
  /** Fraction of spot each side (default 10 %). */
  span?: number;
  /** Grid steps across the whole range (default 200). */
  steps?: number;
}

/**
 * The zero-gamma flip: the level nearest `spot` within ±span where net GEX ({@link netGammaExposureAt}) changes
 * sign, bisected to a thousandth of a rupee; null when net GEX keeps one sign over the whole range.
 */
export function zeroGammaFlip(input: GammaProfileInput, spot: number, search: FlipSearch = {}): number | null {
  const span = search.span ?? 0.1;
  const steps = Math.max(2, Math.round(search.steps ?? 200));
  if (!(spot > 0)) return null;
  const low = spot * (1 - span);
  const step = (spot * 2 * span) / steps;
  let best: number | null = null;
  let previousLevel = low;
  let previous = netGammaExposureAt(input, low);
  for (let i = 1; i <= steps; i++) {
    const level = low + i * step;
    const value = netGammaExposureAt(input, level);
    if (previous === 0 || Math.sign(previous) !== Math.sign(value)) {
      const root = previous === 0 ? previousLevel : bisect(input, previousLevel, level, previous);
      if (best === null || Math.abs(root - spot) < Math.abs(best - spot)) best = root;
    }
    previousLevel = level;
    previous = value;
  }
  return best;
}

function bisect(input: GammaProfileInput, low: number, high: number, lowValue: number): number {
  let a = low;
  let b = high;
  let fa = lowValue;
  while (b - a > 1e-3) {
    const mid = (a + b) / 2;
    const value = netGammaExposureAt(input, mid);
    if (value === 0) return mid;
    if (Math.sign(value) === Math.sign(fa)) {
      a = mid;
      fa = value;
    } else {
      b = mid;
    }
  }
  return (a + b) / 2;
}

/** The regime net GEX implies: positive → range-bound (dealers damp moves), negative → trending (they chase). */
export function gammaRegime(netGex: number): 'range' | 'trend' | 'neutral' {
  return netGex > 0 ? 'range' : netGex < 0 ? 'trend' : 'neutral';
}
