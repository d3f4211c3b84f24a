// An option's premium split into intrinsic and time value (pages brief G4, Options Premium):
//   CE intrinsic = max(0, S − K), PE intrinsic = max(0, K − S), time value = LTP − intrinsic,
// with S the spot, or the forward (the future the chain priced on) when the page says so.
import type { OptionChain } from '@fnodesk/contracts';

/** One leg's premium split; null where the LTP or the underlying is unknown. */
export interface PremiumLeg {
  ltp: number | null;
  intrinsic: number | null;
  time: number | null;
}

/** One strike's row. */
export interface PremiumRow {
  strike: number;
  atm: boolean;
  ce: PremiumLeg;
  pe: PremiumLeg;
}

/** What the intrinsic value is measured from. */
export type PremiumBasis = 'Spot' | 'Fut';

/** A leg's intrinsic and time value against underlying `s`. */
export function premiumLeg(side: 'ce' | 'pe', strike: number, ltp: number | null, s: number | null): PremiumLeg {
  if (s === null) return { ltp, intrinsic: null, time: null };
  const intrinsic = Math.max(0, side === 'ce' ? s - strike : strike - s);
  return { ltp, intrinsic, time: ltp === null ? null : ltp - intrinsic };
}

/** The underlying a basis reads: the spot, or the chain's forward (its future when none). */
export function premiumUnderlying(chain: OptionChain, basis: PremiumBasis): number | null {
  return basis === 'Spot' ? chain.summary.spot : (chain.forward ?? chain.summary.futures);
}

/** The rows of the strikes shown, ascending. */
export function premiumRows(chain: OptionChain, basis: PremiumBasis): PremiumRow[] {
  const s = premiumUnderlying(chain, basis);
  return chain.rows.map((row) => ({
    strike: row.strike,
    atm: row.strike === chain.atmStrike,
    ce: premiumLeg('ce', row.strike, row.ce.ltp, s),
    pe: premiumLeg('pe', row.strike, row.pe.ltp, s),
  }));
}
