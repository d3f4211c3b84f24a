// Straddles and strangles of one chain (pages brief G6): each pair of a CE and a PE, their prices and changes, and
// the pair's combined premium with ATP = Σ leg ATP.
import type { Candle, OptionChain } from '@fnodesk/contracts';
import type { StrikeRow } from '../../../components/market/strike-rows';

type ChainLeg = OptionChain['rows'][number]['ce'];

/** A price and its changes since the previous close and since the session's first trade. */
export interface PremiumFigures {
  ltp: number | null;
  sinceClose: number | null;
  sinceClosePercent: number | null;
  sinceOpen: number | null;
  sinceOpenPercent: number | null;
  atp: number | null;
}

/** One straddle (same strike) or strangle (CE above, PE below) row. */
export interface PremiumPairRow extends StrikeRow {
  ceStrike: number;
  peStrike: number;
  ceToken: number;
  peToken: number;
  ce: PremiumFigures;
  pe: PremiumFigures;
  combined: PremiumFigures;
}

const percentOf = (change: number | null, base: number | null) =>
  change === null || base === null || base === 0 ? null : (change / base) * 100;

/** A leg's figures from the chain and its session open (undefined before the first trade). */
export function legFigures(leg: ChainLeg, open: number | undefined): PremiumFigures {
  const sinceOpen = leg.ltp === null || open === undefined ? null : leg.ltp - open;
  const previous = leg.ltp === null || leg.ltpChange === null ? null : leg.ltp - leg.ltpChange;
  return {
    ltp: leg.ltp,
    sinceClose: leg.ltpChange,
    sinceClosePercent: percentOf(leg.ltpChange, previous),
    sinceOpen,
    sinceOpenPercent: percentOf(sinceOpen, open ?? null),
    atp: leg.atp,
  };
}

const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

/** The pair's figures: prices, changes and ATP add up; percentages are of the pair's own base. */
export function combinedFigures(a: PremiumFigures, b: PremiumFigures): PremiumFigures {
  const ltp = sum(a.ltp, b.ltp);
  const sinceClose = sum(a.sinceClose, b.sinceClose);
  const sinceOpen = sum(a.sinceOpen, b.sinceOpen);
  return {
    ltp,
    sinceClose,
    sinceClosePercent: percentOf(sinceClose, ltp === null || sinceClose === null ? null : ltp - sinceClose),
    sinceOpen,
    sinceOpenPercent: percentOf(sinceOpen, ltp === null || sinceOpen === null ? null : ltp - sinceOpen),
    atp: sum(a.atp, b.atp),
  };
}

/** Index of the ATM row (the chain's ATM strike, else the middle row). */
function atmIndex(chain: OptionChain): number {
  const index = chain.rows.findIndex((row) => row.strike === chain.atmStrike);
  return index >= 0 ? index : Math.floor(chain.rows.length / 2);
}

/**
 * The chain's pairs. `straddle`: every strike's CE + PE. `strangle`: for k = 0, 1, … the CE k strikes above ATM with
 * the PE k strikes below (k = 0 is the ATM straddle), as far as the chain reaches on both sides.
 */
export function premiumPairRows(
  chain: OptionChain,
  kind: 'straddle' | 'strangle',
  opens: ReadonlyMap<number, number>,
): PremiumPairRow[] {
  const row = (ceRow: OptionChain['rows'][number], peRow: OptionChain['rows'][number], atm: boolean) => {
    const ce = legFigures(ceRow.ce, opens.get(ceRow.ce.token));
    const pe = legFigures(peRow.pe, opens.get(peRow.pe.token));
    return {
      strike: ceRow.strike,
      atm,
      ceStrike: ceRow.strike,
      peStrike: peRow.strike,
      ceToken: ceRow.ce.token,
      peToken: peRow.pe.token,
      ce,
      pe,
      combined: combinedFigures(ce, pe),
    };
  };
  if (kind === 'straddle') return chain.rows.map((r) => row(r, r, r.strike === chain.atmStrike));
  const centre = atmIndex(chain);
  const rows: PremiumPairRow[] = [];
  for (let k = 0; ; k += 1) {
    const ceRow = chain.rows[centre + k];
    const peRow = chain.rows[centre - k];
    if (ceRow === undefined || peRow === undefined) break;
    rows.push(row(ceRow, peRow, k === 0));
  }
  return rows;
}

/** A pair's label as the vendor writes a strangle, `50500/50300`, or one strike for a straddle. */
export function pairLabel(row: Pick<PremiumPairRow, 'ceStrike' | 'peStrike'>, format: (strike: number) => string) {
  return row.ceStrike === row.peStrike ? format(row.ceStrike) : `${format(row.ceStrike)}/${format(row.peStrike)}`;
}

/** One minute of a pair: both legs' closes, their sum and the sum of their ATPs. */
export interface PairPoint {
  t: number;
  ce: number;
  pe: number;
  value: number;
  atp: number;
  ceOi: number;
  peOi: number;
}

/** The pair per candle, over the instants both legs traded (a minute one leg lacks is left out, not guessed). */
export function pairSeries(ce: readonly Candle[], pe: readonly Candle[]): PairPoint[] {
  const puts = new Map(pe.map((candle) => [candle.t, candle]));
  const points: PairPoint[] = [];
  for (const call of ce) {
    const put = puts.get(call.t);
    if (put === undefined) continue;
    points.push({
      t: call.t,
      ce: call.c,
      pe: put.c,
      value: call.c + put.c,
      atp: call.atp + put.atp,
      ceOi: call.oi,
      peOi: put.oi,
    });
  }
  return points;
}

/** How a custom strangle is held: bought or sold, lots of its CE and PE (the ratio), units per lot. */
export interface PairPosition {
  side: 'BUY' | 'SELL';
  ceLots: number;
  peLots: number;
  lotSize: number;
}

/** One minute of a position's P&L since its entry, rupees. */
export interface PnlPoint {
  t: number;
  pnl: number;
}

/**
 * The position's P&L from the first minute at or after `entryAt` (entered at both legs' closes of that minute):
 * P&L(t) = ±lotSize × (ceLots × (CE(t) − CE(entry)) + peLots × (PE(t) − PE(entry))), + bought, − sold. Empty when
 * no minute is at or after the entry.
 */
export function pnlFromEntry(series: readonly PairPoint[], entryAt: number, position: PairPosition): PnlPoint[] {
  const start = series.findIndex((point) => point.t >= entryAt);
  if (start < 0) return [];
  const entry = series[start]!;
  const sign = position.side === 'BUY' ? 1 : -1;
  return series.slice(start).map((point) => {
    const pnl =
      sign * position.lotSize * (position.ceLots * (point.ce - entry.ce) + position.peLots * (point.pe - entry.pe));
    // A sold position's zero would otherwise show as −0.
    return { t: point.t, pnl: pnl === 0 ? 0 : pnl };
  });
}
