// Futures EOD (pages brief G3): one underlying's end-of-day history: the spot, its near-month future with basis, OI
// change and build-up, the delivery share, and rollover and roll cost from the near, next and far futures of each
// period (which contracts those are follows the expiry calendar, so the series rolls with the market).
import {
  contractInstrumentToken,
  istMidnight,
  nextMonthlyExpiries,
  rollCostPercent,
  rolloverPercent,
  type BuildUp,
  type IsoDate,
} from '@fnodesk/domain';
import type { DataResponse } from '@fnodesk/contracts';
import { buildUpCode } from './eod-analysis-rows';

type FaoEod = DataResponse<'get_fao_eod'>;
type CashEod = DataResponse<'get_cash_market_eod'>;
type FaoRow = FaoEod[number]['rows'][number];

/** The near, next and far futures' tokens of an underlying on a session (at midday, so an expiry day's near month is the expiring one). */
export function monthFutureTokens(root: string, date: IsoDate): [near: number, next: number, far: number] {
  const expiries = nextMonthlyExpiries(root, istMidnight(date) + 12 * 3_600_000, 3);
  const token = (i: number) => contractInstrumentToken({ root, kind: 'FUT', expiry: expiries[i]!.date, strike: null });
  return [token(0), token(1), token(2)];
}

/** Every future any of the sessions has as its near, next or far month. */
export function futureTokensOf(root: string, sessions: readonly IsoDate[]): number[] {
  const tokens = new Set<number>();
  for (const date of sessions) for (const token of monthFutureTokens(root, date)) tokens.add(token);
  return [...tokens].sort((a, b) => a - b);
}

/** One period of an underlying's history. */
export interface EodHistoryRow {
  date: IsoDate;
  spot: number | null;
  spotChangePercent: number | null;
  fut: number | null;
  basis: number | null;
  oi: number | null;
  oiChange: number | null;
  oiChangePercent: number | null;
  /** The near-month future's volume. */
  volume: number | null;
  deliveryPercent: number | null;
  buildUp: BuildUp | null;
  rolloverPercent: number | null;
  rollCostPercent: number | null;
  nearOi: number | null;
  nextOi: number | null;
  farOi: number | null;
}

/**
 * The rows of each period the spot answer has, newest first. `referenceOf` gives the session whose near, next and
 * far months a period uses (the period's last session; the date itself for daily rows).
 */
export function eodHistoryRows(
  root: string,
  fao: FaoEod,
  cash: CashEod,
  referenceOf: (date: IsoDate) => IsoDate,
): EodHistoryRow[] {
  const byToken = new Map<number, Map<IsoDate, FaoRow>>();
  for (const set of fao) byToken.set(set.token, new Map(set.rows.map((row) => [row.date, row])));
  const spotRows = cash[0]?.rows ?? [];
  const rowOf = (token: number, date: IsoDate) => byToken.get(token)?.get(date) ?? null;
  return spotRows
    .map((spot): EodHistoryRow => {
      const [nearToken, nextToken, farToken] = monthFutureTokens(root, referenceOf(spot.date));
      const near = rowOf(nearToken, spot.date);
      const next = rowOf(nextToken, spot.date);
      const far = rowOf(farToken, spot.date);
      return {
        date: spot.date,
        spot: spot.c,
        spotChangePercent: spot.changePercent,
        fut: near?.c ?? null,
        basis: near === null ? null : near.c - spot.c,
        oi: near?.oi ?? null,
        oiChange: near?.oiChange ?? null,
        oiChangePercent: near?.oiChangePercent ?? null,
        volume: near?.v ?? null,
        deliveryPercent: spot.deliveryPercent,
        buildUp: near === null ? null : buildUpCode(near.buildUp),
        rolloverPercent: rolloverPercent(near?.oi ?? null, next?.oi ?? null, far?.oi ?? null),
        rollCostPercent: rollCostPercent(near?.c ?? null, next?.c ?? null),
        nearOi: near?.oi ?? null,
        nextOi: next?.oi ?? null,
        farOi: far?.oi ?? null,
      };
    })
    .reverse();
}
