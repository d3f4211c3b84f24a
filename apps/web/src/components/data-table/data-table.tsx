import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  functionalUpdate,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnFiltersState,
  type ColumnVisibilityState,
  type FilterFn,
  type RowData,
  type SortFn,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Dropdown, Form } from 'react-bootstrap';
import { downloadCsv } from '../../lib/table/csv';
import {
  columnGroupSpans,
  compareCellValues,
  dataTableCsv,
  passesColumnFilter,
  type CellValue,
  type ColumnFilterTexts,
  type DataTableColumn,
} from './data-table-columns';
import './data-table.css';

const features = tableFeatures({
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
});
type Features = typeof features;

/** Row height the virtualiser assumes before measuring (a `table-sm` row). */
const ESTIMATED_ROW_PX = 31;
/** Tables longer than this draw only the rows in view. */
const DEFAULT_VIRTUAL_FROM = 80;

/** Props of {@link DataTable}. */
export interface DataTableProps<Row extends RowData> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowId: (row: Row) => string;
  /** Names the table for assistive technology. */
  caption: string;
  testId?: string;
  /** Filter texts by column id; with `onFiltersChange` the caller owns them. */
  filters?: ColumnFilterTexts;
  onFiltersChange?: (filters: ColumnFilterTexts) => void;
  /** The caller already filtered `rows` with these filters (it needs the result too). */
  manualFiltering?: boolean;
  /** A column that stays in view when the table scrolls sideways (and never hides). */
  stickyColumnId?: string;
  /** A column scrolled to the middle when the table opens wider than its box, and again when its columns change. */
  centreColumnId?: string;
  /** Offer a column chooser. */
  columnChooser?: boolean;
  /** Columns hidden at first (the chooser changes them). */
  initiallyHidden?: readonly string[];
  /** Offer 'Export CSV' of the rows shown, saved under this name. */
  csvFileName?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Attributes of each row's `<tr>`, e.g. `data-strike`, `aria-current`. */
  rowAttributes?: (row: Row) => Readonly<Record<string, string | undefined>>;
  /** What the body says when no row is left, given whether there are rows before filtering (default below). */
  empty?: (state: { filtered: boolean; clearFilters: () => void }) => ReactNode;
  /** The default empty message when there are no rows at all. */
  emptyText?: string;
  /** Rows beyond which only those in view are drawn. */
  virtualFrom?: number;
  className?: string;
  /** Extra controls at the start of the table's own toolbar. */
  toolbar?: ReactNode;
}

const NO_FILTERS: ColumnFilterTexts = Object.freeze({});

function toFilterState(filters: ColumnFilterTexts): ColumnFiltersState {
  return Object.entries(filters)
    .filter(([, text]) => text.trim() !== '')
    .map(([id, value]) => ({ id, value }));
}

function fromFilterState(state: ColumnFiltersState): ColumnFilterTexts {
  return Object.fromEntries(state.map(({ id, value }) => [id, String(value)]));
}

function sortCells<Row extends RowData>(): SortFn<Features, Row> {
  return (a, b, id) =>
    compareCellValues(a.getValue<CellValue | undefined>(id) ?? null, b.getValue<CellValue | undefined>(id) ?? null);
}

/**
 * A table on TanStack Table: click a heading to sort (ascending, descending, off), type a filter under it (spec
 * signed-in §2.9: '>1000', '<=5', '=0' on numbers, a substring on text), choose the columns, export what is shown
 * as CSV. One column can stay in view while the rest scroll sideways; long tables draw only the rows in view.
 */
export function DataTable<Row extends RowData>({
  columns,
  rows,
  rowId,
  caption,
  testId,
  filters: givenFilters,
  onFiltersChange,
  manualFiltering = false,
  stickyColumnId,
  centreColumnId,
  columnChooser = false,
  initiallyHidden,
  csvFileName,
  rowClassName,
  rowAttributes,
  empty,
  emptyText = 'Nothing to show.',
  virtualFrom = DEFAULT_VIRTUAL_FROM,
  className,
  toolbar,
}: DataTableProps<Row>) {
  const [ownFilters, setOwnFilters] = useState<ColumnFilterTexts>(NO_FILTERS);
  const filters = givenFilters ?? ownFilters;
  const setFilters = useCallback(
    (next: ColumnFilterTexts) => (onFiltersChange === undefined ? setOwnFilters(next) : onFiltersChange(next)),
    [onFiltersChange],
  );
  const [sorting, setSorting] = useState<SortingState>([]);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() =>
    Object.fromEntries((initiallyHidden ?? []).map((id) => [id, false])),
  );

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const definitions = useMemo<ColumnDef<Features, Row>[]>(
    () =>
      columns.map((column) => {
        const filterFn: FilterFn<Features, Row> = (row, id, text: string) =>
          passesColumnFilter(column, row.getValue<CellValue | undefined>(id) ?? null, text);
        return {
          id: column.id,
          // Blank cells are undefined to the table, which keeps them last in either direction.
          accessorFn: (row: Row) => column.value(row) ?? undefined,
          sortUndefined: 'last' as const,
          filterFn,
          sortFn: sortCells<Row>(),
          enableSorting: column.sortable !== false,
          enableColumnFilter: (column.filter ?? 'none') !== 'none',
          enableHiding: column.hideable !== false && column.id !== stickyColumnId,
        };
      }),
    [columns, stickyColumnId],
  );
  const columnFilters = useMemo(() => toFilterState(filters), [filters]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: definitions,
    data,
    getRowId: (row: Row) => rowId(row),
    manualFiltering,
    state: { columnFilters, sorting, columnVisibility: visibility },
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) =>
      setFilters(fromFilterState(functionalUpdate(updater, columnFilters))),
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
  });

  const shownColumns = table
    .getVisibleLeafColumns()
    .map((column) => byId.get(column.id))
    .filter((column): column is DataTableColumn<Row> => column !== undefined);
  const tableRows = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = tableRows.length > virtualFrom;
  // eslint-disable-next-line react-hooks/incompatible-library -- its positions are read in this render only, never memoised.
  const virtualizer = useVirtualizer({
    count: virtual ? tableRows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
    enabled: virtual,
  });

  const centredFor = useRef<string | null>(null);
  const layout = `${shownColumns.map((column) => column.id).join(',')}|${tableRows.length > 0}`;
  useLayoutEffect(() => {
    // A table wider than the screen opens (and re-opens when its columns change) with the chosen column centred.
    const element = scroller.current;
    if (centreColumnId === undefined || element === null || centredFor.current === layout) return;
    const heading = element.querySelector<HTMLElement>(`thead th[data-column="${centreColumnId}"]`);
    if (heading === null) return;
    centredFor.current = layout;
    element.scrollLeft = heading.offsetLeft + heading.offsetWidth / 2 - element.clientWidth / 2;
  }, [layout, centreColumnId]);

  const groups = columnGroupSpans(shownColumns);
  const hasGroups = groups.some((group) => group.label !== '');
  const hasFilterRow = shownColumns.some((column) => (column.filter ?? 'none') !== 'none');
  const stickyClass = (id: string) => (id === stickyColumnId ? 'data-table-sticky' : '');
  const setColumnFilter = (id: string, text: string) => setFilters({ ...filters, [id]: text });
  const clearFilters = () => setFilters(NO_FILTERS);
  const hide = (id: string, hidden: boolean) => {
    table.getColumn(id)?.toggleVisibility(!hidden);
    // A hidden column's filter would hide rows with nothing on screen saying why.
    if (hidden && (filters[id] ?? '') !== '') setFilters({ ...filters, [id]: '' });
  };

  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const drawn = virtual ? virtualItems.map((item) => tableRows[item.index]!) : tableRows;
  const padTop = virtual ? (virtualItems[0]?.start ?? 0) : 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0) : 0;

  const renderRow = (row: (typeof tableRows)[number]) => {
    const original = row.original;
    return (
      <tr key={row.id} className={rowClassName?.(original)} {...rowAttributes?.(original)}>
        {shownColumns.map((column) => {
          const classes = [
            'text-nowrap',
            stickyClass(column.id),
            column.cellClassName?.(original) ?? '',
            (column.filter ?? 'none') === 'text' ? '' : 'text-end font-monospace',
          ].join(' ');
          const content = column.cell?.(original) ?? formatPlain(column.value(original));
          return column.rowHeader === true ? (
            <th key={column.id} scope="row" className={classes}>
              {content}
            </th>
          ) : (
            <td key={column.id} className={classes}>
              {content}
            </td>
          );
        })}
      </tr>
    );
  };

  const showToolbar = toolbar !== undefined || columnChooser || csvFileName !== undefined;
  return (
    <div className={`data-table d-flex flex-column gap-1 ${className ?? ''}`}>
      {showToolbar && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          {toolbar}
          <div className="ms-auto d-flex gap-2">
            {columnChooser && (
              <Dropdown autoClose="outside" align="end">
                <Dropdown.Toggle size="sm" variant="outline-secondary">
                  Columns
                </Dropdown.Toggle>
                <Dropdown.Menu className="data-table-chooser">
                  {table.getAllLeafColumns().map((column) => {
                    const spec = byId.get(column.id);
                    if (spec === undefined || !column.getCanHide()) return null;
                    return (
                      <Form.Check
                        key={column.id}
                        type="checkbox"
                        className="px-3 mx-1 text-nowrap"
                        id={`${testId ?? 'data-table'}-show-${column.id}`}
                        label={spec.label}
                        checked={column.getIsVisible()}
                        onChange={(event) => hide(column.id, !event.currentTarget.checked)}
                      />
                    );
                  })}
                </Dropdown.Menu>
              </Dropdown>
            )}
            {csvFileName !== undefined && (
              <Button
                size="sm"
                variant="outline-primary"
                disabled={tableRows.length === 0}
                onClick={() =>
                  downloadCsv(
                    csvFileName,
                    dataTableCsv(
                      tableRows.map((row) => row.original),
                      shownColumns,
                    ),
                  )
                }
              >
                Export CSV
              </Button>
            )}
          </div>
        </div>
      )}
      <div className="data-table-scroll" tabIndex={0} role="region" aria-label={caption} ref={scroller}>
        <table className="table table-sm table-hover align-middle mb-0 data-table-table" data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {hasGroups && (
              <tr className="data-table-groups">
                {groups.map((group) => (
                  <th
                    key={group.firstId}
                    scope="colgroup"
                    colSpan={group.span}
                    className={`text-center ${group.label === '' ? 'data-table-group-blank' : ''}`}
                  >
                    {group.label}
                  </th>
                ))}
              </tr>
            )}
            <tr>
              {shownColumns.map((column) => {
                const state = table.getColumn(column.id);
                const sorted = state?.getIsSorted() ?? false;
                const sortable = state?.getCanSort() ?? false;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    data-column={column.id}
                    title={column.label}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`${(column.filter ?? 'none') === 'text' ? '' : 'text-end'} ${stickyClass(column.id)} ${column.headerClassName ?? ''}`}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="data-table-sort"
                        onClick={state?.getToggleSortingHandler()}
                        aria-label={`Sort by ${column.label}`}
                      >
                        {column.header}
                        <span aria-hidden="true" className="data-table-sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
            {hasFilterRow && (
              <tr className="data-table-filters">
                {shownColumns.map((column) => (
                  <td key={column.id} className={stickyClass(column.id)}>
                    {(column.filter ?? 'none') !== 'none' && (
                      <Form.Control
                        size="sm"
                        type="text"
                        autoComplete="off"
                        spellCheck={false}
                        aria-label={`Filter ${column.label}`}
                        placeholder={column.filterPlaceholder}
                        value={filters[column.id] ?? ''}
                        onChange={(event) => setColumnFilter(column.id, event.currentTarget.value)}
                      />
                    )}
                  </td>
                ))}
              </tr>
            )}
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" className="data-table-spacer">
                <td colSpan={shownColumns.length} style={{ height: padTop }} />
              </tr>
            )}
            {drawn.map(renderRow)}
            {padBottom > 0 && (
              <tr aria-hidden="true" className="data-table-spacer">
                <td colSpan={shownColumns.length} style={{ height: padBottom }} />
              </tr>
            )}
            {tableRows.length === 0 && (
              <tr>
                <td colSpan={Math.max(1, shownColumns.length)} className="text-center text-body-secondary py-4">
                  {empty !== undefined ? (
                    empty({ filtered: rows.length > 0, clearFilters })
                  ) : rows.length > 0 ? (
                    <>
                      No rows match the filters.{' '}
                      <Button size="sm" variant="link" className="p-0 align-baseline" onClick={clearFilters}>
                        Clear filters
                      </Button>
                    </>
                  ) : (
                    emptyText
                  )}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function formatPlain(value: CellValue): string {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '–';
  return String(value);
}
