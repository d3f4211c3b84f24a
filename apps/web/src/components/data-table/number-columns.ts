// Column builders for the tables of figures most analysis pages show: a number in Indian grouping, optionally
// coloured by its sign, and a text column. They only describe columns; the data table does the rest.
import { formatIndianNumber } from '@fnodesk/domain';
import type { DataTableColumn } from './data-table-columns';

/** Green for a rise, red for a fall, nothing for zero or a blank. */
export function signedToneClass(value: number | null): string {
  return value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';
}

/** What {@link numberColumn} needs beyond the id and headings. */
export interface NumberColumnOptions<Row> {
  id: string;
  header: string;
  label?: string;
  value: (row: Row) => number | null;
  /** Decimals shown (default 2). */
  digits?: number;
  /** Colour by sign and show a + on rises. */
  signed?: boolean;
  /** A suffix after the number ('%'). */
  suffix?: string;
  group?: string;
}

/** A numeric column: Indian grouping, the spec's numeric filter, sorted by value. */
export function numberColumn<Row>(options: NumberColumnOptions<Row>): DataTableColumn<Row> {
  const digits = options.digits ?? 2;
  const scale = 10 ** digits;
  const rounded = (row: Row) => {
    const value = options.value(row);
    return value === null || !Number.isFinite(value) ? null : Math.round(value * scale) / scale;
  };
  return {
    id: options.id,
    header: options.header,
    label: options.label ?? options.header,
    filter: 'numeric',
    value: rounded,
    cell: (row) => {
      const value = rounded(row);
      if (value === null) return '–';
      const sign = options.signed === true && value > 0 ? '+' : '';
      return `${sign}${formatIndianNumber(value, digits)}${options.suffix ?? ''}`;
    },
    headerClassName: 'text-end',
    cellClassName: (row) =>
      `text-end font-monospace ${options.signed === true ? signedToneClass(rounded(row)) : ''}`.trimEnd(),
    ...(options.group === undefined ? {} : { group: options.group }),
  };
}

/** A text column with the substring filter. */
export function textColumn<Row>(options: {
  id: string;
  header: string;
  label?: string;
  value: (row: Row) => string;
  rowHeader?: boolean;
}): DataTableColumn<Row> {
  return {
    id: options.id,
    header: options.header,
    label: options.label ?? options.header,
    filter: 'text',
    value: options.value,
    ...(options.rowHeader === true ? { rowHeader: true } : {}),
  };
}
