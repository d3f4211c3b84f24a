// The Chain tab's basket (trading.md §5.1 Tab Basket): rows of lines with their lots.
import type { OrderLineInput } from '@fnodesk/contracts';

/** One basket row: a line and its lots (the quantity follows the lots). */
export interface TerminalBasketRow {
  key: string;
  lots: number;
  lotSize: number;
  line: OrderLineInput;
}

/** The basket of the Chain tab (kept by the terminal so switching tabs keeps it). */
export interface TerminalBasket {
  rows: readonly TerminalBasketRow[];
  setRows(update: (rows: readonly TerminalBasketRow[]) => readonly TerminalBasketRow[]): void;
}

/**
 * Adds a click to the basket, merging it into a row of the same symbol, product, order type and side (the vendor's
 * basket does the same).
 */
export function addToBasket(
  rows: readonly TerminalBasketRow[],
  line: OrderLineInput,
  lots: number,
  lotSize: number,
): TerminalBasketRow[] {
  const same = rows.find(
    (row) =>
      row.line.tradingSymbol === line.tradingSymbol &&
      row.line.product === line.product &&
      row.line.orderType === line.orderType &&
      row.line.transactionType === line.transactionType,
  );
  if (same === undefined) {
    return [
      ...rows,
      { key: `${line.tradingSymbol}-${line.transactionType}-${line.product}-${line.orderType}`, lots, lotSize, line },
    ];
  }
  return rows.map((row) =>
    row === same
      ? { ...row, lots: row.lots + lots, line: { ...row.line, quantity: (row.lots + lots) * lotSize } }
      : row,
  );
}
