// The normalised Black function of P. Jäckel, "Let's Be Rational" (Wilmott, January 2015, pp. 40–53):
//
//   b(x, s) = Φ(x/s + s/2)·e^{x/2} − Φ(x/s − s/2)·e^{−x/2},   x = ln(F/K), s = σ√T,
//
// the undiscounted call price divided by √(F·K). Every Black-76 price is df·√(FK)·b(±x, s), and a put is the call at
// −x. Written naively, the two terms cancel for out-of-the-money options and for small s, losing digits exactly where
// implied volatility is hardest to find. The paper splits the (h = x/s, t = s/2) plane into four regions, each with a
// formula that does not cancel; they are implemented here as described there, with the choices noted per region.

import { erfcx, normalCdf } from './normal-distribution';

const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;
const SQRT_TWO_PI = 2.5066282746310007;
const SQRT1_2 = Math.SQRT1_2;
// Region boundaries of the paper: η = −10, τ = 2·ε^(1/16).
const ETA = -10;
const TAU = 2 * Math.pow(Number.EPSILON, 1 / 16);

/**
 * Scratch output: the vega ∂b/∂s of the last `normalisedBlackOtmCall` call. Regions I, II and IV share the factor
 * exp(−(h²+t²)/2) with the vega, so returning both saves one exponential per solver iteration.
 */
export const normalisedScratch = { vega: 0 };

/** The normalised intrinsic value 2·sinh(x/2) of a call with x = ln(F/K) > 0 (zero otherwise). */
export function normalisedIntrinsic(x: number): number {
  return x > 0 ? 2 * Math.sinh(0.5 * x) : 0;
}

/** The normalised Black call b(x, s) for any x (in-the-money calls add the intrinsic value to the out-of-the-money part). */
export function normalisedBlackCall(x: number, s: number): number {
  if (x > 0) return normalisedIntrinsic(x) + normalisedBlackOtmCall(-x, s);
  return normalisedBlackOtmCall(x, s);
}

/** The normalised Black call for x ≤ 0; also leaves ∂b/∂s in `normalisedScratch.vega`. */
export function normalisedBlackOtmCall(x: number, s: number): number {
  if (!(s > 0)) {
    normalisedScratch.vega = x === 0 ? ONE_OVER_SQRT_TWO_PI : 0;
    return 0;
  }
  const h = x / s;
  const t = 0.5 * s;
  // Region I: far out of the money (h < η) with t not too large. An asymptotic expansion in q = (h/r)², r = h² − t².
  if (x < s * ETA && 0.5 * s * s + x < s * (TAU + ETA)) {
    const e = Math.exp(-0.5 * (h * h + t * t));
    normalisedScratch.vega = ONE_OVER_SQRT_TWO_PI * e;
    const b = ONE_OVER_SQRT_TWO_PI * e * asymptoticExpansionFactor(h, t);
    return b > 0 ? b : 0;
  }
  // Region II: small s, where the two terms agree to many digits. A Taylor expansion in t.
  if (t < TAU) {
    const e = Math.exp(-0.5 * (h * h + t * t));
    normalisedScratch.vega = ONE_OVER_SQRT_TWO_PI * e;
    const b = ONE_OVER_SQRT_TWO_PI * e * smallTExpansionFactor(h, t);
    return b > 0 ? b : 0;
  }
  // Region III: b above ~85% of its maximum e^{x/2}; the first term dominates and the plain formula is accurate.
  if (x + 0.5 * s * s > s * 0.85) {
    normalisedScratch.vega = ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * (h * h + t * t));
    const bMax = Math.exp(0.5 * x);
    const b = normalCdf(h + t) * bMax - normalCdf(h - t) / bMax;
    return b > 0 ? b : 0;
  }
  // Region IV: with Φ(z) = exp(−z²/2)·erfcx(−z/√2)/2 both terms share exp(−(h²+t²)/2), which is factored out, so
  // only the two scaled erfc values are subtracted: b = exp(−(h²+t²)/2)·[erfcx(−(h+t)/√2) − erfcx(−(h−t)/√2)]/2.
  const e = Math.exp(-0.5 * (h * h + t * t));
  normalisedScratch.vega = ONE_OVER_SQRT_TWO_PI * e;
  const b = 0.5 * e * (erfcx(-SQRT1_2 * (h + t)) - erfcx(-SQRT1_2 * (h - t)));
  return b > 0 ? b : 0;
}

// Region I. With Y(z) = Φ(z)/φ(z), b = φ-factor·[Y(h+t) − Y(h−t)], and Abramowitz & Stegun 26.2.12 gives Y as a
// divergent series in 1/z². Summing 18 terms of the difference as a series in q = (h/r)², r = (h+t)(h−t), with
// e = (t/h)², gives
//   (t/r)·Σₖ (−1)ᵏ·(2k−1)!!·qᵏ·2·Σⱼ C(2k+1, 2j+1)·eʲ,
// accurate to about 1.6e-16 for h ≤ −10 (the paper's 17th-order expansion; its coefficients follow this pattern and
// are generated here rather than typed out).
const ASYMPTOTIC_ORDER = 17;
const ASYMPTOTIC_COEFFICIENTS: readonly Float64Array[] = buildAsymptoticCoefficients();

function buildAsymptoticCoefficients(): Float64Array[] {
  const rows: Float64Array[] = [];
  let doubleFactorial = 1; // (2k−1)!!, with (−1)!! = 1
  for (let k = 0; k <= ASYMPTOTIC_ORDER; k++) {
    if (k > 0) doubleFactorial *= 2 * k - 1;
    const n = 2 * k + 1;
    const row = new Float64Array(k + 1);
    // C(n, 2j+1) for j = 0..k, built from C(n, m) = C(n, m−1)·(n−m+1)/m.
    let binomial = 1;
    for (let m = 1; m <= n; m++) {
      binomial = (binomial * (n - m + 1)) / m;
      if (m % 2 === 1) row[(m - 1) / 2] = (k % 2 === 0 ? 2 : -2) * doubleFactorial * binomial;
    }
    rows.push(row);
  }
  return rows;
}

function asymptoticExpansionFactor(h: number, t: number): number {
  const e = (t / h) * (t / h);
  const r = (h + t) * (h - t);
  const q = (h / r) * (h / r);
  let sum = 0;
  for (let k = ASYMPTOTIC_ORDER; k >= 0; k--) {
    const row = ASYMPTOTIC_COEFFICIENTS[k]!;
    let inner = 0;
    for (let j = k; j >= 0; j--) inner = inner * e + row[j]!;
    sum = sum * q + inner;
  }
  return (t / r) * sum;
}

// Region II. Expanding b in t at fixed h gives b = φ-factor·2t·Σ wⁿ·Pₙ(a, h²)/(2n+1)!, w = t², with
// a = 1 + h·Y(h) = 1 + h·√(π/2)·erfcx(−h/√2) ∈ (0, 1]. Six terms reach double precision for t < τ.
// Reciprocal factorials 1/(2n+1)!, multiplied rather than divided (a division costs several multiplications).
const INV_3F = 1 / 6;
const INV_5F = 1 / 120;
const INV_7F = 1 / 5040;
const INV_9F = 1 / 362880;
const INV_11F = 1 / 39916800;
const INV_13F = 1 / 6227020800;

function smallTExpansionFactor(h: number, t: number): number {
  const a = 1 + h * (0.5 * SQRT_TWO_PI) * erfcx(-SQRT1_2 * h);
  const w = t * t;
  const h2 = h * h;
  const c1 = (-1 + 3 * a + a * h2) * INV_3F;
  const c2 = (-7 + 15 * a + h2 * (-1 + 10 * a + a * h2)) * INV_5F;
  const c3 = (-57 + 105 * a + h2 * (-18 + 105 * a + h2 * (-1 + 21 * a + a * h2))) * INV_7F;
  const c4 = (-561 + 945 * a + h2 * (-285 + 1260 * a + h2 * (-33 + 378 * a + h2 * (-1 + 36 * a + a * h2)))) * INV_9F;
  const c5 =
    (-6555 +
      10395 * a +
      h2 * (-4680 + 17325 * a + h2 * (-840 + 6930 * a + h2 * (-52 + 990 * a + h2 * (-1 + 55 * a + a * h2))))) *
    INV_11F;
  const c6 =
    (-89055 +
      135135 * a +
      h2 *
        (-82845 +
          270270 * a +
          h2 *
            (-20370 + 135135 * a + h2 * (-1926 + 25740 * a + h2 * (-75 + 2145 * a + h2 * (-1 + 78 * a + a * h2)))))) *
    INV_13F;
  return 2 * t * (a + w * (c1 + w * (c2 + w * (c3 + w * (c4 + w * (c5 + w * c6))))));
}
