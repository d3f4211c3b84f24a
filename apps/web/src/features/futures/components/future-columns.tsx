import { abbreviateIndianNumber, BUILD_UP_STYLES, formatIndianNumber } from '@fnodesk/domain';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import type { FutureRow } from '../utils/futures-rows';

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));
const quantity = (value: number | null) =>
  value === null ? '–' : Math.abs(value) < 1000 ? formatIndianNumber(value, 0) : abbreviateIndianNumber(value);
const tone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';
const signed = (text: string, value: number | null) => (value !== null && value > 0 ? `+${text}` : text);

type NumericField = {
  [K in keyof FutureRow]: FutureRow[K] extends number | null ? K : never;
}[keyof FutureRow];

function numberColumn(
  id: NumericField,
  header: string,
  label: string,
  kind: 'price' | 'percent' | 'quantity' | 'count',
  coloured = false,
): DataTableColumn<FutureRow> {
  return {
    id,
    header,
    label,
    filter: 'numeric',
    value: (row) => (kind === 'quantity' || kind === 'count' ? row[id] : round2(row[id])),
    cell: (row) => {
      const value = row[id];
      const text =
        kind === 'quantity'
          ? quantity(value)
          : kind === 'count'
            ? value === null
              ? '–'
              : formatIndianNumber(value, 0)
            : price(value);
      return coloured ? signed(kind === 'percent' && value !== null ? `${text}%` : text, value) : text;
    },
    ...(coloured ? { cellClassName: (row: FutureRow) => tone(row[id]) } : {}),
  };
}

/** Market Movers' columns (pages brief G1): each with a filter cell; ids are what saved scans name. */
export function futureColumns(windowLabel: string): DataTableColumn<FutureRow>[] {
  return [
    {
      id: 'symbol',
      header: 'SYM',
      label: 'Symbol',
      filter: 'text',
      rowHeader: true,
      value: (row) => row.symbol,
    },
    { id: 'sector', header: 'SECTOR', label: 'Sector', filter: 'text', value: (row) => row.sector },
    numberColumn('lotSize', 'LOT SIZE', 'Lot size', 'count'),
    numberColumn('ltp', 'LTP', 'LTP', 'price'),
    numberColumn('ltpChange', 'LTP CHG', 'LTP change', 'price', true),
    numberColumn('ltpChangePercent', 'LTP PCHG', 'LTP change %', 'percent', true),
    numberColumn('oi', 'OI', 'OI', 'quantity'),
    numberColumn('oiChange', 'OI CHG', 'OI change', 'quantity', true),
    numberColumn('oiChangePercent', 'OI PCHG', 'OI change %', 'percent', true),
    numberColumn('volume', 'VOL', 'Volume', 'quantity'),
    numberColumn('atp', 'ATP', 'ATP', 'price'),
    numberColumn('open', 'DO', 'Day open', 'price'),
    numberColumn('high', 'DH', 'Day high', 'price'),
    numberColumn('low', 'DL', 'Day low', 'price'),
    {
      id: 'marker',
      header: 'O=H/L',
      label: 'Open = High / Low',
      filter: 'text',
      value: (row) => row.marker,
      cell: (row) =>
        row.marker === null ? (
          ''
        ) : (
          <span className={`badge ${row.marker === 'O=H' ? 'text-bg-danger' : 'text-bg-success'}`}>{row.marker}</span>
        ),
    },
    {
      id: 'buildUp',
      header: 'BUILD-UP',
      label: `Build-up (${windowLabel})`,
      filter: 'text',
      value: (row) => row.buildUp,
      cell: (row) => {
        const style = BUILD_UP_STYLES[row.buildUp];
        return (
          <span className={`badge text-bg-${style.tone}`} title={style.label}>
            {style.short}
          </span>
        );
      },
    },
    numberColumn('windowPricePercent', 'PRICE % (W)', `Price change % (${windowLabel})`, 'percent', true),
    numberColumn('windowOiPercent', 'OI % (W)', `OI change % (${windowLabel})`, 'percent', true),
    {
      id: 'oiValue',
      header: 'OI ₹ CR',
      label: 'OI value (₹ crore)',
      filter: 'numeric',
      value: (row) => (row.oiValue === null ? null : Math.round(row.oiValue / 1e5) / 100),
      cell: (row) => (row.oiValue === null ? '–' : formatIndianNumber(row.oiValue / 1e7, 2)),
    },
  ];
}
