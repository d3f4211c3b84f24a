// Shape-preserving rational cubic interpolation of R. Delbourgo and J. A. Gregory ("Shape preserving piecewise
// rational interpolation", SIAM J. Sci. Stat. Comput. 6, 1985), as used by Jäckel's "Let's Be Rational" for its
// initial guess of the implied volatility. Between (xₗ, yₗ) and (xᵣ, yᵣ) with end slopes dₗ, dᵣ the interpolant is a
// cubic divided by a quadratic, with one control parameter r: r = 3 gives the Hermite cubic, r → ∞ a straight line.
// Choosing r to match a known second derivative at one end, but no smaller than what keeps the curve monotone and
// convex, gives a guess that is both close and shaped like the inverse of the Black function.

const DBL_MIN = 2.2250738585072014e-308;
const DBL_MAX = Number.MAX_VALUE;
const MIN_CONTROL = -(1 - Math.sqrt(Number.EPSILON));
const MAX_CONTROL = 2 / (Number.EPSILON * Number.EPSILON);

const isZero = (v: number): boolean => Math.abs(v) < DBL_MIN;

/** The rational cubic through (xl, yl), (xr, yr) with end slopes dl, dr and control parameter r, evaluated at x. */
export function rationalCubicInterpolation(
  x: number,
  xl: number,
  xr: number,
  yl: number,
  yr: number,
  dl: number,
  dr: number,
  r: number,
): number {
  const h = xr - xl;
  if (Math.abs(h) <= 0) return 0.5 * (yl + yr);
  const t = (x - xl) / h;
  // At the largest control values the formula over/underflows; the limit is linear interpolation.
  if (!(r >= MAX_CONTROL)) {
    const omt = 1 - t;
    const t2 = t * t;
    const omt2 = omt * omt;
    return (
      (yr * t2 * t + (r * yr - h * dr) * t2 * omt + (r * yl + h * dl) * t * omt2 + yl * omt2 * omt) /
      (1 + (r - 3) * t * omt)
    );
  }
  return yr * t + yl * (1 - t);
}

function controlToFitSecondDerivativeAtLeft(
  xl: number,
  xr: number,
  yl: number,
  yr: number,
  dl: number,
  dr: number,
  secondDerivativeL: number,
): number {
  const h = xr - xl;
  const numerator = 0.5 * h * secondDerivativeL + (dr - dl);
  if (isZero(numerator)) return 0;
  const denominator = (yr - yl) / h - dl;
  if (isZero(denominator)) return numerator > 0 ? MAX_CONTROL : MIN_CONTROL;
  return numerator / denominator;
}

function controlToFitSecondDerivativeAtRight(
  xl: number,
  xr: number,
  yl: number,
  yr: number,
  dl: number,
  dr: number,
  secondDerivativeR: number,
): number {
  const h = xr - xl;
  const numerator = 0.5 * h * secondDerivativeR + (dr - dl);
  if (isZero(numerator)) return 0;
  const denominator = dr - (yr - yl) / h;
  if (isZero(denominator)) return numerator > 0 ? MAX_CONTROL : MIN_CONTROL;
  return numerator / denominator;
}

// The smallest control parameter that keeps the interpolant monotone (Delbourgo–Gregory 3.8) and convex or concave
// (3.18) when the data allow it. Where shape cannot be kept without dividing by zero, `preferShape` asks for the
// linear limit instead of the smooth cubic.
function minimumControlParameter(dl: number, dr: number, slope: number, preferShape: boolean): number {
  const monotonic = dl * slope >= 0 && dr * slope >= 0;
  const convex = dl <= slope && slope <= dr;
  const concave = dl >= slope && slope >= dr;
  if (!monotonic && !convex && !concave) return MIN_CONTROL;
  const drMinusDl = dr - dl;
  const drMinusS = dr - slope;
  const sMinusDl = slope - dl;
  let r1 = -DBL_MAX;
  let r2 = -DBL_MAX;
  if (monotonic) {
    if (!isZero(slope)) r1 = (dr + dl) / slope;
    else if (preferShape) r1 = MAX_CONTROL;
  }
  if (convex || concave) {
    if (!(isZero(sMinusDl) || isZero(drMinusS))) {
      r2 = Math.max(Math.abs(drMinusDl / drMinusS), Math.abs(drMinusDl / sMinusDl));
    } else if (preferShape) {
      r2 = MAX_CONTROL;
    }
  } else if (monotonic && preferShape) {
    r2 = MAX_CONTROL;
  }
  return Math.max(MIN_CONTROL, r1, r2);
}

/** Control parameter matching the second derivative at the left end, raised as needed to keep shape. */
export function convexControlAtLeft(
  xl: number,
  xr: number,
  yl: number,
  yr: number,
  dl: number,
  dr: number,
  secondDerivativeL: number,
  preferShape: boolean,
): number {
  const r = controlToFitSecondDerivativeAtLeft(xl, xr, yl, yr, dl, dr, secondDerivativeL);
  const rMin = minimumControlParameter(dl, dr, (yr - yl) / (xr - xl), preferShape);
  return Math.max(r, rMin);
}

/** Control parameter matching the second derivative at the right end, raised as needed to keep shape. */
export function convexControlAtRight(
  xl: number,
  xr: number,
  yl: number,
  yr: number,
  dl: number,
  dr: number,
  secondDerivativeR: number,
  preferShape: boolean,
): number {
  const r = controlToFitSecondDerivativeAtRight(xl, xr, yl, yr, dl, dr, secondDerivativeR);
  const rMin = minimumControlParameter(dl, dr, (yr - yl) / (xr - xl), preferShape);
  return Math.max(r, rMin);
}
