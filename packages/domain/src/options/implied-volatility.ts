// Implied Black volatility by P. Jäckel's "Let's Be Rational" (Wilmott, January 2015): an initial guess from
// rational cubic interpolations of the inverse normalised Black function (or of transformed maps of it in the two
// outer segments), then at most two Householder steps of third order. In each of the four segments the objective is
// chosen so that Householder converges fast from that guess:
//   lowest segment   g(s) = 1/ln b(s) − 1/ln β           (b spans hundreds of orders of magnitude there)
//   middle segments  g(s) = b(s) − β
//   upper segment    g(s) = ln(bₘₐₓ − β) − ln(bₘₐₓ − b(s))
// Two steps reach the limit of double precision everywhere; a bracket kept along the way turns a step that leaves it
// into bisection, which only matters for absurd inputs such as |ln(F/K)| > 500.
//
// Why this rather than a safeguarded Newton: it costs about as much as four Black prices and never needs more, and
// it is accurate without a tolerance to tune. A chain adds two savings on top (option-chain.ts): the price-independent
// half of the guess is shared by the CE and PE of a strike (`ImpliedVolatilityFrame`), and a start extrapolated from
// neighbouring strikes usually needs one Householder step instead of the guess and two
// (`normalisedImpliedVolatilityFrom`).

import type { CallPut } from './black-76';
import { inverseNormalCdf, normalCdf, normalPdf } from './normal-distribution';
import { normalisedBlackOtmCall, normalisedIntrinsic, normalisedScratch } from './normalised-black';
import { convexControlAtLeft, convexControlAtRight, rationalCubicInterpolation } from './rational-cubic';

const DBL_EPSILON = Number.EPSILON;
const DBL_MIN = 2.2250738585072014e-308;
const DBL_MAX = Number.MAX_VALUE;
const SQRT_DBL_MAX = Math.sqrt(DBL_MAX);
const TWO_PI = 2 * Math.PI;
const SQRT_PI_OVER_TWO = Math.sqrt(Math.PI / 2);
const SQRT_THREE = Math.sqrt(3);
const SQRT_ONE_OVER_THREE = Math.sqrt(1 / 3);
const TWO_PI_OVER_SQRT_TWENTY_SEVEN = TWO_PI / Math.sqrt(27);
const PI_OVER_SIX = Math.PI / 6;
const MAX_ITERATIONS = 2;
const WARM_START_ITERATIONS = 3;
// Householder(3) converges quartically: measured over F 100–100,000, 1 day–1 year, σ 5–150% and strikes ±4σ√T, one
// step from 1% off leaves at most 2.5e-9·s (a constant near 0.25), and one step from 0.3% off reaches round-off.
// So once a step is below 1e-3·s the remaining error is below 1e-12·s, with a threefold margin.
const WARM_START_TOLERANCE = 1e-3;
// A warm start beyond this s (σ√T) is not near anything a chain quotes; use the full method.
const WARM_START_MAX_S = 10;
const ONE_OVER_SQRT_TWO_PI = 1 / Math.sqrt(TWO_PI);
// Beyond this |x| the closed form at the inflexion point under- or overflows; use the region-aware function.
const CLOSED_FORM_INFLEXION_LIMIT = 50;
// A price within this relative distance of the intrinsic value is taken as exactly intrinsic: (F−K)/√(FK) and
// 2·sinh(ln(F/K)/2) are equal in exact arithmetic but may differ by a few ulp in floating point.
const INTRINSIC_TOLERANCE = 16 * DBL_EPSILON;

/** Outcome code of the normalised solvers (valid answers are ≥ 0): the price is below the intrinsic value. */
export const IV_BELOW_INTRINSIC = -1;
/** Outcome code of the normalised solvers: the price is at or above its bound (F·df for a call, K·df for a put). */
export const IV_ABOVE_MAXIMUM = -2;

/** The result of an implied-volatility solve, with the reason when there is no volatility. */
export type ImpliedVolatilityResult =
  | { status: 'ok'; volatility: number }
  | { status: 'intrinsic'; volatility: 0 }
  | { status: 'below-intrinsic' }
  | { status: 'above-maximum' }
  | { status: 'invalid-input' };

const householderFactor = (newton: number, halley: number, hh3: number): number =>
  (1 + 0.5 * halley * newton) / (1 + newton * (halley + hh3 * newton * (1 / 6)));

/**
 * The part of a solve that depends only on x (≤ 0, the out-of-the-money call after mapping), not on the price: the
 * inflexion point, the tangents that bound the middle segments, the lower and upper maps and the rational-cubic
 * control parameters. The CE and PE of one strike map to the same x, so a chain computes this once per strike.
 * Each part is filled in only when a price first falls in its segment.
 */
export class ImpliedVolatilityFrame {
  x = 0;
  bMax = 1;
  sC = 0;
  hasCentre = false;
  bC = 0;
  vC = 0;
  hasLow = false;
  sL = 0;
  bL = 0;
  vL = 0;
  rLm = 0;
  hasLowMap = false;
  fL = 0;
  fLp = 0;
  rLl = 0;
  hasHigh = false;
  sH = 0;
  bH = 0;
  vH = 0;
  rHm = 0;
  hasHighMap = false;
  fH = 0;
  fHp = 0;
  rHh = 0;
  rHhUsable = false;
}

/** Resets `frame` for the out-of-the-money call at xOtm ≤ 0 (that is, −|ln(F/K)|). */
export function prepareImpliedVolatilityFrame(frame: ImpliedVolatilityFrame, xOtm: number): void {
  frame.x = xOtm;
  frame.bMax = Math.exp(0.5 * xOtm);
  // The point of inflexion of b in s, sc = √(2|x|), splits the curve into the four segments.
  frame.sC = Math.sqrt(Math.abs(2 * xOtm));
  frame.hasCentre = false;
  frame.hasLow = false;
  frame.hasLowMap = false;
  frame.hasHigh = false;
  frame.hasHighMap = false;
}

function ensureCentre(frame: ImpliedVolatilityFrame): void {
  const x = frame.x;
  const sC = frame.sC;
  if (x > -CLOSED_FORM_INFLEXION_LIMIT) {
    // At sc, h + t = 0, so b(x, sc) = e^{x/2}/2 − e^{−x/2}·Φ(−sc) and b'(sc) = e^{x/2}/√(2π): one Φ instead of a full
    // evaluation. Its cancellation for small |x| only perturbs the starting point, which the iterations absorb.
    frame.bC = 0.5 * frame.bMax - normalCdf(-sC) / frame.bMax;
    frame.vC = ONE_OVER_SQRT_TWO_PI * frame.bMax;
  } else {
    frame.bC = normalisedBlackOtmCall(x, sC);
    frame.vC = normalisedScratch.vega;
  }
  frame.hasCentre = true;
}

function ensureLow(frame: ImpliedVolatilityFrame): void {
  // The tangent at the inflexion point meets b = 0 at sl.
  const sL = frame.sC - frame.bC / frame.vC;
  frame.sL = sL;
  frame.bL = normalisedBlackOtmCall(frame.x, sL);
  frame.vL = normalisedScratch.vega;
  frame.rLm = convexControlAtRight(frame.bL, frame.bC, sL, frame.sC, 1 / frame.vL, 1 / frame.vC, 0, false);
  frame.hasLow = true;
}

function ensureLowMap(frame: ImpliedVolatilityFrame): void {
  computeLowerMap(frame.x, frame.sL);
  frame.fL = mapF;
  frame.fLp = mapFp;
  frame.rLl = convexControlAtRight(0, frame.bL, 0, mapF, 1, mapFp, mapFpp, true);
  frame.hasLowMap = true;
}

function ensureHigh(frame: ImpliedVolatilityFrame): void {
  // The tangent at the inflexion point meets b = bmax at sh.
  const sH = frame.vC > DBL_MIN ? frame.sC + (frame.bMax - frame.bC) / frame.vC : frame.sC;
  frame.sH = sH;
  frame.bH = normalisedBlackOtmCall(frame.x, sH);
  frame.vH = normalisedScratch.vega;
  frame.rHm = convexControlAtLeft(frame.bC, frame.bH, frame.sC, sH, 1 / frame.vC, 1 / frame.vH, 0, false);
  frame.hasHigh = true;
}

function ensureHighMap(frame: ImpliedVolatilityFrame): void {
  computeUpperMap(frame.x, frame.sH);
  frame.fH = mapF;
  frame.fHp = mapFp;
  frame.rHhUsable = mapFpp > -SQRT_DBL_MAX && mapFpp < SQRT_DBL_MAX;
  frame.rHh = frame.rHhUsable ? convexControlAtLeft(frame.bH, frame.bMax, mapF, 0, mapFp, -0.5, mapFpp, true) : 0;
  frame.hasHighMap = true;
}

/**
 * Normalised implied volatility s = σ√T for a normalised price beta = price/(df·√(F·K)) at x = ln(F/K), with theta
 * = +1 for a call and −1 for a put, using a frame prepared for −|x|. Returns s ≥ 0, or IV_BELOW_INTRINSIC /
 * IV_ABOVE_MAXIMUM.
 */
export function normalisedImpliedVolatilityWithFrame(
  frame: ImpliedVolatilityFrame,
  beta: number,
  x: number,
  theta: number,
): number {
  // In the money: subtract the intrinsic value and solve for the out-of-the-money option of the other kind, which
  // has the same volatility by put–call parity and carries all the information without the large intrinsic part.
  // Either way the problem becomes an out-of-the-money call at −|x| (a put at x is a call at −x).
  if (theta * x > 0) {
    const intrinsic = normalisedIntrinsic(Math.abs(x));
    const timeValue = beta - intrinsic;
    if (timeValue < -INTRINSIC_TOLERANCE * intrinsic) return IV_BELOW_INTRINSIC;
    if (timeValue <= INTRINSIC_TOLERANCE * intrinsic) return 0;
    beta = timeValue;
  }
  if (!(beta > 0)) return beta === 0 ? 0 : IV_BELOW_INTRINSIC;
  if (beta >= frame.bMax) return IV_ABOVE_MAXIMUM;
  return otmCallImpliedVolatility(frame, beta);
}

const sharedFrame = new ImpliedVolatilityFrame();

/** Normalised implied volatility for one price (see `normalisedImpliedVolatilityWithFrame`). */
export function normalisedImpliedVolatility(beta: number, x: number, theta: number): number {
  prepareImpliedVolatilityFrame(sharedFrame, -Math.abs(x));
  return normalisedImpliedVolatilityWithFrame(sharedFrame, beta, x, theta);
}

// Lower and upper maps of the paper, with their first two derivatives with respect to β.
let mapF = 0;
let mapFp = 0;
let mapFpp = 0;

function computeLowerMap(x: number, s: number): void {
  const ax = Math.abs(x);
  const z = (SQRT_ONE_OVER_THREE * ax) / s;
  const y = z * z;
  const s2 = s * s;
  const Phi = normalCdf(-z);
  const phi = normalPdf(z);
  mapFpp =
    ((PI_OVER_SIX * y) / (s2 * s)) *
    Phi *
    (8 * SQRT_THREE * s * ax + ((3 * s2 * (s2 - 8) - 8 * x * x) * Phi) / phi) *
    Math.exp(2 * y + 0.25 * s2);
  if (Math.abs(s) < DBL_MIN) {
    mapFp = 1;
    mapF = 0;
  } else {
    const Phi2 = Phi * Phi;
    mapFp = TWO_PI * y * Phi2 * Math.exp(y + 0.125 * s2);
    mapF = ax < DBL_MIN ? 0 : TWO_PI_OVER_SQRT_TWENTY_SEVEN * ax * (Phi2 * Phi);
  }
}

function inverseLowerMap(x: number, f: number): number {
  if (Math.abs(f) < DBL_MIN) return 0;
  return Math.abs(x / (SQRT_THREE * inverseNormalCdf(Math.cbrt(f / (TWO_PI_OVER_SQRT_TWENTY_SEVEN * Math.abs(x))))));
}

function computeUpperMap(x: number, s: number): void {
  mapF = normalCdf(-0.5 * s);
  if (Math.abs(x) < DBL_MIN) {
    mapFp = -0.5;
    mapFpp = 0;
  } else {
    const w = (x / s) * (x / s);
    mapFp = -0.5 * Math.exp(0.5 * w);
    mapFpp = SQRT_PI_OVER_TWO * Math.exp(w + 0.125 * s * s) * (w / s);
  }
}

/** Let's Be Rational for an out-of-the-money call: frame.x ≤ 0 and 0 < beta < e^{x/2}. */
function otmCallImpliedVolatility(frame: ImpliedVolatilityFrame, beta: number): number {
  const x = frame.x;
  if (!frame.hasCentre) ensureCentre(frame);
  if (beta < frame.bC) {
    if (!frame.hasLow) ensureLow(frame);
    if (beta < frame.bL) {
      if (!frame.hasLowMap) ensureLowMap(frame);
      const bL = frame.bL;
      const fL = frame.fL;
      let f = rationalCubicInterpolation(beta, 0, bL, 0, fL, 1, frame.fLp, frame.rLl);
      // Round-off for extreme |x| can make the interpolant non-positive; fall back to the quadratic through f(0) = 0,
      // f(bl) and f'(0) = 1.
      if (!(f > 0)) {
        const t = beta / bL;
        f = (fL * t + bL * (1 - t)) * t;
      }
      return iterateLowest(x, beta, inverseLowerMap(x, f), DBL_MIN, frame.sL, MAX_ITERATIONS, DBL_EPSILON);
    }
    const s = rationalCubicInterpolation(
      beta,
      frame.bL,
      frame.bC,
      frame.sL,
      frame.sC,
      1 / frame.vL,
      1 / frame.vC,
      frame.rLm,
    );
    return iterateMiddle(x, beta, s, frame.sL, frame.sC, MAX_ITERATIONS, DBL_EPSILON);
  }
  if (!frame.hasHigh) ensureHigh(frame);
  if (beta <= frame.bH) {
    const s = rationalCubicInterpolation(
      beta,
      frame.bC,
      frame.bH,
      frame.sC,
      frame.sH,
      1 / frame.vC,
      1 / frame.vH,
      frame.rHm,
    );
    return iterateMiddle(x, beta, s, frame.sC, frame.sH, MAX_ITERATIONS, DBL_EPSILON);
  }
  if (!frame.hasHighMap) ensureHighMap(frame);
  const bMax = frame.bMax;
  const bH = frame.bH;
  const fH = frame.fH;
  let f = frame.rHhUsable ? rationalCubicInterpolation(beta, bH, bMax, fH, 0, frame.fHp, -0.5, frame.rHh) : -DBL_MAX;
  // Fall back to the quadratic through f(bh), f(bmax) = 0 and f'(bmax) = −1/2.
  if (f <= 0) {
    const span = bMax - bH;
    const t = (beta - bH) / span;
    f = (fH * (1 - t) + 0.5 * span * t) * (1 - t);
  }
  const s = -2 * inverseNormalCdf(f);
  // Below bmax/2 the plain objective b − β is the better one even in the upper segment.
  if (beta > 0.5 * bMax) return iterateHighest(x, beta, bMax, s, frame.sH, MAX_ITERATIONS, DBL_EPSILON);
  return iterateMiddle(x, beta, s, frame.sH, DBL_MAX, MAX_ITERATIONS, DBL_EPSILON);
}

// The three Householder(3) loops share their safeguards: the bracket [sLeft, sRight] tightens with every evaluation,
// and a step that would leave it, or a third reversal of direction, turns into bisection. They stop after
// `maxIterations` steps or after a step smaller than `tolerance`·s, and record in `converged` whether the last step
// was that small.
let converged = false;

// Lowest segment, g(s) = 1/ln b(s) − 1/ln β:
//   newton = −g/g' = (ln β − ln b)·ln b/ln β · b/b',  halley = g''/g' = b''/b' − b'/b·(1 + 2/ln b),
//   hh3 = g'''/g' = b'''/b' + 2(b'/b)²·(1 + 3/ln b·(1 + 1/ln b)) − 3(b''/b')·(b'/b)·(1 + 2/ln b),
// with b''/b' = x²/s³ − s/4 and b'''/b' = (b''/b')² − 3x²/s⁴ − 1/4.
function iterateLowest(
  x: number,
  beta: number,
  s: number,
  sLeft: number,
  sRight: number,
  maxIterations: number,
  tolerance: number,
): number {
  const lnBeta = Math.log(beta);
  const invLnBeta = 1 / lnBeta;
  let ds = -DBL_MAX;
  let dsPrevious = 0;
  let reversals = 0;
  for (let iteration = 0; iteration < maxIterations && Math.abs(ds) > tolerance * s; ++iteration) {
    if (ds * dsPrevious < 0) ++reversals;
    if (iteration > 0 && (reversals === 3 || !(s > sLeft && s < sRight))) {
      s = 0.5 * (sLeft + sRight);
      if (sRight - sLeft <= DBL_EPSILON * s) break;
      reversals = 0;
      ds = 0;
    }
    dsPrevious = ds;
    const b = normalisedBlackOtmCall(x, s);
    const bp = normalisedScratch.vega;
    if (b > beta && s < sRight) sRight = s;
    else if (b < beta && s > sLeft) sLeft = s;
    if (b <= 0 || bp <= 0) {
      ds = 0.5 * (sLeft + sRight) - s;
    } else {
      const lnB = Math.log(b);
      const invLnB = 1 / lnB;
      const bpob = bp / b;
      const xs2 = x / (s * s);
      const bHalley = xs2 * xs2 * s - 0.25 * s;
      const newton = ((lnBeta - lnB) * lnB * invLnBeta) / bpob;
      const twoTerm = 1 + 2 * invLnB;
      const halley = bHalley - bpob * twoTerm;
      const bHh3 = bHalley * bHalley - 3 * xs2 * xs2 - 0.25;
      const hh3 = bHh3 + 2 * bpob * bpob * (1 + 3 * invLnB * (1 + invLnB)) - 3 * bHalley * bpob * twoTerm;
      ds = newton * householderFactor(newton, halley, hh3);
    }
    ds = Math.max(-0.5 * s, ds);
    s += ds;
  }
  converged = Math.abs(ds) <= tolerance * s;
  return s;
}

// Middle segments, g(s) = b(s) − β: newton = (β − b)/b', halley = b''/b', hh3 = b'''/b'.
function iterateMiddle(
  x: number,
  beta: number,
  s: number,
  sLeft: number,
  sRight: number,
  maxIterations: number,
  tolerance: number,
): number {
  let ds = -DBL_MAX;
  let dsPrevious = 0;
  let reversals = 0;
  for (let iteration = 0; iteration < maxIterations && Math.abs(ds) > tolerance * s; ++iteration) {
    if (ds * dsPrevious < 0) ++reversals;
    if (iteration > 0 && (reversals === 3 || !(s > sLeft && s < sRight))) {
      s = 0.5 * (sLeft + sRight);
      if (sRight - sLeft <= DBL_EPSILON * s) break;
      reversals = 0;
      ds = 0;
    }
    dsPrevious = ds;
    const b = normalisedBlackOtmCall(x, s);
    const bp = normalisedScratch.vega;
    if (b > beta && s < sRight) sRight = s;
    else if (b < beta && s > sLeft) sLeft = s;
    const newton = (beta - b) / bp;
    const xs2 = x / (s * s);
    const halley = xs2 * xs2 * s - 0.25 * s;
    const hh3 = halley * halley - 3 * xs2 * xs2 - 0.25;
    ds = Math.max(-0.5 * s, newton * householderFactor(newton, halley, hh3));
    s += ds;
  }
  converged = Math.abs(ds) <= tolerance * s;
  return s;
}

// Upper segment above bmax/2, g(s) = ln(bmax − β) − ln(bmax − b(s)): newton = −g/g' with g' = b'/(bmax − b),
// halley = b''/b' + g', hh3 = b'''/b' + g'·(2g' + 3b''/b').
function iterateHighest(
  x: number,
  beta: number,
  bMax: number,
  s: number,
  sLeft: number,
  maxIterations: number,
  tolerance: number,
): number {
  const lnBMaxMinusBeta = Math.log(bMax - beta);
  let sRight = DBL_MAX;
  let ds = -DBL_MAX;
  let dsPrevious = 0;
  let reversals = 0;
  for (let iteration = 0; iteration < maxIterations && Math.abs(ds) > tolerance * s; ++iteration) {
    if (ds * dsPrevious < 0) ++reversals;
    if (iteration > 0 && (reversals === 3 || !(s > sLeft && s < sRight))) {
      s = 0.5 * (sLeft + sRight);
      if (sRight - sLeft <= DBL_EPSILON * s) break;
      reversals = 0;
      ds = 0;
    }
    dsPrevious = ds;
    const b = normalisedBlackOtmCall(x, s);
    const bp = normalisedScratch.vega;
    if (b > beta && s < sRight) sRight = s;
    else if (b < beta && s > sLeft) sLeft = s;
    if (b >= bMax || bp <= DBL_MIN) {
      ds = 0.5 * (sLeft + sRight) - s;
    } else {
      const bMaxMinusB = bMax - b;
      const g = lnBMaxMinusBeta - Math.log(bMaxMinusB);
      const gp = bp / bMaxMinusB;
      const xs2 = x / (s * s);
      const bHalley = xs2 * xs2 * s - 0.25 * s;
      const bHh3 = bHalley * bHalley - 3 * xs2 * xs2 - 0.25;
      const newton = -g / gp;
      const halley = bHalley + gp;
      const hh3 = bHh3 + gp * (2 * gp + 3 * bHalley);
      ds = newton * householderFactor(newton, halley, hh3);
    }
    ds = Math.max(-0.5 * s, ds);
    s += ds;
  }
  converged = Math.abs(ds) <= tolerance * s;
  return s;
}

/**
 * Normalised implied volatility from a nearby starting value s0 (extrapolated from neighbouring strikes in a chain)
 * instead of the rational guess: up to three Householder steps, stopping once a step is below 1e-3·s (see
 * WARM_START_TOLERANCE). Falls back to the full method when that does not happen. Same arguments and results as
 * `normalisedImpliedVolatilityWithFrame`.
 */
export function normalisedImpliedVolatilityFrom(
  frame: ImpliedVolatilityFrame,
  beta: number,
  x: number,
  theta: number,
  s0: number,
): number {
  if (theta * x > 0) {
    const intrinsic = normalisedIntrinsic(Math.abs(x));
    const timeValue = beta - intrinsic;
    if (timeValue < -INTRINSIC_TOLERANCE * intrinsic) return IV_BELOW_INTRINSIC;
    if (timeValue <= INTRINSIC_TOLERANCE * intrinsic) return 0;
    beta = timeValue;
  }
  if (!(beta > 0)) return beta === 0 ? 0 : IV_BELOW_INTRINSIC;
  const bMax = frame.bMax;
  if (beta >= bMax) return IV_ABOVE_MAXIMUM;
  if (!(s0 > 0 && s0 < WARM_START_MAX_S)) return otmCallImpliedVolatility(frame, beta);
  // The objective follows the segment the answer lies in, as in the full method. b increases with s, so β < b(sc)
  // exactly when the answer is below sc, and s0 is close to the answer: comparing s0 with sc avoids evaluating b.
  // 1/ln b also serves the lower middle segment, which saves evaluating b at the lower tangent point just to choose.
  const x0 = frame.x;
  let s: number;
  if (s0 < frame.sC) s = iterateLowest(x0, beta, s0, DBL_MIN, DBL_MAX, WARM_START_ITERATIONS, WARM_START_TOLERANCE);
  else if (beta > 0.5 * bMax) {
    s = iterateHighest(x0, beta, bMax, s0, DBL_MIN, WARM_START_ITERATIONS, WARM_START_TOLERANCE);
  } else s = iterateMiddle(x0, beta, s0, DBL_MIN, DBL_MAX, WARM_START_ITERATIONS, WARM_START_TOLERANCE);
  return converged && s > 0 ? s : otmCallImpliedVolatility(frame, beta);
}

function isValid(price: number, forward: number, strike: number, years: number, rate: number): boolean {
  return (
    price >= 0 &&
    forward > 0 &&
    strike > 0 &&
    years > 0 &&
    Number.isFinite(price) &&
    Number.isFinite(forward) &&
    Number.isFinite(strike) &&
    Number.isFinite(years) &&
    Number.isFinite(rate)
  );
}

function solveCode(callPut: CallPut, price: number, forward: number, strike: number, years: number, rate: number) {
  const scale = Math.exp(-rate * years) * Math.sqrt(forward) * Math.sqrt(strike);
  const s = normalisedImpliedVolatility(price / scale, Math.log(forward / strike), callPut === 'CE' ? 1 : -1);
  return s >= 0 ? s / Math.sqrt(years) : s;
}

/**
 * Black-76 implied volatility of a European option on a futures price (rate continuously compounded, years from
 * `yearFractionToExpiry`); 0 for a price at intrinsic value, NaN when no volatility reproduces the price.
 */
export function impliedVolatility(
  callPut: CallPut,
  price: number,
  forward: number,
  strike: number,
  years: number,
  rate: number,
): number {
  if (!isValid(price, forward, strike, years, rate)) return NaN;
  const sigma = solveCode(callPut, price, forward, strike, years, rate);
  return sigma >= 0 ? sigma : NaN;
}

/** Black-76 implied volatility with the reason when there is none (below intrinsic, above the maximum, bad input). */
export function solveImpliedVolatility(
  callPut: CallPut,
  price: number,
  forward: number,
  strike: number,
  years: number,
  rate: number,
): ImpliedVolatilityResult {
  if (!isValid(price, forward, strike, years, rate)) return { status: 'invalid-input' };
  const sigma = solveCode(callPut, price, forward, strike, years, rate);
  if (sigma === IV_BELOW_INTRINSIC) return { status: 'below-intrinsic' };
  if (sigma === IV_ABOVE_MAXIMUM) return { status: 'above-maximum' };
  if (sigma === 0) return { status: 'intrinsic', volatility: 0 };
  return { status: 'ok', volatility: sigma };
}

/** Black–Scholes–Merton implied volatility on a spot price with continuous dividend yield; NaN when none exists. */
export function blackScholesImpliedVolatility(
  callPut: CallPut,
  price: number,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield = 0,
): number {
  // Same problem as Black-76 on the forward F = S·e^{(r−q)T}.
  return impliedVolatility(callPut, price, spot * Math.exp((rate - dividendYield) * years), strike, years, rate);
}
