// One strike's implied volatilities against the forward its ATM pair implies (pages brief G5, multi-strikes/iv):
//
//   parity forward   F = K + (C − P)·e^{rT}           (put–call parity at one strike, Black-76 on the forward)
//   leg IV           σ solved from each leg's price against F (`impliedVolatility`)
//   average          (σ_CE + σ_PE) ÷ 2, only where both legs have one
//
// Taking the forward from the options themselves rather than from the future keeps a weekly expiry's IVs free of
// the month future's extra days of basis, as the chain does for weeklies; at the reference strike both legs then
// give the same IV, and away from it the two legs differ only by the skew of quotes.
import { impliedVolatility } from './implied-volatility';

/** The forward put–call parity implies at one strike; NaN without both prices or time to expiry. */
export function parityForward(strike: number, ceLtp: number, peLtp: number, years: number, rate: number): number {
  if (!(years > 0) || !(ceLtp > 0) || !(peLtp > 0) || !Number.isFinite(strike) || !Number.isFinite(rate)) return NaN;
  const forward = strike + (ceLtp - peLtp) * Math.exp(rate * years);
  return forward > 0 ? forward : NaN;
}

/** One strike's leg prices against a forward. */
export interface StrikeQuotesAt {
  strike: number;
  ceLtp: number | null;
  peLtp: number | null;
  forward: number;
  years: number;
  rate: number;
}

/** A strike's IVs as fractions a year (0.12 = 12 %); NaN where a leg has none. */
export interface StrikeImpliedVolatilities {
  ce: number;
  pe: number;
  /** The mean of the two legs' IVs, NaN unless both are known. */
  average: number;
}

/** The IV of each leg of a strike against the forward, and their mean. */
export function strikeImpliedVolatilities(quotes: StrikeQuotesAt): StrikeImpliedVolatilities {
  const { strike, ceLtp, peLtp, forward, years, rate } = quotes;
  const legIv = (kind: 'CE' | 'PE', price: number | null) =>
    price === null || !(forward > 0) || !(years > 0)
      ? NaN
      : impliedVolatility(kind, price, forward, strike, years, rate);
  const ce = legIv('CE', ceLtp);
  const pe = legIv('PE', peLtp);
  return { ce, pe, average: Number.isFinite(ce) && Number.isFinite(pe) ? (ce + pe) / 2 : NaN };
}
