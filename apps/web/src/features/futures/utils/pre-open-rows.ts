// Pre-Market rows (pages brief G1): each stock's indicative equilibrium price against the previous close, and the
// index opens its constituents imply.
import type { DataResponse } from '@fnodesk/contracts';
import { gapFlag, gapPercent, impliedIndexOpen, type StockMove } from './breadth';

type PreOpenQuote = DataResponse<'get_pre_market_ticks'>[number];
type IndexSectors = DataResponse<'get_index_sector'>;

/** A stock in the pre-open: its IEP, gap and flag. */
export interface PreOpenRow extends StockMove {
  token: number;
  prevClose: number;
  quantity: number;
  gap: number | null;
  flag: 'large' | 'notable' | null;
  final: boolean;
}

/** The stock quotes (indices left out) as rows, with each stock's sector. */
export function preOpenRows(quotes: readonly PreOpenQuote[], sectorOf: ReadonlyMap<number, string>): PreOpenRow[] {
  const rows: PreOpenRow[] = [];
  for (const quote of quotes) {
    const sector = sectorOf.get(quote.token);
    if (sector === undefined) continue;
    const gap = gapPercent(quote.iep, quote.prevClose);
    rows.push({
      token: quote.token,
      symbol: quote.tradingSymbol,
      sector,
      price: quote.iep,
      change: Math.round((quote.iep - quote.prevClose) * 100) / 100,
      changePercent: gap,
      prevClose: quote.prevClose,
      quantity: quote.quantity,
      gap,
      flag: gapFlag(gap),
      final: quote.final,
    });
  }
  return rows;
}

/** An index's implied open beside its own pre-open price. */
export interface ImpliedOpen {
  index: string;
  prevClose: number;
  /** The index's own indicative value, when the pre-open quotes carry it. */
  iep: number | null;
  implied: { open: number; gapPercent: number } | null;
}

/** The implied open of `index` from its constituents' gaps weighted by their index weights. */
export function impliedOpenOf(
  index: string,
  sectors: IndexSectors,
  quotes: readonly PreOpenQuote[],
): ImpliedOpen | null {
  const entry = sectors.find((candidate) => candidate.index === index);
  const own = quotes.find((quote) => quote.token === entry?.token);
  if (entry === undefined || own === undefined) return null;
  const bySymbol = new Map(quotes.map((quote) => [quote.tradingSymbol, quote]));
  const implied = impliedIndexOpen(
    own.prevClose,
    entry.constituents.map((stock) => {
      const quote = bySymbol.get(stock.symbol);
      return { weight: stock.weight, gapPercent: quote === undefined ? null : gapPercent(quote.iep, quote.prevClose) };
    }),
  );
  return { index, prevClose: own.prevClose, iep: own.iep, implied };
}
