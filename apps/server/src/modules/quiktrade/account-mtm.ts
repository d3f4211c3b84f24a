import { roundPaise } from '@fnodesk/domain';

/** What the MTM of a set of positions needs of each. */
export interface MtmPosition {
  instrumentToken: number;
  quantity: number;
  averagePrice: number;
  realisedPnl: number;
}

/** A price as of an instant. */
export interface MtmQuote {
  lp: number;
  ts: number;
}

/** The MTM of one account and mode: realised + unrealised, and whether an open position's price is missing or old. */
export interface AccountMtm {
  realised: number;
  unrealised: number;
  mtm: number;
  /** An open position has no price, or one older than the stale limit: the MTM is not trustworthy. */
  stale: boolean;
}

/**
 * The positions book's MTM, the Total MTM the terminal shows (the same sums as the positions view): realised P&L of
 * every position plus (LTP − average) × quantity of the open ones.
 */
export function accountMtm(
  positions: readonly MtmPosition[],
  quote: (token: number) => MtmQuote | null | undefined,
  at: number,
  staleAfterMs: number,
): AccountMtm {
  let realised = 0;
  let unrealised = 0;
  let stale = false;
  for (const p of positions) {
    realised += p.realisedPnl;
    if (p.quantity === 0) continue;
    const q = quote(p.instrumentToken);
    if (!q || at - q.ts > staleAfterMs) {
      stale = true;
      continue;
    }
    unrealised += (q.lp - p.averagePrice) * p.quantity;
  }
  realised = roundPaise(realised);
  unrealised = roundPaise(unrealised);
  return { realised, unrealised, mtm: roundPaise(realised + unrealised), stale };
}
