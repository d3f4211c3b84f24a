// CSV export of the table as shown: the visible columns of the rows the filters left, plus each row's trading
// symbols, numbers plain (no grouping, no K/L/Cr) so a spreadsheet reads them as numbers.
import { istDateOf, istMillisOfDay, type EpochMs } from '@fnodesk/domain';
import type { ChainColumn } from './chain-columns';
import { roundedValue } from './chain-columns';
import type { ChainTableRow } from './chain-table-rows';
import { csvText } from '../../../lib/table/csv';

/** The CSV text (CRLF line ends) of `rows` under `columns`, with the calls' and puts' trading symbols first. */
export function chainCsv(rows: readonly ChainTableRow[], columns: readonly ChainColumn[]): string {
  const header = ['Calls Symbol', ...columns.map((column) => column.label), 'Puts Symbol'];
  const lines = rows.map((row) => [
    row.ce.tradingSymbol,
    ...columns.map((column) => {
      const value = column.value(row);
      return value === null || !Number.isFinite(value) ? '' : String(roundedValue(column, value));
    }),
    row.pe.tradingSymbol,
  ]);
  return csvText(header, lines);
}

/**
 * The file name of an export: instrument, expiry, and the IST date and minute the data is as of, e.g.
 * NIFTY-2026-11-24-at-2026-11-20-1529.csv.
 */
export function chainCsvFileName(name: string, expiry: string, at: EpochMs): string {
  const minutes = Math.floor(istMillisOfDay(at) / 60_000);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `${name}-${expiry}-at-${istDateOf(at)}-${clock}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
}
