// Build-up: what a price move read together with an open-interest move says about positions (pages brief §0).
//
//   ΔPrice ↑ ΔOI ↑  Long Build-up (LB)     new longs
//   ΔPrice ↓ ΔOI ↑  Short Build-up (SB)    new shorts (option writing for CE/PE legs)
//   ΔPrice ↑ ΔOI ↓  Short Covering (SC)    shorts buying back
//   ΔPrice ↓ ΔOI ↓  Long Unwinding (LU)    longs selling out
//
// A price move within ±1 tick or an OI move within ±0.1 % of the earlier OI is noise: the exchange's OI snapshots
// lag the price by minutes and the last trade flickers a tick either way, so such a pair is Neutral. The same rule
// serves futures, option legs and any look-back window; only the reading for the underlying differs by leg: a call
// behaves like the future, a put the other way round.

/** A build-up label; `N` is neutral. */
export type BuildUp = 'LB' | 'SB' | 'SC' | 'LU' | 'N';

/** What the build-up of an instrument says about its underlying. */
export type BuildUpSentiment = 'bullish' | 'bearish' | 'neutral';

/** The instrument a build-up is read on. */
export type BuildUpInstrument = 'FUT' | 'CE' | 'PE';

/** A build-up's names and colour (LB green, SB red, SC blue, LU yellow; neutral grey). */
export interface BuildUpStyle {
  readonly short: string;
  readonly label: string;
  /** Theme-independent colour for charts, as #rrggbb. */
  readonly colour: string;
  /** The Bootstrap colour name for badges and text (`text-bg-<tone>`). */
  readonly tone: 'success' | 'danger' | 'primary' | 'warning' | 'secondary';
}

/** Names and colours of each build-up. */
export const BUILD_UP_STYLES: Readonly<Record<BuildUp, BuildUpStyle>> = Object.freeze({
  LB: { short: 'LB', label: 'Long Build-up', colour: '#198754', tone: 'success' },
  SB: { short: 'SB', label: 'Short Build-up', colour: '#dc3545', tone: 'danger' },
  SC: { short: 'SC', label: 'Short Covering', colour: '#0d6efd', tone: 'primary' },
  LU: { short: 'LU', label: 'Long Unwinding', colour: '#ffc107', tone: 'warning' },
  N: { short: 'N', label: 'Neutral', colour: '#6c757d', tone: 'secondary' },
});

/** The share of the earlier OI an OI move must exceed to count (0.1 %). */
export const BUILD_UP_OI_NEUTRAL_FRACTION = 0.001;

/** One price move and one OI move over the same window. */
export interface BuildUpMove {
  /** Price now minus price at the window's start, in rupees. */
  priceChange: number | null;
  /** OI now minus OI at the window's start. */
  oiChange: number | null;
  /** OI at the window's start (the base of the ±0.1 % band). */
  previousOi: number | null;
  /** The instrument's tick size in rupees (the ±1 tick band). */
  tickSize: number;
}

// Prices and ticks are decimals in floating point: a move of exactly one tick must fall inside the band.
const TICK_TOLERANCE = 1e-9;

/**
 * Classifies a price move and an OI move into LB, SB, SC, LU or neutral (N). Neutral when either move is unknown,
 * the price moved no more than one tick, or the OI moved no more than 0.1 % of its earlier value.
 */
export function classifyBuildUp({ priceChange, oiChange, previousOi, tickSize }: BuildUpMove): BuildUp {
  if (priceChange === null || oiChange === null || !Number.isFinite(priceChange) || !Number.isFinite(oiChange)) {
    return 'N';
  }
  if (Math.abs(priceChange) <= tickSize * (1 + TICK_TOLERANCE)) return 'N';
  const base = previousOi !== null && Number.isFinite(previousOi) ? Math.abs(previousOi) : 0;
  if (Math.abs(oiChange) <= base * BUILD_UP_OI_NEUTRAL_FRACTION || oiChange === 0) return 'N';
  if (priceChange > 0) return oiChange > 0 ? 'LB' : 'SC';
  return oiChange > 0 ? 'SB' : 'LU';
}

/**
 * What a build-up says about the underlying: on a future or a call, LB and SC are bullish and SB and LU bearish;
 * on a put the reading is reversed (put writing, SB, is bullish).
 */
export function buildUpSentiment(buildUp: BuildUp, instrument: BuildUpInstrument): BuildUpSentiment {
  if (buildUp === 'N') return 'neutral';
  const bullishOnFuture = buildUp === 'LB' || buildUp === 'SC';
  return bullishOnFuture === (instrument !== 'PE') ? 'bullish' : 'bearish';
}
