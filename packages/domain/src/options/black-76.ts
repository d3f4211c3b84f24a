// European option prices and greeks: Black-76 on a futures (forward) price, and Black–Scholes–Merton on a spot
// price with a continuous dividend yield q, which is Black-76 on the forward F = S·e^{(r−q)T}.
//
// Units, chosen to be what an Indian option chain shows:
//   delta   ∂V/∂F (Black-76) or ∂V/∂S (spot), per unit of the underlying
//   gamma   ∂²V/∂F² or ∂²V/∂S²
//   theta   change in value per calendar day (−∂V/∂T / 365, T in ACT/365 years, see expiry-time.ts)
//   vega    change in value per 1 volatility point (∂V/∂σ / 100)
//   rho     change in value per 1 percentage point of the continuously compounded rate (∂V/∂r / 100); for
//           Black-76 the futures price is held fixed, so only discounting moves and rho = −T·V/100
// Prices come from the normalised Black function (see normalised-black.ts), so far out-of-the-money prices keep
// their relative accuracy and the implied-volatility solver inverts exactly the function used here.

import { normalCdf, normalPdf } from './normal-distribution';
import { normalisedBlackCall } from './normalised-black';

/** Option kind as NSE and BSE write it: CE for a call, PE for a put. */
export type CallPut = 'CE' | 'PE';

/** Price and the five greeks of one option, per unit of the underlying (see the units above). */
export interface OptionGreeks {
  price: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
}

/** Calendar days per year of the ACT/365 day count; theta is quoted per one of these days. */
export const OPTION_DAYS_PER_YEAR = 365;

const NAN_GREEKS: OptionGreeks = Object.freeze({
  price: NaN,
  delta: NaN,
  gamma: NaN,
  theta: NaN,
  vega: NaN,
  rho: NaN,
});

function validInputs(forward: number, strike: number, years: number, rate: number, volatility: number): boolean {
  return (
    forward > 0 &&
    strike > 0 &&
    volatility >= 0 &&
    Number.isFinite(forward) &&
    Number.isFinite(strike) &&
    Number.isFinite(years) &&
    Number.isFinite(rate) &&
    Number.isFinite(volatility)
  );
}

/** Black-76 price of a European option on a futures price; NaN for invalid input, intrinsic value at expiry. */
export function black76Price(
  callPut: CallPut,
  forward: number,
  strike: number,
  years: number,
  rate: number,
  volatility: number,
): number {
  if (!validInputs(forward, strike, years, rate, volatility)) return NaN;
  const theta = callPut === 'CE' ? 1 : -1;
  if (years <= 0) return Math.max(theta * (forward - strike), 0);
  const df = Math.exp(-rate * years);
  const s = volatility * Math.sqrt(years);
  return df * Math.sqrt(forward) * Math.sqrt(strike) * normalisedBlackCall(theta * Math.log(forward / strike), s);
}

/**
 * Undiscounted Black-76 call value F·Φ(d1) − K·Φ(d2) by the plain formula, where `s` = σ·√T (s ≤ 0 gives the
 * intrinsic value). It is for valuing many options whose values are then rounded to a price tick (the simulated
 * market): its error is a few ulp of the forward in absolute terms, so far out-of-the-money values lose the relative
 * accuracy {@link black76Price} keeps, and it is not what the implied-volatility solver inverts. Inputs are not checked.
 */
export function black76CallValue(forward: number, strike: number, s: number): number {
  if (!(s > 0)) return forward > strike ? forward - strike : 0;
  const d1 = Math.log(forward / strike) / s + 0.5 * s;
  return forward * normalCdf(d1) - strike * normalCdf(d1 - s);
}

/** Black-76 price and greeks (delta and gamma with respect to the futures price); NaN fields for invalid input. */
export function black76Greeks(
  callPut: CallPut,
  forward: number,
  strike: number,
  years: number,
  rate: number,
  volatility: number,
): OptionGreeks {
  if (!validInputs(forward, strike, years, rate, volatility)) return { ...NAN_GREEKS };
  const theta = callPut === 'CE' ? 1 : -1;
  const price = black76Price(callPut, forward, strike, years, rate, volatility);
  if (years <= 0) return expiredGreeks(theta, forward, strike, price);
  const df = Math.exp(-rate * years);
  const sqrtT = Math.sqrt(years);
  const s = volatility * sqrtT;
  if (!(s > 0)) return zeroVolatilityGreeks(theta, forward, strike, years, rate, df, price);
  const d1 = Math.log(forward / strike) / s + 0.5 * s;
  const pdf = normalPdf(d1);
  const dfPdf = df * pdf;
  return {
    price,
    delta: theta * df * normalCdf(theta * d1),
    gamma: dfPdf / (forward * s),
    // −∂V/∂T = r·V − df·F·φ(d1)·σ/(2√T).
    theta: (rate * price - (dfPdf * forward * volatility) / (2 * sqrtT)) / OPTION_DAYS_PER_YEAR,
    vega: (dfPdf * forward * sqrtT) / 100,
    rho: (-years * price) / 100,
  };
}

/** Black–Scholes–Merton price on a spot price with continuous dividend yield q (default 0). */
export function blackScholesPrice(
  callPut: CallPut,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  volatility: number,
  dividendYield = 0,
): number {
  if (!Number.isFinite(dividendYield)) return NaN;
  const carry = years > 0 ? Math.exp((rate - dividendYield) * years) : 1;
  return black76Price(callPut, spot * carry, strike, years, rate, volatility);
}

/** Black–Scholes–Merton price and greeks (delta and gamma with respect to spot) with continuous dividend yield q. */
export function blackScholesGreeks(
  callPut: CallPut,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  volatility: number,
  dividendYield = 0,
): OptionGreeks {
  if (!validInputs(spot, strike, years, rate, volatility) || !Number.isFinite(dividendYield)) {
    return { ...NAN_GREEKS };
  }
  const theta = callPut === 'CE' ? 1 : -1;
  const price = blackScholesPrice(callPut, spot, strike, years, rate, volatility, dividendYield);
  if (years <= 0) return expiredGreeks(theta, spot, strike, price);
  const sqrtT = Math.sqrt(years);
  const s = volatility * sqrtT;
  const dq = Math.exp(-dividendYield * years);
  const dr = Math.exp(-rate * years);
  if (!(s > 0)) {
    // Zero volatility: the value is the discounted forward intrinsic value, a step function of spot.
    const forward = spot * Math.exp((rate - dividendYield) * years);
    const inTheMoney = theta * (forward - strike) > 0;
    return {
      price,
      delta: inTheMoney ? theta * dq : 0,
      gamma: 0,
      theta: inTheMoney ? (theta * (dividendYield * spot * dq - rate * strike * dr)) / OPTION_DAYS_PER_YEAR : 0,
      vega: 0,
      rho: inTheMoney ? (theta * strike * years * dr) / 100 : 0,
    };
  }
  const d1 = (Math.log(spot / strike) + (rate - dividendYield) * years) / s + 0.5 * s;
  const d2 = d1 - s;
  const pdf = normalPdf(d1);
  const nd1 = normalCdf(theta * d1);
  const nd2 = normalCdf(theta * d2);
  return {
    price,
    delta: theta * dq * nd1,
    gamma: (dq * pdf) / (spot * s),
    // ∂V/∂t = −S·e^{−qT}·φ(d1)·σ/(2√T) − θ·r·K·e^{−rT}·Φ(θ·d2) + θ·q·S·e^{−qT}·Φ(θ·d1).
    theta:
      (-(spot * dq * pdf * volatility) / (2 * sqrtT) -
        theta * rate * strike * dr * nd2 +
        theta * dividendYield * spot * dq * nd1) /
      OPTION_DAYS_PER_YEAR,
    vega: (spot * dq * pdf * sqrtT) / 100,
    rho: (theta * strike * years * dr * nd2) / 100,
  };
}

// At expiry the value is the intrinsic value: delta is the step (½ exactly at the money), the rest vanish.
function expiredGreeks(theta: number, underlying: number, strike: number, price: number): OptionGreeks {
  const moneyness = theta * (underlying - strike);
  return {
    price,
    delta: moneyness > 0 ? theta : moneyness === 0 ? 0.5 * theta : 0,
    gamma: 0,
    theta: 0,
    vega: 0,
    rho: 0,
  };
}

function zeroVolatilityGreeks(
  theta: number,
  forward: number,
  strike: number,
  years: number,
  rate: number,
  df: number,
  price: number,
): OptionGreeks {
  const inTheMoney = theta * (forward - strike) > 0;
  return {
    price,
    delta: inTheMoney ? theta * df : 0,
    gamma: 0,
    theta: (rate * price) / OPTION_DAYS_PER_YEAR,
    vega: 0,
    rho: (-years * price) / 100,
  };
}

// Every branch of the plain Black-76 value (the intrinsic value at and after expiry, either side of the strike) is
// taken as the module loads, for the reason given at the end of normal-distribution.ts.
for (let round = 0; round < 16; round++) {
  for (const forward of [90, 110]) for (const s of [0, 0.2]) black76CallValue(forward, 100, s);
}
