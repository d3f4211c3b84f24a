import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { dataTableCsv, type DataTableColumn } from './data-table-columns';

interface Stock {
  symbol: string;
  ltp: number;
  oi: number | null;
}

const COLUMNS: DataTableColumn<Stock>[] = [
  { id: 'symbol', header: 'SYM', label: 'Symbol', value: (row) => row.symbol, filter: 'text', rowHeader: true },
  { id: 'ltp', header: 'LTP', label: 'Last price', value: (row) => row.ltp, filter: 'numeric' },
  { id: 'oi', header: 'OI', label: 'Open interest', value: (row) => row.oi, filter: 'numeric' },
];
const STOCKS: Stock[] = [
  { symbol: 'RELIANCE', ltp: 2_950.5, oi: 1_20_000 },
  { symbol: 'INFY', ltp: 1_510, oi: null },
  { symbol: 'TCS', ltp: 4_100, oi: 80_000 },
];

function table(rows: Stock[] = STOCKS, virtualFrom?: number) {
  return render(
    <DataTable
      columns={COLUMNS}
      rows={rows}
      rowId={(row) => row.symbol}
      caption="Stocks"
      testId="stocks"
      stickyColumnId="symbol"
      columnChooser
      empty={({ filtered }) => (filtered ? 'No rows match the filters.' : 'No rows.')}
      {...(virtualFrom === undefined ? {} : { virtualFrom })}
    />,
  );
}

const bodySymbols = () =>
  within(screen.getByTestId('stocks'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('sorts numbers by a heading: largest first, then smallest first, then back to the given order', async () => {
    table();
    const sort = screen.getByRole('button', { name: 'Sort by Last price' });
    await userEvent.click(sort);
    expect(bodySymbols()).toEqual(['TCS', 'RELIANCE', 'INFY']);
    await userEvent.click(sort);
    expect(bodySymbols()).toEqual(['INFY', 'RELIANCE', 'TCS']);
    await userEvent.click(sort);
    expect(bodySymbols()).toEqual(['RELIANCE', 'INFY', 'TCS']);
  });

  it('puts blank cells last whichever way it sorts', async () => {
    table();
    const sort = screen.getByRole('button', { name: 'Sort by Open interest' });
    await userEvent.click(sort);
    expect(bodySymbols()).toEqual(['RELIANCE', 'TCS', 'INFY']);
    await userEvent.click(sort);
    expect(bodySymbols()).toEqual(['TCS', 'RELIANCE', 'INFY']);
  });

  it('sorts text alphabetically, A first', async () => {
    table();
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Symbol' }));
    expect(bodySymbols()).toEqual(['INFY', 'RELIANCE', 'TCS']);
  });

  it('filters a numeric column by an operator and a number, and a text column by a substring', async () => {
    table();
    await userEvent.type(screen.getByLabelText('Filter Last price'), '>2000');
    expect(bodySymbols()).toEqual(['RELIANCE', 'TCS']);
    await userEvent.type(screen.getByLabelText('Filter Symbol'), 'rel');
    expect(bodySymbols()).toEqual(['RELIANCE']);
  });

  it('accepts Indian grouping and lakh units in a numeric filter, and fails blank cells', async () => {
    table();
    await userEvent.type(screen.getByLabelText('Filter Open interest'), '>=1L');
    expect(bodySymbols()).toEqual(['RELIANCE']);
  });

  it('says why the table is empty when the filters leave nothing', async () => {
    table();
    await userEvent.type(screen.getByLabelText('Filter Last price'), '<0');
    expect(screen.getByText('No rows match the filters.')).toBeInTheDocument();
  });

  it('hides a column from the chooser, but never the sticky one', async () => {
    table();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.queryByLabelText('Symbol')).toBeNull();
    await userEvent.click(screen.getByLabelText('Open interest'));
    expect(screen.queryByRole('columnheader', { name: /OI/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /LTP/ })).toBeInTheDocument();
  });

  it('draws only the rows in view of a long table, keeping the scroll height of all of them', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ symbol: `S${i}`, ltp: i, oi: i }));
    const { container } = table(many, 100);
    expect(within(screen.getByTestId('stocks')).queryAllByRole('rowheader').length).toBeLessThan(100);
    const spacers = [...container.querySelectorAll<HTMLElement>('.data-table-spacer td')];
    const spacerHeight = spacers.reduce((sum, cell) => sum + Number.parseFloat(cell.style.height), 0);
    expect(spacerHeight).toBeGreaterThan(300 * 31);
  });

  it('exports the rows shown under their full labels, blanks for missing values', () => {
    const csv = dataTableCsv(STOCKS.slice(0, 2), COLUMNS);
    expect(csv.split('\r\n')).toEqual(['Symbol,Last price,Open interest', 'RELIANCE,2950.5,120000', 'INFY,1510,', '']);
  });
});
