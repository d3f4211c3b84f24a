// A strategy's premium as one instrument on the feed: each leg's latest tick weighed by its signed quantity, so a
// strategy chart forms its live candle exactly as an instrument's chart does.
import type { FeedTick } from '@fnodesk/contracts';

/** One leg as a premium symbol weighs it: + quantity bought, − quantity sold. */
export interface SignedLeg {
  token: number;
  signed: number;
}

/**
 * The strategy's tick from its legs' latest ticks: price Σ signed × lp, ATP Σ signed × ATP (when every leg has
 * one), the day's volume Σ leg volumes (when every leg has one), at the latest leg tick's time. Null until every
 * leg has ticked (a premium without one leg would be a wrong price, not a partial one).
 */
export function strategyTick(legs: readonly SignedLeg[], tickOf: (token: number) => FeedTick | undefined) {
  if (legs.length === 0) return null;
  let lp = 0;
  let atp: number | undefined = 0;
  let vt: number | undefined = 0;
  let ts = 0;
  for (const leg of legs) {
    const tick = tickOf(leg.token);
    if (tick === undefined) return null;
    lp += leg.signed * tick.lp;
    atp = atp === undefined || tick.atp === undefined ? undefined : atp + leg.signed * tick.atp;
    vt = vt === undefined || tick.vt === undefined ? undefined : vt + tick.vt;
    ts = Math.max(ts, tick.ts);
  }
  const result: FeedTick = { token: legs[0]!.token, ts, lp };
  if (atp !== undefined) result.atp = atp;
  if (vt !== undefined) result.vt = vt;
  return result;
}
