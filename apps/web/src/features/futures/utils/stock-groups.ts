// The stock groups of spec signed-in §2.10 (All FNO Stocks, Nifty 50, BankNifty, Nifty Next 50, Sensex, MidcapNifty),
// their members read from `get_index_sector`, the same index lists the server counts breadth over.
import type { DataResponse, SEARCH_FILTERS } from '@fnodesk/contracts';

/** A stock group (the search filters' names). */
export type StockGroup = (typeof SEARCH_FILTERS)[number];

/** Each group's label and the index whose constituents it holds (null: every F&O stock). */
export const STOCK_GROUPS: readonly { group: StockGroup; label: string; index: string | null }[] = [
  { group: 'all', label: 'All FNO Stocks', index: null },
  { group: 'nifty', label: 'Nifty 50', index: 'NIFTY 50' },
  { group: 'banknifty', label: 'BankNifty', index: 'NIFTY BANK' },
  { group: 'niftynxt50', label: 'Nifty Next 50', index: 'NIFTY NEXT 50' },
  { group: 'sensex', label: 'Sensex', index: 'SENSEX' },
  { group: 'midcpnifty', label: 'MidcapNifty', index: 'NIFTY MID SELECT' },
];

/** The symbols of a group, or null for every F&O stock. */
export function groupMembers(group: StockGroup, sectors: DataResponse<'get_index_sector'>): ReadonlySet<string> | null {
  const index = STOCK_GROUPS.find((entry) => entry.group === group)?.index ?? null;
  if (index === null) return null;
  return new Set(sectors.find((entry) => entry.index === index)?.constituents.map((stock) => stock.symbol) ?? []);
}
