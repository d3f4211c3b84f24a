// The option-chain table's columns: calls mirrored on the left (nearest the strike first from the middle out),
// the strike and its PCR in the middle, puts on the right in the spec's order (§2.9: ATP, LTP, LTP Chg, LTP Chg %,
// OI, OI Chg, OI Chg %, Volume), with IV and the greeks beyond the spec. Each column knows how it is shown, how it
// is filtered and how it is exported.
import { abbreviateIndianNumber, formatIndianNumber } from '@fnodesk/domain';
import type { ChainTableRow, ChainTableSide } from './chain-table-rows';
import { matchesNumericFilter, matchesTextFilter, parseNumericFilter } from '../../../lib/table/table-filters';

/** The fields of one side that have a column. */
export type SideField = Exclude<keyof ChainTableSide, 'token' | 'tradingSymbol' | 'itm'>;

/** How a column's numbers are written. */
export type ColumnFormat = 'price' | 'quantity' | 'percent' | 'greek';

/** Which switch shows a column: always, with IV, or with the greeks. */
export type ColumnGroup = 'core' | 'iv' | 'greeks';

/** A column of the table. */
export interface ChainColumn {
  id: string;
  /** 'ce' (calls), 'pe' (puts) or null for the middle columns. */
  side: 'ce' | 'pe' | null;
  /** The header text (the side is named by the header row above). */
  header: string;
  /** The full name: filter labels, the CSV header and assistive technology. */
  label: string;
  format: ColumnFormat;
  /** Decimals shown, exported and filtered on. */
  decimals: number;
  group: ColumnGroup;
  /** Positive values green, negative red (spec §2.9). */
  signed: boolean;
  value: (row: ChainTableRow) => number | null;
}

interface SideColumnSpec {
  field: SideField;
  header: string;
  format: ColumnFormat;
  decimals: number;
  group: ColumnGroup;
  signed?: boolean;
}

// Puts' order, from the strike outwards; calls use it reversed.
const SIDE_COLUMNS: readonly SideColumnSpec[] = [
  { field: 'atp', header: 'ATP', format: 'price', decimals: 2, group: 'core' },
  { field: 'ltp', header: 'LTP', format: 'price', decimals: 2, group: 'core' },
  { field: 'ltpChange', header: 'LTP Chg', format: 'price', decimals: 2, group: 'core', signed: true },
  { field: 'ltpChangePercent', header: 'LTP Chg %', format: 'percent', decimals: 2, group: 'core', signed: true },
  { field: 'oi', header: 'OI', format: 'quantity', decimals: 0, group: 'core' },
  { field: 'oiChange', header: 'OI Chg', format: 'quantity', decimals: 0, group: 'core', signed: true },
  { field: 'oiChangePercent', header: 'OI Chg %', format: 'percent', decimals: 2, group: 'core', signed: true },
  { field: 'volume', header: 'Volume', format: 'quantity', decimals: 0, group: 'core' },
  { field: 'iv', header: 'IV', format: 'percent', decimals: 2, group: 'iv' },
  { field: 'delta', header: 'Delta', format: 'greek', decimals: 4, group: 'greeks', signed: true },
  { field: 'gamma', header: 'Gamma', format: 'greek', decimals: 5, group: 'greeks' },
  { field: 'theta', header: 'Theta', format: 'greek', decimals: 2, group: 'greeks', signed: true },
  { field: 'vega', header: 'Vega', format: 'greek', decimals: 2, group: 'greeks' },
];

function sideColumn(side: 'ce' | 'pe', spec: SideColumnSpec): ChainColumn {
  return {
    id: `${side}.${spec.field}`,
    side,
    header: spec.header,
    label: `${side === 'ce' ? 'Calls' : 'Puts'} ${spec.header}`,
    format: spec.format,
    decimals: spec.decimals,
    group: spec.group,
    signed: spec.signed === true,
    value: (row) => row[side][spec.field],
  };
}

/** Every column, left to right. */
export const CHAIN_COLUMNS: readonly ChainColumn[] = [
  ...[...SIDE_COLUMNS].reverse().map((spec) => sideColumn('ce', spec)),
  {
    id: 'strike',
    side: null,
    header: 'Strike',
    label: 'Strike',
    format: 'price',
    decimals: 2,
    group: 'core',
    signed: false,
    value: (row) => row.strike,
  },
  {
    id: 'pcr',
    side: null,
    header: 'PCR',
    label: 'PCR',
    format: 'price',
    decimals: 2,
    group: 'core',
    signed: false,
    value: (row) => row.pcr,
  },
  ...SIDE_COLUMNS.map((spec) => sideColumn('pe', spec)),
];

/** Which optional column groups are shown. */
export interface ColumnVisibility {
  iv: boolean;
  greeks: boolean;
}

/** The columns shown with these switches, left to right. */
export function visibleColumns(visibility: ColumnVisibility): ChainColumn[] {
  return CHAIN_COLUMNS.filter((column) => column.group === 'core' || visibility[column.group]);
}

/** A value rounded to the decimals its column shows (so '=0' finds what reads 0.00). */
export function roundedValue(column: ChainColumn, value: number): number {
  const factor = 10 ** column.decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A cell's text: '–' when empty; quantities in K / L / Cr (spec §9); others with Indian grouping. */
export function formatCell(column: ChainColumn, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  switch (column.format) {
    case 'quantity':
      return Math.abs(value) < 1000 ? formatIndianNumber(value, 0) : abbreviateIndianNumber(value);
    case 'percent':
      return `${formatIndianNumber(value, column.decimals)}%`;
    case 'price':
      // Strikes are whole rupees on every listed underlying but a few stocks; whole ones are written without paise.
      return formatIndianNumber(value, column.id === 'strike' && Number.isInteger(value) ? 0 : column.decimals);
    case 'greek':
      return formatIndianNumber(value, column.decimals);
  }
}

/** Filter texts by column id, and the text filter over the strike and both trading symbols. */
export interface ChainFilters {
  columns: Readonly<Record<string, string>>;
  text: string;
}

/** No filters. */
export const NO_FILTERS: ChainFilters = Object.freeze({ columns: Object.freeze({}), text: '' });

/** True when any filter is set. */
export function hasFilters(filters: ChainFilters): boolean {
  return filters.text.trim() !== '' || Object.values(filters.columns).some((text) => text.trim() !== '');
}

/**
 * The rows passing every filter: each column's numeric filter on the value as shown, and the text filter on the
 * strike or either trading symbol. Only the given (shown) columns' filters apply: a hidden column hides no rows.
 */
export function filterChainRows(
  rows: readonly ChainTableRow[],
  columns: readonly ChainColumn[],
  filters: ChainFilters,
): ChainTableRow[] {
  const numeric = columns.flatMap((column) => {
    const filter = parseNumericFilter(filters.columns[column.id] ?? '');
    return filter.kind === 'compare' ? [{ column, filter }] : [];
  });
  return rows.filter((row) => {
    if (
      filters.text.trim() !== '' &&
      !matchesTextFilter(String(row.strike), filters.text) &&
      !matchesTextFilter(row.ce.tradingSymbol, filters.text) &&
      !matchesTextFilter(row.pe.tradingSymbol, filters.text)
    ) {
      return false;
    }
    return numeric.every(({ column, filter }) => {
      const value = column.value(row);
      return matchesNumericFilter(value === null ? null : roundedValue(column, value), filter);
    });
  });
}
