// Payoff of an options strategy (pages brief G6, Strategy Chart): each leg's P&L at expiry and today (T+0), net
// greeks, maximum profit and loss, breakevens and the probability of profit, on the underlying's forward price.
//
//   leg P&L at expiry = s·q·(payoff(S) − entry), s = +1 BUY / −1 SELL, q in units; payoff = max(S−K,0) for a CE,
//                       max(K−S,0) for a PE and S for a future
//   leg P&L at T+0    = s·q·(Black-76(S, K, T_leg − elapsed, r, σ_leg + Δσ) − entry); a future's is its expiry one
//   net greeks        = Σ per-unit Black-76 greeks × s·q (spec §3 signs, see position-greeks.ts); a future has delta 1
// The expiry payoff is piecewise linear with kinks only at strikes, so breakevens and extremes are found exactly
// from the strikes and the slope beyond them rather than from a sampled grid. Probability of profit takes the
// underlying at expiry as log-normal around the forward: P = Σ over profit intervals [a, b] of N(d(b)) − N(d(a)).

import { black76Greeks, black76Price } from './black-76';
import { normalCdf } from './normal-distribution';
import { signedOptionQuantity, type OptionPositionSide, type PositionGreeks } from './position-greeks';

/** One leg of a strategy: an option or future, bought or sold, its quantity in units and entry price. */
export interface StrategyPayoffLeg {
  kind: 'CE' | 'PE' | 'FUT';
  side: OptionPositionSide;
  /** Units (lots × lot size). */
  quantity: number;
  /** Strike of an option (ignored for a future). */
  strike: number;
  /** Entry price, rupees per unit. */
  entry: number;
  /** Implied volatility of an option as a fraction a year (0.15 = 15 %). */
  volatility: number;
  /** Years from now to the leg's expiry (ACT/365). */
  years: number;
}

/** The what-if of a T+0 curve: years gone by from now, a volatility shift in fraction points, and the rate. */
export interface StrategyWhatIf {
  elapsedYears: number;
  volatilityShift: number;
  rate: number;
}

const NO_WHAT_IF: StrategyWhatIf = { elapsedYears: 0, volatilityShift: 0, rate: 0 };

/** Value per unit of a leg's instrument at expiry with the underlying at `underlying`. */
function expiryValue(leg: StrategyPayoffLeg, underlying: number): number {
  if (leg.kind === 'FUT') return underlying;
  return leg.kind === 'CE' ? Math.max(underlying - leg.strike, 0) : Math.max(leg.strike - underlying, 0);
}

/** One leg's P&L at its expiry with the underlying at `underlying` (rupees). */
export function legPayoffAtExpiry(leg: StrategyPayoffLeg, underlying: number): number {
  return signedOptionQuantity(leg.side, leg.quantity) * (expiryValue(leg, underlying) - leg.entry);
}

/** The strategy's P&L at expiry: the sum of its legs' payoffs. */
export function payoffAtExpiry(legs: readonly StrategyPayoffLeg[], underlying: number): number {
  let total = 0;
  for (const leg of legs) total += legPayoffAtExpiry(leg, underlying);
  return total;
}

/** The strategy's P&L now (T+0) or after the what-if's elapsed time, priced by Black-76. */
export function payoffNow(
  legs: readonly StrategyPayoffLeg[],
  underlying: number,
  whatIf: StrategyWhatIf = NO_WHAT_IF,
): number {
  let total = 0;
  for (const leg of legs) {
    const q = signedOptionQuantity(leg.side, leg.quantity);
    if (leg.kind === 'FUT') {
      total += q * (underlying - leg.entry);
      continue;
    }
    const years = Math.max(leg.years - whatIf.elapsedYears, 0);
    const volatility = Math.max(leg.volatility + whatIf.volatilityShift, 0);
    total += q * (black76Price(leg.kind, underlying, leg.strike, years, whatIf.rate, volatility) - leg.entry);
  }
  return total;
}

/** The expiry and T+0 curves over a grid of underlying prices, written into preallocated arrays. */
export function payoffCurves(
  legs: readonly StrategyPayoffLeg[],
  prices: ArrayLike<number>,
  whatIf: StrategyWhatIf = NO_WHAT_IF,
  out: { expiry: Float64Array; now: Float64Array } = {
    expiry: new Float64Array(prices.length),
    now: new Float64Array(prices.length),
  },
): { expiry: Float64Array; now: Float64Array } {
  for (let i = 0; i < prices.length; i++) {
    const price = prices[i]!;
    out.expiry[i] = payoffAtExpiry(legs, price);
    out.now[i] = payoffNow(legs, price, whatIf);
  }
  return out;
}

/** Net position greeks of the strategy now (or after the what-if), per unit move of the underlying's forward. */
export function strategyGreeks(
  legs: readonly StrategyPayoffLeg[],
  underlying: number,
  whatIf: StrategyWhatIf = NO_WHAT_IF,
): PositionGreeks {
  const total: PositionGreeks = { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 };
  for (const leg of legs) {
    const q = signedOptionQuantity(leg.side, leg.quantity);
    if (leg.kind === 'FUT') {
      total.delta += q;
      continue;
    }
    const years = Math.max(leg.years - whatIf.elapsedYears, 0);
    const volatility = Math.max(leg.volatility + whatIf.volatilityShift, 0);
    const g = black76Greeks(leg.kind, underlying, leg.strike, years, whatIf.rate, volatility);
    total.delta += g.delta * q;
    total.gamma += g.gamma * q;
    total.theta += g.theta * q;
    total.vega += g.vega * q;
    total.rho += g.rho * q;
  }
  return total;
}

/** Slope of the expiry payoff above every strike: Σ s·q of calls and futures. */
function slopeAbove(legs: readonly StrategyPayoffLeg[]): number {
  let slope = 0;
  for (const leg of legs) if (leg.kind !== 'PE') slope += signedOptionQuantity(leg.side, leg.quantity);
  return slope;
}

/** The kinks of the expiry payoff: 0 and each option's strike, ascending and distinct. */
function breakpoints(legs: readonly StrategyPayoffLeg[]): number[] {
  const strikes = new Set<number>([0]);
  for (const leg of legs) if (leg.kind !== 'FUT' && leg.strike > 0) strikes.add(leg.strike);
  return [...strikes].sort((a, b) => a - b);
}

/** The expiry payoff's extremes: null stands for unlimited (the payoff grows without bound above the strikes). */
export interface PayoffExtremes {
  maxProfit: number | null;
  maxLoss: number | null;
}

/** Maximum profit and loss at expiry over underlying prices from 0 up (exact: the payoff is piecewise linear). */
export function payoffExtremes(legs: readonly StrategyPayoffLeg[]): PayoffExtremes {
  const values = breakpoints(legs).map((price) => payoffAtExpiry(legs, price));
  const slope = slopeAbove(legs);
  const max = Math.max(...values);
  const min = Math.min(...values);
  return { maxProfit: slope > 0 ? null : max, maxLoss: slope < 0 ? null : min };
}

/** Underlying prices where the expiry P&L crosses zero, ascending (exact roots of the piecewise-linear payoff). */
export function breakevens(legs: readonly StrategyPayoffLeg[]): number[] {
  const points = breakpoints(legs);
  const roots: number[] = [];
  const push = (root: number) => {
    if (roots.length === 0 || Math.abs(root - roots[roots.length - 1]!) > 1e-9) roots.push(root);
  };
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const fa = payoffAtExpiry(legs, a);
    if (fa === 0 && a > 0) push(a);
    const next = points[i + 1];
    if (next === undefined) {
      // Beyond the last strike the payoff is a straight line of known slope.
      const slope = slopeAbove(legs);
      if (slope !== 0 && fa * slope < 0) push(a - fa / slope);
      continue;
    }
    const fb = payoffAtExpiry(legs, next);
    if ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)) push(a + ((next - a) * fa) / (fa - fb));
  }
  return roots;
}

/**
 * Probability that the expiry P&L is positive, the underlying at expiry log-normal around `forward` with volatility
 * `volatility` over `years` (0 when the inputs cannot describe a distribution).
 */
export function probabilityOfProfit(
  legs: readonly StrategyPayoffLeg[],
  forward: number,
  volatility: number,
  years: number,
): number {
  if (!(forward > 0) || !(volatility > 0) || !(years > 0)) return payoffAtExpiry(legs, forward) > 0 ? 1 : 0;
  const s = volatility * Math.sqrt(years);
  // P(S_T ≤ x) for log-normal S_T with mean `forward`.
  const cdf = (x: number) => (x <= 0 ? 0 : x === Infinity ? 1 : normalCdf((Math.log(x / forward) + (s * s) / 2) / s));
  const edges = [0, ...breakevens(legs), Infinity];
  let probability = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    const middle = b === Infinity ? a + Math.max(a, forward) + 1 : (a + b) / 2;
    if (payoffAtExpiry(legs, middle) > 0) probability += cdf(b) - cdf(a);
  }
  return Math.min(Math.max(probability, 0), 1);
}
