// The instrument picker lists the derivatives indices in a fixed order, then the F&O stocks A–Z. The page picks
// the second item by default, which this order makes NIFTY.
import { FNO_STOCKS } from './fno-stocks';

/** The indices at the top of the picker, in their fixed order. */
export const PICKER_INDEX_ROOTS = [
  'BANKNIFTY',
  'NIFTY',
  'FINNIFTY',
  'MIDCPNIFTY',
  'NIFTYNXT50',
  'SENSEX',
  'BANKEX',
] as const;

/** The picker's default instrument (its second item). */
export const DEFAULT_PICKER_ROOT = 'NIFTY';

const INDEX_RANK = new Map<string, number>(PICKER_INDEX_ROOTS.map((root, rank) => [root, rank]));

/**
 * Orders two picker entries: the indices in their fixed order first, then stocks by symbol in character-code
 * order (so 360ONE comes first and BAJAJ-AUTO precedes BAJAJFINSV, independent of locale).
 */
export function compareInstrumentPickerOrder(a: string, b: string): number {
  const rankA = INDEX_RANK.get(a);
  const rankB = INDEX_RANK.get(b);
  if (rankA !== undefined || rankB !== undefined) {
    return (rankA ?? PICKER_INDEX_ROOTS.length) - (rankB ?? PICKER_INDEX_ROOTS.length);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The picker list: the seven indices, then the given stock symbols (by default every F&O stock) A–Z. */
export function instrumentPickerOrder(stockSymbols: readonly string[] = FNO_STOCKS.map((s) => s.symbol)): string[] {
  const stocks = stockSymbols.filter((symbol) => !INDEX_RANK.has(symbol));
  return [...PICKER_INDEX_ROOTS, ...[...new Set(stocks)].sort(compareInstrumentPickerOrder)];
}
