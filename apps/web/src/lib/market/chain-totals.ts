// The G4 pages' summary figures over the strikes shown: total call and put OI, their change over the page's window,
// and PCR = Σ put OI ÷ Σ call OI (spec §2.9).
import type { OptionChain } from '@fnodesk/contracts';
import { putCallRatio } from '@fnodesk/domain';

/** One leg of a chain row. */
export type ChainLeg = OptionChain['rows'][number]['ce'];

/** Totals over some strikes of a chain. */
export interface ChainTotals {
  ceOi: number;
  peOi: number;
  /** Null when no shown leg's change is known. */
  ceOiChange: number | null;
  peOiChange: number | null;
  /** Null when there is no call OI. */
  pcr: number | null;
}

function sum(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

/** Totals over `rows`, the change of each leg read by `change` (the page's window). */
export function chainTotals(
  rows: readonly OptionChain['rows'][number][],
  change: (leg: ChainLeg) => number | null,
): ChainTotals {
  const ceOi = sum(rows.map((row) => row.ce.oi)) ?? 0;
  const peOi = sum(rows.map((row) => row.pe.oi)) ?? 0;
  const pcr = putCallRatio(peOi, ceOi);
  return {
    ceOi,
    peOi,
    ceOiChange: sum(rows.map((row) => change(row.ce))),
    peOiChange: sum(rows.map((row) => change(row.pe))),
    pcr: Number.isFinite(pcr) ? pcr : null,
  };
}

/** The strike with the largest OI of a leg (the call wall is resistance, the put wall support), or null. */
export function maxOiStrike(rows: readonly OptionChain['rows'][number][], side: 'ce' | 'pe'): number | null {
  let best: { strike: number; oi: number } | null = null;
  for (const row of rows) {
    const oi = row[side].oi;
    if (oi !== null && (best === null || oi > best.oi)) best = { strike: row.strike, oi };
  }
  return best?.strike ?? null;
}
