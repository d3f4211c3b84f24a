// The straddle or strangle a premium-symbol page charts: its two contracts and the symbol's name.
import type { OptionChain } from '@fnodesk/contracts';
import { strikeLabel } from '../../../components/charts/echart-options';

/** The pair charted: both strikes and their contracts, of one underlying and expiry. */
export interface ChartedPair {
  name: string;
  expiry: string;
  /** The expiry as the header lists it ("25 Nov 2026"). */
  expiryLabel: string;
  ceStrike: number;
  peStrike: number;
  ceToken: number;
  peToken: number;
}

/** The pair of `chain` at the given strikes (null when the chain shows neither). */
export function chartedPairOf(
  chain: OptionChain,
  expiryLabel: string,
  ceStrike: number,
  peStrike: number,
): ChartedPair | null {
  const ce = chain.rows.find((row) => row.strike === ceStrike)?.ce;
  const pe = chain.rows.find((row) => row.strike === peStrike)?.pe;
  if (ce === undefined || pe === undefined) return null;
  return {
    name: chain.name,
    expiry: chain.expiry,
    expiryLabel,
    ceStrike,
    peStrike,
    ceToken: ce.token,
    peToken: pe.token,
  };
}

/** The symbol's name as the vendor writes it: "BANKNIFTY 27 Feb 2026 50400 CE + 50400 PE". */
export function pairSymbol(pair: ChartedPair): string {
  return `${pair.name} ${pair.expiryLabel} ${strikeLabel(pair.ceStrike)} CE + ${strikeLabel(pair.peStrike)} PE`;
}
