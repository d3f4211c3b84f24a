/** A table row of one strike. */
export interface StrikeRow {
  strike: number;
  atm: boolean;
}

/** The data-table row props of strike rows: keyed by strike, the ATM row highlighted and marked current. */
export const STRIKE_ROW_PROPS = Object.freeze({
  rowId: (row: StrikeRow) => String(row.strike),
  rowClassName: (row: StrikeRow) => (row.atm ? 'table-primary' : undefined),
  rowAttributes: (row: StrikeRow) => ({
    'data-strike': String(row.strike),
    'aria-current': row.atm ? 'true' : undefined,
  }),
});
