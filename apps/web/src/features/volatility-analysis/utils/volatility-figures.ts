// Volatility Analysis's figures (pages brief G4): the smile by strike (one IV per strike from the out-of-the-money
// leg against the forward, as Fyers quotes it), the 25-delta skew, IV rank and percentile of today's ATM IV over
// the year's daily ATM IVs, historical volatility of the underlying's closes, and the term structure with the
// forward volatility between neighbouring expiries.
import type { IvHistorySchema, IvTermStructureSchema, OptionChain } from '@fnodesk/contracts';
import { forwardVolatility, historicalVolatility, ivPercentile, ivRank, termStructureShape } from '@fnodesk/domain';
import type { z } from 'zod';
import type { StrikeRow } from '../../../components/market/strike-rows';

/** The `iv_history` answer. */
export type IvHistory = z.infer<typeof IvHistorySchema>;
/** The `iv_term_structure` answer. */
export type IvTermStructure = z.infer<typeof IvTermStructureSchema>;

/** One strike of the smile; IVs in per cent. */
export interface SmileRow extends StrikeRow {
  ceIv: number | null;
  peIv: number | null;
  /** The out-of-the-money leg's IV: the call at or above the forward, the put below. */
  smileIv: number | null;
  ceDelta: number | null;
  peDelta: number | null;
}

/** The smile over the chain's strikes, ascending. */
export function smileRows(chain: OptionChain): SmileRow[] {
  const forward = chain.forward ?? chain.summary.futures ?? chain.summary.spot;
  return chain.rows.map((row) => ({
    strike: row.strike,
    atm: row.strike === chain.atmStrike,
    ceIv: row.ce.iv,
    peIv: row.pe.iv,
    smileIv: forward === null ? null : row.strike >= forward ? row.ce.iv : row.pe.iv,
    ceDelta: row.ce.delta,
    peDelta: row.pe.delta,
  }));
}

/**
 * The 25-delta skew: IV of the put whose delta is nearest −0.25 minus IV of the call whose delta is nearest 0.25
 * (volatility points; positive = puts dearer, the usual index skew). Null when the strikes shown hold neither.
 */
export function skew25(rows: readonly SmileRow[]): number | null {
  let call: SmileRow | null = null;
  let put: SmileRow | null = null;
  for (const row of rows) {
    if (row.ceDelta !== null && row.ceIv !== null) {
      if (call === null || Math.abs(row.ceDelta - 0.25) < Math.abs(call.ceDelta! - 0.25)) call = row;
    }
    if (row.peDelta !== null && row.peIv !== null) {
      if (put === null || Math.abs(row.peDelta + 0.25) < Math.abs(put.peDelta! + 0.25)) put = row;
    }
  }
  // Only a leg within 0.1 of 25 delta counts: a narrow strike set would otherwise compare near-ATM options.
  if (call === null || put === null || Math.abs(call.ceDelta! - 0.25) > 0.1 || Math.abs(put.peDelta! + 0.25) > 0.1) {
    return null;
  }
  return put.peIv! - call.ceIv!;
}

/** IV rank and percentile of today's ATM IV over the history, and the underlying's historical volatilities. */
export interface IvStats {
  ivRank: number | null;
  ivPercentile: number | null;
  /** Annualised, per cent. */
  hv10: number | null;
  hv20: number | null;
  hv30: number | null;
}

const percentOrNull = (value: number) => (Number.isFinite(value) ? value * 100 : null);

/** The statistics of `atmIv` (per cent) against the daily history. */
export function ivStats(history: IvHistory, atmIv: number | null): IvStats {
  const ivs = history.points.map((point) => point.iv);
  const closes = history.points.map((point) => point.close ?? NaN);
  return {
    ivRank: atmIv === null ? null : ivRank(atmIv, ivs),
    ivPercentile: atmIv === null ? null : ivPercentile(atmIv, ivs),
    hv10: percentOrNull(historicalVolatility(closes, 10)),
    hv20: percentOrNull(historicalVolatility(closes, 20)),
    hv30: percentOrNull(historicalVolatility(closes, 30)),
  };
}

/** One expiry of the term structure with the forward volatility from the previous expiry (per cent). */
export interface TermRow {
  expiry: string;
  daysToExpiry: number;
  iv: number | null;
  forwardIv: number | null;
}

/** The term structure, nearest first, each expiry with the forward volatility implied since the one before. */
export function termRows(term: IvTermStructure): TermRow[] {
  return term.points.map((point, i) => {
    const before = term.points[i - 1];
    const forward =
      before === undefined || before.iv === null || point.iv === null
        ? NaN
        : forwardVolatility(
            { iv: before.iv / 100, years: before.daysToExpiry / 365 },
            { iv: point.iv / 100, years: point.daysToExpiry / 365 },
          );
    return {
      expiry: point.expiry,
      daysToExpiry: point.daysToExpiry,
      iv: point.iv,
      forwardIv: percentOrNull(forward),
    };
  });
}

/** Contango, backwardation or flat, from the nearest to the farthest expiry. */
export function termShape(term: IvTermStructure) {
  return termStructureShape(
    term.points.flatMap((point) =>
      point.iv === null ? [] : [{ iv: point.iv / 100, years: point.daysToExpiry / 365 }],
    ),
  );
}
