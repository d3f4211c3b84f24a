// Futures against spot: per candle the basis (future − spot) and its annualised carry, basis ÷ spot × 365 ÷ days to
// expiry (pages brief G7), in per cent a year. On the expiry day the days left are zero and the carry is not defined.
import type { Candle } from '@fnodesk/contracts';
import { dayNumber, istDateOf, type IsoDate } from '@fnodesk/domain';

/** One instant of the futures/spot comparison. */
export interface BasisPoint {
  t: number;
  spot: number;
  future: number;
  basis: number;
  /** Annualised carry, % a year; null on the expiry day. */
  carryPercent: number | null;
  daysToExpiry: number;
}

/** Annualised carry in % a year of a basis over a spot price with days to expiry (null when none are left). */
export function annualisedCarryPercent(basis: number, spot: number, daysToExpiry: number): number | null {
  if (daysToExpiry <= 0 || spot <= 0) return null;
  return (basis / spot) * (365 / daysToExpiry) * 100;
}

/** The basis and carry at every candle start both series have. */
export function basisSeries(spot: readonly Candle[], future: readonly Candle[], expiry: IsoDate): BasisPoint[] {
  const spotAt = new Map(spot.map((candle) => [candle.t, candle.c]));
  const expiryDay = dayNumber(expiry);
  const points: BasisPoint[] = [];
  for (const candle of future) {
    const spotClose = spotAt.get(candle.t);
    if (spotClose === undefined) continue;
    const basis = candle.c - spotClose;
    const daysToExpiry = expiryDay - dayNumber(istDateOf(candle.t));
    points.push({
      t: candle.t,
      spot: spotClose,
      future: candle.c,
      basis,
      carryPercent: annualisedCarryPercent(basis, spotClose, daysToExpiry),
      daysToExpiry,
    });
  }
  return points;
}
