// Max pain: the settlement price, among the listed strikes, at which option holders as a whole would receive the
// least at expiry (so writers pay the least). At a settlement S the payout is
//   pain(S) = Σᵢ ceOIᵢ·max(S − Kᵢ, 0) + Σᵢ peOIᵢ·max(Kᵢ − S, 0),
// in rupees when OI is in units. Evaluated at every strike with running sums, O(n) rather than O(n²):
//   calls: S·Σ_{K<S} ceOI − Σ_{K<S} ceOI·K,   puts: Σ_{K>S} peOI·K − S·Σ_{K>S} peOI.
// Strikes must be ascending; missing or negative OI counts as zero.

const clean = (v: number | undefined): number => (v !== undefined && v > 0 ? v : 0);

/** Total payout to holders if the underlying settles at each strike (ascending strikes); written into `out` if given. */
export function maxPainCurve(
  strikes: ArrayLike<number>,
  ceOi: ArrayLike<number>,
  peOi: ArrayLike<number>,
  out: Float64Array = new Float64Array(strikes.length),
): Float64Array {
  const n = strikes.length;
  let putOiTotal = 0;
  let putOiStrikeTotal = 0;
  for (let i = 0; i < n; i++) {
    const p = clean(peOi[i]);
    putOiTotal += p;
    putOiStrikeTotal += p * strikes[i]!;
  }
  let callOiBelow = 0;
  let callOiStrikeBelow = 0;
  let putOiUpTo = 0;
  let putOiStrikeUpTo = 0;
  for (let j = 0; j < n; j++) {
    const k = strikes[j]!;
    // Strike j's own options pay nothing at S = K_j, so it may sit on either side of the sums.
    const p = clean(peOi[j]);
    putOiUpTo += p;
    putOiStrikeUpTo += p * k;
    const calls = k * callOiBelow - callOiStrikeBelow;
    const puts = putOiStrikeTotal - putOiStrikeUpTo - k * (putOiTotal - putOiUpTo);
    out[j] = calls + puts;
    const c = clean(ceOi[j]);
    callOiBelow += c;
    callOiStrikeBelow += c * k;
  }
  return out;
}

/** Index of the max-pain strike in an ascending strike list (lowest strike on a tie), or −1 for an empty chain. */
export function maxPainIndex(pain: ArrayLike<number>): number {
  let best = -1;
  let bestPain = Infinity;
  for (let j = 0; j < pain.length; j++) {
    const v = pain[j]!;
    if (v < bestPain) {
      bestPain = v;
      best = j;
    }
  }
  return best;
}

/** The max-pain strike of a chain (ascending strikes; lowest strike on a tie), NaN for an empty chain. */
export function maxPainStrike(strikes: ArrayLike<number>, ceOi: ArrayLike<number>, peOi: ArrayLike<number>): number {
  const index = maxPainIndex(maxPainCurve(strikes, ceOi, peOi));
  return index < 0 ? NaN : strikes[index]!;
}
