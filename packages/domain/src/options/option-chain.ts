// Option-chain analytics in one pass: the per-strike rows of the option-chain tables (spec §2.9), the summary strip,
// PCR, synthetic future, ATM strike, max pain, OI change over the look-back windows, and IV with five greeks for
// every option (Black-76 on the futures price, or on the synthetic future).
//
// Built for a server that recomputes chains every minute for many underlyings: results are columns (one
// Float64Array per field, all views of a single allocation) rather than an object per option, and the IV solver
// shares per-strike work between the CE and PE and starts each solve from the neighbouring strike's answer (see
// implied-volatility.ts). Missing data is NaN, never an exception.

import { putCallRatio } from './put-call-ratio';
import { OPTION_DAYS_PER_YEAR } from './black-76';
import { atmStrikeIndex, type ChainAtmBasis, syntheticFutureIndex } from './atm-strike';
import {
  ImpliedVolatilityFrame,
  normalisedImpliedVolatilityFrom,
  normalisedImpliedVolatilityWithFrame,
  prepareImpliedVolatilityFrame,
} from './implied-volatility';
import { maxPainCurve, maxPainIndex } from './max-pain';
import { normalCdf } from './normal-distribution';
import {
  CHAIN_OI_WINDOWS,
  type ChainOiSnapshot,
  type ChainOiWindow,
  oiChangeAgainst,
  oiSnapshotIndexAt,
} from './oi-change';

/** One side (CE or PE) of one strike as the feed gives it. Prices in rupees, OI and volume in units. */
export interface ChainLegQuote {
  /** Last traded price; 0 or missing means no trade, so no IV or greeks. */
  ltp: number;
  /** The previous session's close of this option, for LTP change. */
  prevClose?: number;
  /** Average traded price (ATP) of the session. */
  atp?: number;
  oi: number;
  /** Open interest at the previous close, for OI change. */
  prevOi?: number;
  volume?: number;
  bid?: number;
  ask?: number;
}

/** A strike with its CE and PE. */
export interface ChainStrikeQuote {
  strike: number;
  ce: ChainLegQuote;
  pe: ChainLegQuote;
}

/** Everything `computeChain` needs: quotes for one underlying and expiry, prices of the underlying, time and rate. */
export interface ChainInput {
  /** Strikes in ascending order (sorted here if they are not). */
  strikes: readonly ChainStrikeQuote[];
  spot: number;
  spotPrevClose?: number;
  /** Price of the futures contract used for IV and the Futures ATM basis. */
  futures: number;
  futuresPrevClose?: number;
  /** Time to expiry in ACT/365 years (`yearFractionToExpiry`). */
  years: number;
  /** Continuously compounded risk-free rate, e.g. 0.065. */
  rate: number;
  /** ATM basis (default Futures, as in spec §9). */
  atmBasis?: ChainAtmBasis;
  /** Forward for IV and greeks: the futures price (default) or the synthetic future, better for weekly expiries. */
  ivForward?: 'Futures' | 'SynFut';
  /** Option price for IV: last traded (default) or the bid/ask mid where both sides are quoted. */
  ivPrice?: 'ltp' | 'mid';
  /** Now, in epoch ms, for the OI look-back windows. */
  nowMs?: number;
  /** OI snapshots of this chain, oldest first, for the OI look-back windows. */
  oiSnapshots?: readonly ChainOiSnapshot[];
}

/** Per-strike columns for one side (CE or PE). Greeks are per unit, in the units of black-76.ts. */
export interface ChainSideColumns {
  ltp: Float64Array;
  atp: Float64Array;
  ltpChange: Float64Array;
  ltpChangePercent: Float64Array;
  oi: Float64Array;
  oiChange: Float64Array;
  oiChangePercent: Float64Array;
  volume: Float64Array;
  iv: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  theta: Float64Array;
  vega: Float64Array;
  rho: Float64Array;
  /** OI change over each look-back window; NaN where no snapshot is old enough or it lacks the strike. */
  oiChangeByWindow: Readonly<Record<ChainOiWindow, Float64Array>>;
}

/** Chain-wide sums (over strikes where the value is known) and the overall PCR. */
export interface ChainTotals {
  ceOi: number;
  peOi: number;
  ceOiChange: number;
  peOiChange: number;
  ceVolume: number;
  peVolume: number;
  pcr: number;
}

/** The summary strip of spec §2.9 (Last Updated is formatting, left to the caller). */
export interface ChainSummary {
  syntheticFuture: number;
  syntheticFutureStrike: number;
  spot: number;
  spotChange: number;
  spotChangePercent: number;
  futures: number;
  futuresChange: number;
  futuresChangePercent: number;
  pcr: number;
}

/** Everything computed for one chain. Indices refer to the (ascending) `strikes` column; −1 means none. */
export interface ChainAnalytics {
  count: number;
  strikes: Float64Array;
  ce: ChainSideColumns;
  pe: ChainSideColumns;
  /** Per-strike PCR (put OI / call OI). */
  pcr: Float64Array;
  totals: ChainTotals;
  oiChangeTotals: Readonly<Record<ChainOiWindow, { ce: number; pe: number }>>;
  summary: ChainSummary;
  atmBasis: ChainAtmBasis;
  atmIndex: number;
  atmStrike: number;
  maxPainIndex: number;
  maxPainStrike: number;
  /** Total payout to holders (rupees) if the underlying settles at each strike. */
  pain: Float64Array;
  /** The forward used for IV and greeks, with the time and rate. */
  forward: number;
  years: number;
  rate: number;
}

/** One row of the per-strike table of spec §2.9, named as the spec names its fields. */
export interface ChainDerivedRow {
  strike: number;
  ceAtp: number;
  peAtp: number;
  ceLP: number;
  peLP: number;
  ceLpChange: number;
  ceLpChangePercent: number;
  peLpChange: number;
  peLpChangePercent: number;
  ceOi: number;
  peOi: number;
  ceOiChange: number;
  ceOiChangePercent: number;
  peOiChange: number;
  peOiChangePercent: number;
  ceVT: number;
  peVT: number;
  pcr: number;
}

const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;
const SIDE_FIELDS = 14;
const SIDE_COLUMNS = SIDE_FIELDS + CHAIN_OI_WINDOWS.length;
const COLUMNS = 3 + 2 * SIDE_COLUMNS;
const frame = new ImpliedVolatilityFrame();

type ColumnSource = () => Float64Array;

function sideColumns(next: ColumnSource): ChainSideColumns {
  return {
    ltp: next(),
    atp: next(),
    ltpChange: next(),
    ltpChangePercent: next(),
    oi: next(),
    oiChange: next(),
    oiChangePercent: next(),
    volume: next(),
    iv: next(),
    delta: next(),
    gamma: next(),
    theta: next(),
    vega: next(),
    rho: next(),
    oiChangeByWindow: { '15m': next(), '30m': next(), '1h': next(), '4h': next() },
  };
}

const value = (v: number | undefined): number => (v !== undefined && Number.isFinite(v) ? v : NaN);

function fillLeg(side: ChainSideColumns, i: number, q: ChainLegQuote): void {
  const ltp = value(q.ltp);
  const prevClose = value(q.prevClose);
  const oi = value(q.oi);
  const prevOi = value(q.prevOi);
  side.ltp[i] = ltp;
  side.atp[i] = value(q.atp);
  const change = ltp > 0 && prevClose > 0 ? ltp - prevClose : NaN;
  side.ltpChange[i] = change;
  side.ltpChangePercent[i] = (change / prevClose) * 100;
  const oiChange = oi - prevOi;
  side.oiChange[i] = oiChange;
  side.oiChangePercent[i] = prevOi > 0 ? (oiChange / prevOi) * 100 : NaN;
  side.oi[i] = oi;
  side.volume[i] = value(q.volume);
}

function ivPrice(q: ChainLegQuote, useMid: boolean): number {
  if (useMid) {
    const bid = q.bid;
    const ask = q.ask;
    if (bid !== undefined && ask !== undefined && bid > 0 && ask >= bid) return 0.5 * (bid + ask);
  }
  return q.ltp;
}

function sumFinite(column: Float64Array): number {
  let total = 0;
  for (let i = 0; i < column.length; i++) {
    const v = column[i]!;
    if (v === v) total += v;
  }
  return total;
}

const change = (now: number, previous: number | undefined): number =>
  previous !== undefined && previous > 0 && now > 0 ? now - previous : NaN;

/** Computes a whole option chain's analytics (rows, summary, PCR, Syn Fut, ATM, max pain, OI windows, IV, greeks). */
export function computeChain(input: ChainInput): ChainAnalytics {
  const quotes = isAscending(input.strikes) ? input.strikes : [...input.strikes].sort((a, b) => a.strike - b.strike);
  const n = quotes.length;
  const buffer = new Float64Array(n * COLUMNS);
  let column = 0;
  const next: ColumnSource = () => buffer.subarray(n * column, n * ++column);
  const strikes = next();
  const pcr = next();
  const pain = next();
  const ce = sideColumns(next);
  const pe = sideColumns(next);

  for (let i = 0; i < n; i++) {
    const q = quotes[i]!;
    strikes[i] = q.strike;
    fillLeg(ce, i, q.ce);
    fillLeg(pe, i, q.pe);
    pcr[i] = putCallRatio(pe.oi[i]!, ce.oi[i]!);
  }

  const totals: ChainTotals = {
    ceOi: sumFinite(ce.oi),
    peOi: sumFinite(pe.oi),
    ceOiChange: sumFinite(ce.oiChange),
    peOiChange: sumFinite(pe.oiChange),
    ceVolume: sumFinite(ce.volume),
    peVolume: sumFinite(pe.volume),
    pcr: NaN,
  };
  totals.pcr = putCallRatio(totals.peOi, totals.ceOi);

  const spot = value(input.spot);
  const futures = value(input.futures);
  const synIndex = syntheticFutureIndex(strikes, ce.ltp, pe.ltp, spot > 0 ? spot : futures);
  const synFut = synIndex >= 0 ? strikes[synIndex]! + ce.ltp[synIndex]! - pe.ltp[synIndex]! : NaN;
  const atmBasis = input.atmBasis ?? 'Futures';
  const atmIndex = atmStrikeIndex(strikes, atmBasis, { spot, futures, syntheticFuture: synFut });

  maxPainCurve(strikes, ce.oi, pe.oi, pain);
  const painIndex = maxPainIndex(pain);

  const oiChangeTotals = windowChanges(input, strikes, ce, pe);

  const forward = input.ivForward === 'SynFut' ? synFut : futures;
  computeGreeks(quotes, strikes, ce, pe, forward, input.years, input.rate, input.ivPrice === 'mid');

  const spotChange = change(spot, input.spotPrevClose);
  const futuresChange = change(futures, input.futuresPrevClose);
  return {
    count: n,
    strikes,
    ce,
    pe,
    pcr,
    totals,
    oiChangeTotals,
    summary: {
      syntheticFuture: synFut,
      syntheticFutureStrike: synIndex >= 0 ? strikes[synIndex]! : NaN,
      spot,
      spotChange,
      spotChangePercent: (spotChange / (input.spotPrevClose ?? NaN)) * 100,
      futures,
      futuresChange,
      futuresChangePercent: (futuresChange / (input.futuresPrevClose ?? NaN)) * 100,
      pcr: totals.pcr,
    },
    atmBasis,
    atmIndex,
    atmStrike: atmIndex >= 0 ? strikes[atmIndex]! : NaN,
    maxPainIndex: painIndex,
    maxPainStrike: painIndex >= 0 ? strikes[painIndex]! : NaN,
    pain,
    forward,
    years: input.years,
    rate: input.rate,
  };
}

function isAscending(quotes: readonly ChainStrikeQuote[]): boolean {
  for (let i = 1; i < quotes.length; i++) if (!(quotes[i - 1]!.strike < quotes[i]!.strike)) return false;
  return true;
}

function windowChanges(
  input: ChainInput,
  strikes: Float64Array,
  ce: ChainSideColumns,
  pe: ChainSideColumns,
): Record<ChainOiWindow, { ce: number; pe: number }> {
  const snapshots = input.oiSnapshots ?? [];
  const nowMs = input.nowMs ?? NaN;
  const result = {} as Record<ChainOiWindow, { ce: number; pe: number }>;
  for (const { window, minutes } of CHAIN_OI_WINDOWS) {
    const index = Number.isFinite(nowMs) ? oiSnapshotIndexAt(snapshots, nowMs - minutes * 60_000) : -1;
    const ceOut = ce.oiChangeByWindow[window];
    const peOut = pe.oiChangeByWindow[window];
    if (index < 0) {
      ceOut.fill(NaN);
      peOut.fill(NaN);
      result[window] = { ce: NaN, pe: NaN };
      continue;
    }
    const snapshot = snapshots[index]!;
    oiChangeAgainst(strikes, ce.oi, snapshot, 'CE', ceOut);
    oiChangeAgainst(strikes, pe.oi, snapshot, 'PE', peOut);
    result[window] = { ce: sumFinite(ceOut), pe: sumFinite(peOut) };
  }
  return result;
}

function fillNaN(side: ChainSideColumns, i: number): void {
  side.iv[i] = NaN;
  side.delta[i] = NaN;
  side.gamma[i] = NaN;
  side.theta[i] = NaN;
  side.vega[i] = NaN;
  side.rho[i] = NaN;
}

// IV and greeks for every option. Per strike: x = ln(F/K) and the solver frame for −|x|, shared by CE and PE. Per
// option: the normalised price β = price/(df·√(FK)), the normalised volatility s = σ√T (warm-started from the same
// side's previous strike), then the greeks from d1 = x/s + s/2 with one Φ and one exponential. Theta and rho use the
// quoted price as V, which the solved σ reproduces to within rounding.
function computeGreeks(
  quotes: readonly ChainStrikeQuote[],
  strikes: Float64Array,
  ce: ChainSideColumns,
  pe: ChainSideColumns,
  forward: number,
  years: number,
  rate: number,
  useMid: boolean,
): void {
  const n = strikes.length;
  if (!(forward > 0 && years > 0 && Number.isFinite(forward) && Number.isFinite(years) && Number.isFinite(rate))) {
    for (let i = 0; i < n; i++) {
      fillNaN(ce, i);
      fillNaN(pe, i);
    }
    return;
  }
  const df = Math.exp(-rate * years);
  const sqrtT = Math.sqrt(years);
  const dfSqrtF = df * Math.sqrt(forward);
  // The last two solved s on each side, with their strikes, for the warm start.
  let ceS1 = NaN;
  let ceK1 = NaN;
  let ceS2 = NaN;
  let ceK2 = NaN;
  let peS1 = NaN;
  let peK1 = NaN;
  let peS2 = NaN;
  let peK2 = NaN;
  for (let i = 0; i < n; i++) {
    const strike = strikes[i]!;
    if (!(strike > 0 && Number.isFinite(strike))) {
      fillNaN(ce, i);
      fillNaN(pe, i);
      continue;
    }
    const x = Math.log(forward / strike);
    const scale = dfSqrtF * Math.sqrt(strike);
    prepareImpliedVolatilityFrame(frame, -Math.abs(x));
    const q = quotes[i]!;
    const cePrice = ivPrice(q.ce, useMid);
    const ceS = solve(cePrice, scale, x, 1, warmStart(strike, ceS1, ceK1, ceS2, ceK2));
    if (ceS > 0) {
      ceS2 = ceS1;
      ceK2 = ceK1;
      ceS1 = ceS;
      ceK1 = strike;
    }
    writeGreeks(ce, i, 1, ceS, cePrice, x, forward, strike, df, sqrtT, years, rate);
    const pePrice = ivPrice(q.pe, useMid);
    const peS = solve(pePrice, scale, x, -1, warmStart(strike, peS1, peK1, peS2, peK2));
    if (peS > 0) {
      peS2 = peS1;
      peK2 = peK1;
      peS1 = peS;
      peK1 = strike;
    }
    writeGreeks(pe, i, -1, peS, pePrice, x, forward, strike, df, sqrtT, years, rate);
  }
}

// The smile is smooth in strike, so a straight line through the last two solutions on the same side usually lands
// within 1e-4 of the answer and one Householder step finishes. A line that swings more than 20% away from the last
// solution (a stale or odd quote) is not trusted; the last solution is used instead. NaN asks for the full method.
function warmStart(strike: number, s1: number, k1: number, s2: number, k2: number): number {
  if (!(s1 > 0)) return NaN;
  if (!(s2 > 0)) return s1;
  const line = s1 + ((s1 - s2) * (strike - k1)) / (k1 - k2);
  return line > 0.8 * s1 && line < 1.2 * s1 ? line : s1;
}

function solve(price: number, scale: number, x: number, theta: number, previous: number): number {
  if (!(price > 0 && Number.isFinite(price))) return NaN;
  const beta = price / scale;
  const s =
    previous > 0
      ? normalisedImpliedVolatilityFrom(frame, beta, x, theta, previous)
      : normalisedImpliedVolatilityWithFrame(frame, beta, x, theta);
  return s >= 0 ? s : NaN;
}

function writeGreeks(
  side: ChainSideColumns,
  i: number,
  theta: number,
  s: number,
  price: number,
  x: number,
  forward: number,
  strike: number,
  df: number,
  sqrtT: number,
  years: number,
  rate: number,
): void {
  if (!(s >= 0)) {
    fillNaN(side, i);
    return;
  }
  side.rho[i] = (-years * price) / 100;
  if (s === 0) {
    // Price at intrinsic value: zero volatility, a step in delta and no gamma or vega.
    side.iv[i] = 0;
    side.delta[i] = theta * (forward - strike) > 0 ? theta * df : 0;
    side.gamma[i] = 0;
    side.vega[i] = 0;
    side.theta[i] = (rate * price) / OPTION_DAYS_PER_YEAR;
    return;
  }
  const sigma = s / sqrtT;
  const d1 = x / s + 0.5 * s;
  const dfPdfF = df * forward * ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * d1 * d1);
  side.iv[i] = sigma;
  side.delta[i] = theta * df * normalCdf(theta * d1);
  side.gamma[i] = dfPdfF / (forward * forward * s);
  side.vega[i] = (dfPdfF * sqrtT) / 100;
  side.theta[i] = (rate * price - (dfPdfF * sigma) / (2 * sqrtT)) / OPTION_DAYS_PER_YEAR;
}

/** The §2.9 per-strike row at `index` of a computed chain. */
export function chainDerivedRow(chain: ChainAnalytics, index: number): ChainDerivedRow {
  const { ce, pe } = chain;
  return {
    strike: chain.strikes[index] ?? NaN,
    ceAtp: ce.atp[index] ?? NaN,
    peAtp: pe.atp[index] ?? NaN,
    ceLP: ce.ltp[index] ?? NaN,
    peLP: pe.ltp[index] ?? NaN,
    ceLpChange: ce.ltpChange[index] ?? NaN,
    ceLpChangePercent: ce.ltpChangePercent[index] ?? NaN,
    peLpChange: pe.ltpChange[index] ?? NaN,
    peLpChangePercent: pe.ltpChangePercent[index] ?? NaN,
    ceOi: ce.oi[index] ?? NaN,
    peOi: pe.oi[index] ?? NaN,
    ceOiChange: ce.oiChange[index] ?? NaN,
    ceOiChangePercent: ce.oiChangePercent[index] ?? NaN,
    peOiChange: pe.oiChange[index] ?? NaN,
    peOiChangePercent: pe.oiChangePercent[index] ?? NaN,
    ceVT: ce.volume[index] ?? NaN,
    peVT: pe.volume[index] ?? NaN,
    pcr: chain.pcr[index] ?? NaN,
  };
}

/** All §2.9 per-strike rows of a computed chain, in strike order. */
export function chainDerivedRows(chain: ChainAnalytics): ChainDerivedRow[] {
  const rows: ChainDerivedRow[] = [];
  for (let i = 0; i < chain.count; i++) rows.push(chainDerivedRow(chain, i));
  return rows;
}
