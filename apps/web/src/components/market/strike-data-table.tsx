import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-columns';
import { STRIKE_ROW_PROPS, type StrikeRow } from './strike-rows';

/** Props of {@link StrikeDataTable}. */
export interface StrikeDataTableProps<Row extends StrikeRow> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** The underlying shown, e.g. NIFTY: names the caption and the CSV file. */
  underlying: string;
  /** The page's route name, e.g. `option-oi`: the table's test id and the CSV file's suffix. */
  page: string;
  /** What the table holds, for its caption, e.g. `open interest` (→ "NIFTY open interest by strike"). */
  subject: string;
}

/**
 * A table of strikes (one row each, the ATM row highlighted): the strike column stays in view and opens centred,
 * columns are choosable, and what is shown exports as CSV.
 */
export function StrikeDataTable<Row extends StrikeRow>({
  columns,
  rows,
  underlying,
  page,
  subject,
}: StrikeDataTableProps<Row>) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      {...STRIKE_ROW_PROPS}
      caption={`${underlying} ${subject} by strike`}
      testId={`${page}-table`}
      stickyColumnId="strike"
      centreColumnId="strike"
      columnChooser
      csvFileName={`${underlying}-${page}.csv`}
      emptyText="No strikes are listed for this expiry."
    />
  );
}
