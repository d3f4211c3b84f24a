// The at-the-money strike and the synthetic future.
//
// ATM is the listed strike nearest to a reference price: spot, futures, or the synthetic future (the spec's ATM
// basis choices; default Futures). On an exact tie between two strikes the higher one is taken, the same as rounding
// the price half-up to the strike grid. The synthetic future is the spec's "strike + CE LTP − PE LTP" at the strike
// nearest spot. Put–call parity makes it the forward the options themselves imply (strictly K + (C − P)·e^{rT}; the
// spec's undiscounted form differs by r·T·(C − P), a fraction of a point near the money). It matters for weekly
// options, which have no futures contract of their own: the monthly future carries extra days of basis.

/** What the ATM strike can be centred on (spec §2.8), in the pickers' order; Futures is the default (spec §9). */
export const CHAIN_ATM_BASES = ['Spot', 'Futures', 'SynFut'] as const;
/** What the ATM strike is centred on: spot, the futures price, or the synthetic future. */
export type ChainAtmBasis = (typeof CHAIN_ATM_BASES)[number];

/** Index of the strike nearest `price` in ascending `strikes` (higher strike on a tie); −1 if empty or price invalid. */
export function nearestStrikeIndex(strikes: ArrayLike<number>, price: number): number {
  const n = strikes.length;
  if (n === 0 || !Number.isFinite(price)) return -1;
  // Binary search for the first strike ≥ price.
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strikes[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  if (lo === n) return n - 1;
  return price - strikes[lo - 1]! < strikes[lo]! - price ? lo - 1 : lo;
}

/** Synthetic future at one strike: strike + CE last price − PE last price (spec §2.9). */
export function syntheticFuture(strike: number, ceLtp: number, peLtp: number): number {
  return strike + ceLtp - peLtp;
}

/**
 * Index of the strike used for the synthetic future: the strike nearest `reference` (spot) at which both CE and PE
 * have traded (LTP > 0), searching outwards; −1 if there is none.
 */
export function syntheticFutureIndex(
  strikes: ArrayLike<number>,
  ceLtp: ArrayLike<number>,
  peLtp: ArrayLike<number>,
  reference: number,
): number {
  const start = nearestStrikeIndex(strikes, reference);
  if (start < 0) return -1;
  const quoted = (i: number): boolean => ceLtp[i]! > 0 && peLtp[i]! > 0;
  if (quoted(start)) return start;
  for (let d = 1; d < strikes.length; d++) {
    const below = start - d;
    const above = start + d;
    const belowOk = below >= 0 && quoted(below);
    const aboveOk = above < strikes.length && quoted(above);
    if (belowOk && aboveOk) {
      return reference - strikes[below]! < strikes[above]! - reference ? below : above;
    }
    if (belowOk) return below;
    if (aboveOk) return above;
    if (below < 0 && above >= strikes.length) break;
  }
  return -1;
}

/** Index of the ATM strike for a basis, given the three reference prices; −1 when that price is unavailable. */
export function atmStrikeIndex(
  strikes: ArrayLike<number>,
  basis: ChainAtmBasis,
  prices: { spot: number; futures: number; syntheticFuture: number },
): number {
  const price = basis === 'Spot' ? prices.spot : basis === 'Futures' ? prices.futures : prices.syntheticFuture;
  return price > 0 ? nearestStrikeIndex(strikes, price) : -1;
}
