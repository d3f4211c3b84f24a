// The chain's figures that follow the feed's prices between the server's minute answers: the ATM strike by the
// chain's basis and the synthetic future. The server's answer is as of its minute; with ticks flowing the
// underlying moves away from it, and the ATM row must move with it (the rest follows at the next minute's answer).
import type { FeedTick, OptionChain } from '@fnodesk/contracts';
import { nearestStrikeIndex, syntheticFuture } from '@fnodesk/domain';

/** The live ATM strike and synthetic future; nulls where the ticks do not say (the server's figures stand). */
export interface LiveChainFigures {
  atmStrike: number | null;
  syntheticFuture: number | null;
}

/** Syn Fut = K + CE − PE at the shown strike nearest `spot` whose call and put both have a live price. */
function liveSyntheticFuture(chain: OptionChain, ticks: ReadonlyMap<number, FeedTick>, spot: number): number | null {
  const strikes = chain.rows.map((row) => row.strike);
  const start = nearestStrikeIndex(strikes, spot);
  if (start < 0) return null;
  // Outwards from the nearest strike, the first with both legs traded.
  for (let step = 0; step < strikes.length; step += 1) {
    for (const index of step === 0 ? [start] : [start - step, start + step]) {
      const row = chain.rows[index];
      if (row === undefined) continue;
      const ce = ticks.get(row.ce.token)?.lp;
      const pe = ticks.get(row.pe.token)?.lp;
      if (ce !== undefined && pe !== undefined && ce > 0 && pe > 0) return syntheticFuture(row.strike, ce, pe);
    }
  }
  return null;
}

/**
 * The ATM strike (the shown strike nearest the chain's basis price: spot, future or synthetic future) and the
 * synthetic future from the latest ticks; nulls without the ticks they need.
 */
export function liveChainFigures(chain: OptionChain, ticks: ReadonlyMap<number, FeedTick>): LiveChainFigures {
  if (ticks.size === 0 || chain.rows.length === 0) return { atmStrike: null, syntheticFuture: null };
  const spot = ticks.get(chain.spotToken)?.lp ?? chain.summary.spot;
  const synthetic = spot === null ? null : liveSyntheticFuture(chain, ticks, spot);
  const basisPrice =
    chain.atmBasis === 'Spot'
      ? (ticks.get(chain.spotToken)?.lp ?? null)
      : chain.atmBasis === 'Futures'
        ? (ticks.get(chain.futToken)?.lp ?? null)
        : synthetic;
  const index =
    basisPrice === null
      ? -1
      : nearestStrikeIndex(
          chain.rows.map((row) => row.strike),
          basisPrice,
        );
  return { atmStrike: index < 0 ? null : (chain.rows[index]?.strike ?? null), syntheticFuture: synthetic };
}

/**
 * True when the live ATM has moved off the strike the served window is centred on, so the window (the strikes
 * around ATM) is to be asked for again.
 */
export function windowOffCentre(chain: OptionChain, live: LiveChainFigures): boolean {
  return live.atmStrike !== null && chain.atmStrike !== null && live.atmStrike !== chain.atmStrike;
}

/**
 * What a re-centring request is asked for, or null when the window is centred: the served chain's minute and centre
 * with the live ATM. The server computes a chain once a minute, so an answer of the same minute comes back centred
 * where it was; the page asks once per key, not once per answer, or a price that crossed a strike mid-minute would
 * have it ask without pause until the minute ends.
 */
export function recentringKey(chain: OptionChain, live: LiveChainFigures): string | null {
  return windowOffCentre(chain, live) ? `${chain.at}|${chain.atmStrike}|${live.atmStrike}` : null;
}
