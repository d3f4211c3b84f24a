// ATM Straddle Prices (pages brief G6, rolling-atm-straddle): each F&O stock's near-month ATM straddle, the move it
// prices in (straddle ÷ spot × 100) and its cost per lot.
import type { DataResponse } from '@fnodesk/contracts';
import { lotSizeFor } from '@fnodesk/domain';

type StraddleRow = DataResponse<'stock_atm_straddle'>['rows'][number];

/** A stock's ATM straddle with its lot and rupees per lot. */
export interface StraddlePriceRow extends StraddleRow {
  lot: number | null;
  /** Straddle × lot, rupees. */
  perLot: number | null;
}

/** The rows with each stock's lot size for the expiry and the straddle's cost per lot. */
export function straddlePriceRows(rows: readonly StraddleRow[]): StraddlePriceRow[] {
  return rows.map((row) => {
    let lot: number | null = null;
    try {
      lot = lotSizeFor(row.symbol, row.expiry);
    } catch {
      // A symbol the lot table does not know shows no lot rather than a wrong one.
      lot = null;
    }
    return { ...row, lot, perLot: lot === null ? null : row.straddle * lot };
  });
}
