// Volatility statistics of the Volatility Analysis page (pages brief G4):
//
//   IV rank        IVR = (IV − min) ÷ (max − min) × 100 over the look-back (a year of daily ATM IVs)
//   IV percentile  IVP = share of look-back days whose IV was lower than today's, × 100
//   forward vol    between expiries T1 < T2: σ_f = √((σ2²·T2 − σ1²·T1) ÷ (T2 − T1)) (variance is additive in time)
//   historical vol HV = standard deviation of daily log returns × √252
//
// Unknown values (NaN, non-positive IVs) are left out of the look-back.
import { impliedVolatility } from './implied-volatility';
import { parityForward } from './strike-implied-volatility';

/** Trading days a year, for annualising daily returns. */
export const TRADING_DAYS_PER_YEAR = 252;

function known(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value) && value > 0);
}

/** IV rank (0–100) of `current` within `history`; null without a current IV, a history, or any range in it. */
export function ivRank(current: number, history: readonly number[]): number | null {
  const days = known(history);
  if (!Number.isFinite(current) || days.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const value of days) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (max === min) return null;
  return Math.min(100, Math.max(0, ((current - min) / (max - min)) * 100));
}

/** IV percentile (0–100): the share of `history`'s days with an IV below `current`; null without either. */
export function ivPercentile(current: number, history: readonly number[]): number | null {
  const days = known(history);
  if (!Number.isFinite(current) || days.length === 0) return null;
  let lower = 0;
  for (const value of days) if (value < current) lower++;
  return (lower / days.length) * 100;
}

/** One expiry's ATM IV (a fraction a year) and its time to expiry in years. */
export interface TermPoint {
  iv: number;
  years: number;
}

/**
 * The volatility the market implies between two expiries, from the total variances σ²T of each; NaN when the
 * expiries are not in order or the far variance is below the near one (a calendar arbitrage in the quotes).
 */
export function forwardVolatility(near: TermPoint, far: TermPoint): number {
  const span = far.years - near.years;
  if (!(span > 0) || !(near.years >= 0)) return NaN;
  const variance = (far.iv * far.iv * far.years - near.iv * near.iv * near.years) / span;
  return variance >= 0 ? Math.sqrt(variance) : NaN;
}

/** The shape of a term structure from its nearest to its farthest expiry. */
export type TermShape = 'contango' | 'backwardation' | 'flat';

/**
 * Contango when the farthest expiry's IV is above the nearest's by more than `tolerance` (a fraction, default half
 * a volatility point), backwardation when below, else flat; points in any order, sorted by time here.
 */
export function termStructureShape(points: readonly TermPoint[], tolerance = 0.005): TermShape {
  const sorted = points.filter((p) => Number.isFinite(p.iv) && p.iv > 0).sort((a, b) => a.years - b.years);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined || sorted.length < 2) return 'flat';
  const difference = last.iv - first.iv;
  return difference > tolerance ? 'contango' : difference < -tolerance ? 'backwardation' : 'flat';
}

/**
 * Historical volatility of the last `window` daily returns of `closes` (oldest first), annualised by √252; NaN
 * with fewer than `window` + 1 positive closes.
 */
export function historicalVolatility(closes: readonly number[], window: number): number {
  const prices = closes.filter((close) => Number.isFinite(close) && close > 0);
  if (window < 2 || prices.length < window + 1) return NaN;
  const returns: number[] = [];
  for (let i = prices.length - window; i < prices.length; i++) returns.push(Math.log(prices[i]! / prices[i - 1]!));
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) * (r - mean), 0) / (returns.length - 1);
  return Math.sqrt(variance * TRADING_DAYS_PER_YEAR);
}

/** The ATM strike's quotes for {@link atmImpliedVolatility}. */
export interface AtmQuotes {
  strike: number;
  ceLtp: number;
  peLtp: number;
  years: number;
  rate: number;
}

/**
 * One expiry's ATM IV from its ATM strike alone: the forward its options imply by put–call parity,
 * F = K + (C − P)·e^{rT}, and the IV of the out-of-the-money leg against that forward (the call when K ≥ F, else
 * the put), as Fyers quotes one IV per strike. NaN fields when the prices imply none.
 */
export function atmImpliedVolatility(quotes: AtmQuotes): { forward: number; iv: number } {
  const { strike, ceLtp, peLtp, years, rate } = quotes;
  const forward = parityForward(strike, ceLtp, peLtp, years, rate);
  if (Number.isNaN(forward)) return { forward: NaN, iv: NaN };
  const iv =
    strike >= forward
      ? impliedVolatility('CE', ceLtp, forward, strike, years, rate)
      : impliedVolatility('PE', peLtp, forward, strike, years, rate);
  return { forward, iv };
}
