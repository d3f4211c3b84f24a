// The standard normal distribution to (near) full double precision.
//
// Φ is built on W. J. Cody's rational Chebyshev approximations of erf/erfc ("Rational Chebyshev approximations for
// the error function", Math. Comp. 23, 1969, 631–638; coefficients as in his SPECFUN CALERF), which are accurate to
// about 18 digits before rounding. Cody writes erfc(u) = exp(−u²)·R(u) with a rational R. The accuracy lost in practice
// comes from exp(−u²) when u is large: the rounding of u² is magnified by u². Cody splits u² into a 1/16-grid part and
// a remainder and calls exp twice; here u² (and z²/2 for Φ) is formed exactly as a double-double with Veltkamp/Dekker
// splitting, which costs one exp and a few multiplications and is at least as accurate. Φ(z) is evaluated from z
// itself (exp(−z²/2)·R(−z/√2)) rather than as erfc(−z/√2)/2, so the rounding of z/√2 never reaches the exponent:
// Φ keeps a relative error of a few ulp across the whole lower tail, where option prices live.

const SQRT1_2 = Math.SQRT1_2;
const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;
const ONE_OVER_SQRT_PI = 0.5641895835477563;
const CODY_THRESHOLD = 0.46875;
// Veltkamp's splitting constant 2^27 + 1: splits a double into two halves whose products are exact.
const SPLITTER = 134217729;

// Cody's coefficients. A/B: erf on |u| ≤ 0.46875. C/D: erfcx on 0.46875 < u ≤ 4. P/Q: erfcx on u > 4.
const A0 = 3.1611237438705655;
const A1 = 113.86415415105016;
const A2 = 377.485237685302;
const A3 = 3209.3775891384694;
const A4 = 0.18577770618460315;
const B0 = 23.601290952344122;
const B1 = 244.02463793444417;
const B2 = 1282.6165260773723;
const B3 = 2844.236833439171;
const C0 = 0.5641884969886701;
const C1 = 8.883149794388377;
const C2 = 66.11919063714163;
const C3 = 298.6351381974001;
const C4 = 881.952221241769;
const C5 = 1712.0476126340707;
const C6 = 2051.0783778260716;
const C7 = 1230.3393547979972;
const C8 = 2.1531153547440383e-8;
const D0 = 15.744926110709835;
const D1 = 117.6939508913125;
const D2 = 537.1811018620099;
const D3 = 1621.3895745666903;
const D4 = 3290.7992357334597;
const D5 = 4362.619090143247;
const D6 = 3439.3676741437216;
const D7 = 1230.3393548037495;
const P0 = 0.30532663496123236;
const P1 = 0.36034489994980445;
const P2 = 0.12578172611122926;
const P3 = 0.016083785148742275;
const P4 = 0.0006587491615298378;
const P5 = 0.016315387137302097;
const Q0 = 2.568520192289822;
const Q1 = 1.8729528499234604;
const Q2 = 0.5279051029514285;
const Q3 = 0.06051834131244132;
const Q4 = 0.0023352049762686918;

/** erf(u) for |u| ≤ 0.46875 (Cody's first interval). */
function erfSmall(u: number): number {
  const y = u * u;
  const num = (((A4 * y + A0) * y + A1) * y + A2) * y + A3;
  const den = (((y + B0) * y + B1) * y + B2) * y + B3;
  return (u * num) / den;
}

/** exp(u²)·erfc(u) for u > 0.46875, without any exponential (Cody's second and third intervals). */
function erfcxPositive(u: number): number {
  if (u <= 4) {
    const num = (((((((C8 * u + C0) * u + C1) * u + C2) * u + C3) * u + C4) * u + C5) * u + C6) * u + C7;
    const den = (((((((u + D0) * u + D1) * u + D2) * u + D3) * u + D4) * u + D5) * u + D6) * u + D7;
    return num / den;
  }
  // Beyond 6.71e7, 1 − 1/(2u²) is 1 in double precision.
  if (u >= 6.71e7) return ONE_OVER_SQRT_PI / u;
  const y = 1 / (u * u);
  const num = ((((P5 * y + P0) * y + P1) * y + P2) * y + P3) * y + P4;
  const den = ((((y + Q0) * y + Q1) * y + Q2) * y + Q3) * y + Q4;
  return (ONE_OVER_SQRT_PI - (y * num) / den) / u;
}

/** exp(−v·v·scale) with v·v formed exactly (double-double), for scale 1 or 1/2 (exact in binary). */
function expMinusScaledSquare(v: number, scale: number): number {
  const hi = v * v;
  const c = SPLITTER * v;
  const vh = c - (c - v);
  const vl = v - vh;
  const lo = vh * vh - hi + 2 * vh * vl + vl * vl;
  // exp(−scale·(hi + lo)) = exp(−scale·hi)·exp(−scale·lo), and |scale·lo| ≤ 1e-16·hi, so exp(−scale·lo) ≈ 1 − scale·lo.
  return Math.exp(-scale * hi) * (1 - scale * lo);
}

/** exp(+v·v) with v·v formed exactly, for the negative branch of erfcx. */
function expSquare(v: number): number {
  const hi = v * v;
  const c = SPLITTER * v;
  const vh = c - (c - v);
  const vl = v - vh;
  const lo = vh * vh - hi + 2 * vh * vl + vl * vl;
  return Math.exp(hi) * (1 + lo);
}

/** The complementary error function erfc(u), after W. J. Cody, relative error within a few ulp. */
export function erfc(u: number): number {
  const y = Math.abs(u);
  if (y <= CODY_THRESHOLD) return 1 - erfSmall(u);
  // erfc underflows to zero beyond 26.543 (Cody's XBIG for IEEE doubles).
  const r = y >= 26.543 ? 0 : expMinusScaledSquare(y, 1) * erfcxPositive(y);
  return u < 0 ? 2 - r : r;
}

/** The scaled complementary error function erfcx(u) = exp(u²)·erfc(u), after W. J. Cody. */
export function erfcx(u: number): number {
  if (Math.abs(u) <= CODY_THRESHOLD) return Math.exp(u * u) * (1 - erfSmall(u));
  if (u > 0) return erfcxPositive(u);
  // 2·exp(u²) overflows below −26.628 (Cody's XNEG).
  if (u < -26.628) return Infinity;
  return 2 * expSquare(u) - erfcxPositive(-u);
}

/** The standard normal cumulative distribution Φ(z), relative error within a few ulp (also deep in the lower tail). */
export function normalCdf(z: number): number {
  const u = -z * SQRT1_2;
  if (Math.abs(u) <= CODY_THRESHOLD) return 0.5 - 0.5 * erfSmall(u);
  if (u > 0) {
    // Φ(z) = ½·exp(−z²/2)·erfcx(−z/√2); underflows to zero below z ≈ −38.5.
    if (z < -38.5) return 0;
    return 0.5 * expMinusScaledSquare(z, 0.5) * erfcxPositive(u);
  }
  if (z > 8.5) return 1;
  return 1 - 0.5 * expMinusScaledSquare(z, 0.5) * erfcxPositive(-u);
}

/** The standard normal density φ(z) = exp(−z²/2)/√(2π). */
export function normalPdf(z: number): number {
  if (!(Math.abs(z) < 38.6)) return Number.isNaN(z) ? NaN : 0;
  return ONE_OVER_SQRT_TWO_PI * expMinusScaledSquare(z, 0.5);
}

// Wichura's algorithm AS 241 (PPND16, Applied Statistics 37, 1988), relative accuracy about 1e-16.
const AS241_SPLIT1 = 0.425;
const AS241_SPLIT2 = 5;
const AS241_CONST1 = 0.180625;
const AS241_CONST2 = 1.6;

/** The inverse Φ⁻¹(p) of the standard normal distribution (Wichura's AS 241); ±Infinity at 0 and 1, NaN outside. */
export function inverseNormalCdf(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const q = p - 0.5;
  if (Math.abs(q) <= AS241_SPLIT1) {
    const r = AS241_CONST1 - q * q;
    return (
      (q *
        (((((((2509.0809287301227 * r + 33430.57558358813) * r + 67265.7709270087) * r + 45921.95393154987) * r +
          13731.69376550946) *
          r +
          1971.5909503065513) *
          r +
          133.14166789178438) *
          r +
          3.3871328727963665)) /
      (((((((5226.495278852546 * r + 28729.085735721943) * r + 39307.89580009271) * r + 21213.794301586597) * r +
        5394.196021424751) *
        r +
        687.1870074920579) *
        r +
        42.31333070160091) *
        r +
        1)
    );
  }
  let r = q < 0 ? p : 1 - p;
  r = Math.sqrt(-Math.log(r));
  let value: number;
  if (r <= AS241_SPLIT2) {
    r -= AS241_CONST2;
    value =
      (((((((0.0007745450142783414 * r + 0.022723844989269184) * r + 0.2417807251774506) * r + 1.2704582524523684) * r +
        3.6478483247632045) *
        r +
        5.769497221460691) *
        r +
        4.630337846156546) *
        r +
        1.4234371107496835) /
      (((((((1.0507500716444169e-9 * r + 0.0005475938084995345) * r + 0.015198666563616457) * r + 0.14810397642748008) *
        r +
        0.6897673349851) *
        r +
        1.6763848301838038) *
        r +
        2.053191626637759) *
        r +
        1);
  } else {
    r -= AS241_SPLIT2;
    value =
      (((((((2.0103343992922881e-7 * r + 0.000027115555687434876) * r + 0.0012426609473880784) * r +
        0.026532189526576124) *
        r +
        0.29656057182850487) *
        r +
        1.7848265399172913) *
        r +
        5.463784911164114) *
        r +
        6.657904643501103) /
      (((((((2.0442631033899397e-15 * r + 1.421511758316446e-7) * r + 0.000018463183175100548) * r +
        0.0007868691311456133) *
        r +
        0.014875361290850615) *
        r +
        0.1369298809227358) *
        r +
        0.599832206555888) *
        r +
        1);
  }
  return q < 0 ? -value : value;
}

// V8 optimises a hot function, and every function it is inlined into, for the branches it has seen taken. A branch
// first taken later throws that code away and the callers run unoptimised until it is rebuilt. Φ's tails are first
// reached when an option's last minutes run out (the simulated market's expiry-day history), and an expiry day's
// chart page then took twice as long as any other. So every branch of Φ and of the erfcx it uses is taken as the
// module loads, more times than V8 waits before it starts recording what a function sees.
const BRANCH_ARGUMENTS = [-40, -20, -3, -0.1, 0, 0.1, 3, 7, 9];
for (let round = 0; round < 16; round++) for (const z of BRANCH_ARGUMENTS) normalCdf(z);
