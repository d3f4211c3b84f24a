// Put–call ratio on open interest, as the spec defines it: put OI divided by call OI.

/** PCR = put OI / call OI; NaN when call OI is zero or either side is missing (no meaningful ratio). */
export function putCallRatio(putOi: number, callOi: number): number {
  return callOi > 0 && putOi >= 0 ? putOi / callOi : NaN;
}
