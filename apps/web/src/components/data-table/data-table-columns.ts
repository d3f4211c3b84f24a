// What a data table knows about each of its columns, and the pure parts of the table: which filter texts apply,
// filtering and sorting rows the way the table does, and the CSV of what is shown.
import type { ReactNode } from 'react';
import { csvText } from '../../lib/table/csv';
import { matchesNumericFilter, matchesTextFilter, parseNumericFilter } from '../../lib/table/table-filters';

/** A cell's value as the table sorts, filters and exports it; null is blank. */
export type CellValue = number | string | null;

/** How a column is filtered (spec signed-in §2.9): an operator and a number, a substring, or not at all. */
export type ColumnFilterKind = 'numeric' | 'text' | 'none';

/** One column of a {@link DataTable}. */
export interface DataTableColumn<Row> {
  id: string;
  /** The heading shown (short; the group row names the side). */
  header: ReactNode;
  /** The full name: heading tooltip, filter label, column chooser and CSV header. */
  label: string;
  /** The value sorted, filtered on and exported (round it to what is shown, so '=0' finds what reads 0.00). */
  value: (row: Row) => CellValue;
  filter?: ColumnFilterKind;
  filterPlaceholder?: string;
  /** The cell's content; the value as text when absent. */
  cell?: (row: Row) => ReactNode;
  /** Classes of each cell (after the table's own). */
  cellClassName?: (row: Row) => string;
  headerClassName?: string;
  /** A header-group label ('Calls', 'Puts'); neighbouring columns with the same label share a group heading. */
  group?: string;
  /** Whether a header click sorts by the column (default yes). */
  sortable?: boolean;
  /** Whether the column chooser may hide the column (default yes; the sticky column never hides). */
  hideable?: boolean;
  /** The cell is the row's header (a strike, a symbol). */
  rowHeader?: boolean;
}

/** Filter texts by column id. */
export type ColumnFilterTexts = Readonly<Record<string, string>>;

/** True when a row passes every column's filter among `columns` (the shown ones: a hidden column hides no rows). */
export function passesColumnFilters<Row>(
  row: Row,
  columns: readonly DataTableColumn<Row>[],
  filters: ColumnFilterTexts,
): boolean {
  return columns.every((column) => passesColumnFilter(column, column.value(row), filters[column.id] ?? ''));
}

/** True when one value passes a column's filter text. */
export function passesColumnFilter<Row>(column: DataTableColumn<Row>, value: CellValue, text: string): boolean {
  if (text.trim() === '') return true;
  switch (column.filter ?? 'none') {
    case 'numeric':
      return matchesNumericFilter(value, parseNumericFilter(text));
    case 'text':
      return matchesTextFilter(value === null ? null : String(value), text);
    case 'none':
      return true;
  }
}

/** Orders two cell values ascending: numbers by size, texts alphabetically, blanks after both. */
export function compareCellValues(a: CellValue, b: CellValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-IN', { numeric: true });
}

/** The CSV of `rows` under `columns`: the full labels as header, raw values (blank for null). */
export function dataTableCsv<Row>(rows: readonly Row[], columns: readonly DataTableColumn<Row>[]): string {
  return csvText(
    columns.map((column) => column.label),
    rows.map((row) =>
      columns.map((column) => {
        const value = column.value(row);
        return value === null || (typeof value === 'number' && !Number.isFinite(value)) ? '' : String(value);
      }),
    ),
  );
}

/** Runs of neighbouring columns sharing a group label, for the group heading row. */
export function columnGroupSpans<Row>(
  columns: readonly DataTableColumn<Row>[],
): { label: string; span: number; firstId: string }[] {
  const spans: { label: string; span: number; firstId: string }[] = [];
  for (const column of columns) {
    const label = column.group ?? '';
    const last = spans.at(-1);
    if (last !== undefined && last.label === label) last.span += 1;
    else spans.push({ label, span: 1, firstId: column.id });
  }
  return spans;
}
