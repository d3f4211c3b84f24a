// Multi Straddle (pages brief G6): which straddles are drawn together and each one's figures over the session.
import type { OptionChain } from '@fnodesk/contracts';
import type { PairPoint } from './premium-pairs';

/** Most straddles drawn on one chart. */
export const MAX_STRADDLES = 8;

/** The default straddles: ATM and two strikes either side, as far as the chain reaches. */
export function defaultStraddleStrikes(chain: OptionChain): number[] {
  const centre = chain.rows.findIndex((row) => row.strike === chain.atmStrike);
  const middle = centre >= 0 ? centre : Math.floor(chain.rows.length / 2);
  return chain.rows.slice(Math.max(0, middle - 2), middle + 3).map((row) => row.strike);
}

/** Adds or removes a strike, keeping at most {@link MAX_STRADDLES} (a strike past the limit is not added). */
export function toggleStrike(strikes: readonly number[], strike: number): number[] {
  if (strikes.includes(strike)) return strikes.filter((other) => other !== strike);
  return strikes.length >= MAX_STRADDLES ? [...strikes] : [...strikes, strike].sort((a, b) => a - b);
}

/** A straddle's session figures: the first and last value, the change since open and the last ATP. */
export function straddleSessionFigures(series: readonly PairPoint[]) {
  const first = series[0];
  const last = series.at(-1);
  return {
    open: first?.value ?? null,
    last: last?.value ?? null,
    sinceOpen: first === undefined || last === undefined ? null : last.value - first.value,
    atp: last?.atp ?? null,
    oi: last === undefined ? null : last.ceOi + last.peOi,
  };
}
