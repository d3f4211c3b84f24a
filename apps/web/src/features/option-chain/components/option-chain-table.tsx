import { createContext, memo, useContext, useMemo } from 'react';
import { Button } from 'react-bootstrap';
import { DataTable } from '../../../components/data-table/data-table';
import { TradeButton } from '../../../components/trade-button';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import {
  formatCell,
  hasFilters,
  NO_FILTERS,
  roundedValue,
  type ChainColumn,
  type ChainFilters,
} from '../utils/chain-columns';
import type { ChainTableRow } from '../utils/chain-table-rows';

/** Props of {@link OptionChainTable}. */
export interface OptionChainTableProps {
  columns: readonly ChainColumn[];
  /** The rows left by the filters. */
  rows: readonly ChainTableRow[];
  /** How many rows there are before filtering. */
  totalRows: number;
  filters: ChainFilters;
  onFiltersChange: (filters: ChainFilters) => void;
  /** Names the table, e.g. 'NIFTY option chain, expiry 24-Nov-2026'. */
  caption: string;
  /** The strike the chain centres on, for the strike filter's example. */
  atmStrike: number | null;
}

/** Placeholder of each column's filter: the spec's example filters. */
const FILTER_HINTS: Readonly<Record<ChainColumn['format'], string>> = {
  quantity: '>1000',
  price: '<=5',
  percent: '>0',
  greek: '=0',
};

// The largest OI shown, which the OI bars are scaled to; it moves with every tick, the columns do not.
const OiScale = createContext(1);

function toneOf(column: ChainColumn, value: number | null): string {
  if (value === null || value === 0) return '';
  if (column.id === 'pcr') return value >= 1 ? 'text-success' : 'text-danger';
  if (!column.signed) return '';
  return value > 0 ? 'text-success' : 'text-danger';
}

function OiCell({ side, value, text }: { side: 'ce' | 'pe'; value: number | null; text: string }) {
  const maxOi = useContext(OiScale);
  return (
    <>
      {value !== null && (
        <span
          className={`option-chain-oi-bar option-chain-oi-bar-${side}`}
          style={{ width: `${Math.min(100, (Math.max(0, value) / maxOi) * 100)}%` }}
          aria-hidden="true"
        />
      )}
      <span className="position-relative">{text}</span>
    </>
  );
}

function tableColumn(column: ChainColumn, atmStrike: number | null): DataTableColumn<ChainTableRow> {
  const isOi = column.id === 'ce.oi' || column.id === 'pe.oi';
  return {
    id: column.id,
    header: column.header,
    label: column.label,
    // Filtered on the value as shown, so '=0' finds what reads 0.00.
    value: (row) => {
      const value = column.value(row);
      return value === null ? null : roundedValue(column, value);
    },
    filter: 'numeric',
    filterPlaceholder:
      column.id === 'strike' ? (atmStrike === null ? '>=' : `>=${atmStrike}`) : FILTER_HINTS[column.format],
    group: column.side === 'ce' ? 'Calls' : column.side === 'pe' ? 'Puts' : '',
    rowHeader: column.id === 'strike',
    hideable: column.id !== 'strike',
    headerClassName: column.side === null ? 'option-chain-middle' : '',
    cellClassName: (row) => {
      const value = column.value(row);
      const side = column.side === null ? null : row[column.side];
      return [
        toneOf(column, value),
        side?.itm === true ? 'option-chain-itm' : '',
        column.side === null ? 'option-chain-middle fw-semibold' : '',
        isOi ? 'option-chain-oi' : '',
      ].join(' ');
    },
    cell: (row) => {
      const value = column.value(row);
      const text = formatCell(column, value);
      if (column.id === 'strike') {
        return (
          <>
            {text}
            {row.atm && <span className="visually-hidden"> (at the money)</span>}
          </>
        );
      }
      if (column.side !== null && column.id === `${column.side}.ltp` && value !== null) {
        const side = row[column.side];
        // Clicking an LTP opens the order window for that option (BUY; the window switches side).
        return (
          <TradeButton
            instrumentToken={side.token}
            side="BUY"
            variant="link"
            size="sm"
            className="p-0 text-reset"
            label={`Trade ${row.strike} ${column.side === 'ce' ? 'CE' : 'PE'} at ${text}`}
            fallback={text}
          >
            {text}
          </TradeButton>
        );
      }
      return isOi && column.side !== null ? <OiCell side={column.side} value={value} text={text} /> : text;
    },
  };
}

const INITIALLY_HIDDEN = ['ce.atp', 'pe.atp'];
const rowId = (row: ChainTableRow) => String(row.strike);
const rowAttributes = (row: ChainTableRow) => ({
  'data-strike': String(row.strike),
  'aria-current': row.atm ? 'true' : undefined,
});
const rowClassName = (row: ChainTableRow) => (row.atm ? 'option-chain-atm' : undefined);

/**
 * The chain as a table: calls left, strike and PCR in the middle, puts right; a filter under each heading (an
 * operator and a number: '>1000', '<=5', '=0'); the strike column stays in view while the sides scroll; a column
 * chooser; the ATM strike highlighted, in-the-money sides shaded, and bars in the OI cells scaled to the largest OI
 * shown. The screen filters the rows (it counts and exports them too); the table shows and sorts them.
 */
export const OptionChainTable = memo(function OptionChainTable({
  columns,
  rows,
  totalRows,
  filters,
  onFiltersChange,
  caption,
  atmStrike,
}: OptionChainTableProps) {
  const tableColumns = useMemo(() => columns.map((column) => tableColumn(column, atmStrike)), [columns, atmStrike]);
  const maxOi = Math.max(1, ...rows.flatMap((row) => [row.ce.oi ?? 0, row.pe.oi ?? 0]));
  const onColumnFilters = useMemo(
    () => (next: Readonly<Record<string, string>>) => onFiltersChange({ ...filters, columns: next }),
    [filters, onFiltersChange],
  );

  return (
    <OiScale.Provider value={maxOi}>
      <DataTable
        columns={tableColumns}
        rows={rows}
        rowId={rowId}
        caption={caption}
        testId="option-chain-table"
        filters={filters.columns}
        onFiltersChange={onColumnFilters}
        manualFiltering
        stickyColumnId="strike"
        centreColumnId="strike"
        columnChooser
        // The ATPs open hidden so the chain fits a laptop screen; the column chooser brings them back.
        initiallyHidden={INITIALLY_HIDDEN}
        rowClassName={rowClassName}
        rowAttributes={rowAttributes}
        className="option-chain-table"
        empty={() =>
          totalRows === 0 ? (
            'No strikes are listed for this expiry.'
          ) : (
            <>
              No strikes match the filters.{' '}
              {hasFilters(filters) && (
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 align-baseline"
                  onClick={() => onFiltersChange(NO_FILTERS)}
                >
                  Clear filters
                </Button>
              )}
            </>
          )
        }
      />
    </OiScale.Provider>
  );
});
