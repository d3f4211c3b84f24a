import { memo, useLayoutEffect, useRef } from 'react';
import { Button, Form } from 'react-bootstrap';
import { formatCell, hasFilters, NO_FILTERS, type ChainColumn, type ChainFilters } from '../utils/chain-columns';
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

function toneOf(column: ChainColumn, value: number | null): string {
  if (value === null || value === 0) return '';
  if (column.id === 'pcr') return value >= 1 ? 'text-success' : 'text-danger';
  if (!column.signed) return '';
  return value > 0 ? 'text-success' : 'text-danger';
}

/**
 * The chain as a table: calls left, strike and PCR in the middle, puts right; a filter under each heading (an
 * operator and a number: '>1000', '<=5', '=0'); the ATM strike highlighted, in-the-money sides shaded, and bars in
 * the OI cells scaled to the largest OI shown.
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
  const scroller = useRef<HTMLDivElement>(null);
  const centredFor = useRef<string | null>(null);
  const layout = `${columns.map((column) => column.id).join(',')}|${rows.length > 0}`;
  useLayoutEffect(() => {
    // A chain wider than the screen opens (and re-opens when its columns change) with the strikes in the middle.
    const element = scroller.current;
    const strike = element?.querySelector<HTMLElement>('thead th[data-column="strike"]');
    if (element === null || strike === null || strike === undefined || centredFor.current === layout) return;
    centredFor.current = layout;
    element.scrollLeft = strike.offsetLeft + strike.offsetWidth / 2 - element.clientWidth / 2;
  }, [layout]);
  const callCount = columns.filter((column) => column.side === 'ce').length;
  const putCount = columns.filter((column) => column.side === 'pe').length;
  const maxOi = Math.max(1, ...rows.flatMap((row) => [row.ce.oi ?? 0, row.pe.oi ?? 0]));
  const setColumnFilter = (id: string, text: string) =>
    onFiltersChange({ ...filters, columns: { ...filters.columns, [id]: text } });

  return (
    <div className="option-chain-scroll" tabIndex={0} role="region" aria-label={caption} ref={scroller}>
      <table
        className="table table-sm table-hover align-middle mb-0 option-chain-table"
        data-testid="option-chain-table"
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr className="option-chain-sides">
            <th scope="colgroup" colSpan={callCount} className="text-center">
              Calls
            </th>
            <th
              scope="colgroup"
              colSpan={columns.length - callCount - putCount}
              className="text-center option-chain-middle"
            >
              <span className="visually-hidden">Strike</span>
            </th>
            <th scope="colgroup" colSpan={putCount} className="text-center">
              Puts
            </th>
          </tr>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                data-column={column.id}
                className={`text-end text-nowrap ${column.side === null ? 'option-chain-middle' : ''}`}
                title={column.label}
              >
                {column.header}
              </th>
            ))}
          </tr>
          <tr className="option-chain-filters">
            {columns.map((column) => (
              <td key={column.id} className={column.side === null ? 'option-chain-middle' : ''}>
                <Form.Control
                  size="sm"
                  type="text"
                  inputMode="text"
                  autoComplete="off"
                  spellCheck={false}
                  aria-label={`Filter ${column.label}`}
                  placeholder={
                    column.id === 'strike'
                      ? atmStrike === null
                        ? '>='
                        : `>=${atmStrike}`
                      : FILTER_HINTS[column.format]
                  }
                  value={filters.columns[column.id] ?? ''}
                  onChange={(event) => setColumnFilter(column.id, event.currentTarget.value)}
                />
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.strike}
              className={row.atm ? 'option-chain-atm' : undefined}
              data-strike={row.strike}
              aria-current={row.atm ? 'true' : undefined}
            >
              {columns.map((column) => {
                const value = column.value(row);
                const side = column.side === null ? null : row[column.side];
                const classes = [
                  'text-end text-nowrap font-monospace',
                  toneOf(column, value),
                  side?.itm === true ? 'option-chain-itm' : '',
                  column.side === null ? 'option-chain-middle fw-semibold' : '',
                ].join(' ');
                if (column.id === 'strike') {
                  return (
                    <th key={column.id} scope="row" className={classes}>
                      {formatCell(column, value)}
                      {row.atm && <span className="visually-hidden"> (at the money)</span>}
                    </th>
                  );
                }
                const isOi = column.id === 'ce.oi' || column.id === 'pe.oi';
                return (
                  <td key={column.id} className={`${classes} ${isOi ? 'option-chain-oi' : ''}`}>
                    {isOi && value !== null && (
                      <span
                        className={`option-chain-oi-bar option-chain-oi-bar-${column.side ?? ''}`}
                        style={{ width: `${Math.min(100, (Math.max(0, value) / maxOi) * 100)}%` }}
                        aria-hidden="true"
                      />
                    )}
                    <span className="position-relative">{formatCell(column, value)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                {totalRows === 0 ? (
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
                )}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
});
