import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-columns';
import { STRIKE_ROW_PROPS, type StrikeRow } from './strike-rows';

/** Props of {@link StrikeDataTable}. */
export interface StrikeDataTableProps<Row extends StrikeRow> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  caption: string;
  testId: string;
  csvFileName: string;
}

/**
 * A table of strikes (one row each, the ATM row highlighted): the strike column stays in view and opens centred,
 * columns are choosable, and what is shown exports as CSV.
 */
export function StrikeDataTable<Row extends StrikeRow>({
  columns,
  rows,
  caption,
  testId,
  csvFileName,
}: StrikeDataTableProps<Row>) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      {...STRIKE_ROW_PROPS}
      caption={caption}
      testId={testId}
      stickyColumnId="strike"
      centreColumnId="strike"
      columnChooser
      csvFileName={csvFileName}
      emptyText="No strikes are listed for this expiry."
    />
  );
}
