// Put–call ratio on open interest, as the spec defines it: put OI divided by call OI.

/** PCR = put OI / call OI; NaN when call OI is zero or either side is missing (no meaningful ratio). */
export function putCallRatio(putOi: number, callOi: number): number {
  return callOi > 0 && putOi >= 0 ? putOi / callOi : NaN;
}

/** One strike's call and put OI, null when unknown. */
export interface StrikeOi {
  strike: number;
  ceOi: number | null;
  peOi: number | null;
}

/**
 * PCR over a strike set: Σ put OI ÷ Σ call OI over the chosen strikes (not the mean of the strikes' PCRs), so a
 * strike weighs by its OI; strikes with an unknown leg are left out. NaN when the set has no call OI.
 */
export function putCallRatioOver(rows: readonly StrikeOi[], strikes: ReadonlySet<number>): number {
  let putOi = 0;
  let callOi = 0;
  for (const row of rows) {
    if (!strikes.has(row.strike) || row.ceOi === null || row.peOi === null) continue;
    if (!Number.isFinite(row.ceOi) || !Number.isFinite(row.peOi)) continue;
    putOi += row.peOi;
    callOi += row.ceOi;
  }
  return putCallRatio(putOi, callOi);
}
