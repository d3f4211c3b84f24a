// The straddle and strangle tables' columns (pages brief G6), shared by the pages listing a chain's pairs.
import { formatIndianNumber } from '@fnodesk/domain';
import { strikeLabel } from '../../../components/charts/echart-options';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { pairLabel, type PremiumFigures, type PremiumPairRow } from './premium-pairs';

/** Which pairs a screen lists. */
export type PairKind = 'straddle' | 'strangle';

const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));
const signed = (value: number | null, suffix = '') =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, 2)}${suffix}`;
const tone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function figureColumns(
  group: string,
  key: string,
  pick: (row: PremiumPairRow) => PremiumFigures,
): DataTableColumn<PremiumPairRow>[] {
  const change = (
    id: string,
    header: string,
    points: (f: PremiumFigures) => number | null,
    percent: (f: PremiumFigures) => number | null,
  ): DataTableColumn<PremiumPairRow> => ({
    id: `${key}.${id}`,
    header,
    label: `${group} ${header}`,
    group,
    filter: 'numeric',
    value: (row) => rounded(points(pick(row))),
    cellClassName: (row) => tone(points(pick(row))),
    cell: (row) => `${signed(points(pick(row)))} (${signed(percent(pick(row)), '%')})`,
  });
  return [
    {
      id: `${key}.ltp`,
      header: 'LTP',
      label: `${group} LTP`,
      group,
      filter: 'numeric',
      value: (row) => rounded(pick(row).ltp),
      cell: (row) => price(pick(row).ltp),
    },
    change(
      'sinceClose',
      'Since Close',
      (f) => f.sinceClose,
      (f) => f.sinceClosePercent,
    ),
    change(
      'sinceOpen',
      'Since Open',
      (f) => f.sinceOpen,
      (f) => f.sinceOpenPercent,
    ),
  ];
}

/** The straddle or strangle table's columns: the pair's strikes, both legs' and the pair's figures, and its ATP. */
export function pairColumns(kind: PairKind): DataTableColumn<PremiumPairRow>[] {
  const title = kind === 'straddle' ? 'Straddle' : 'Strangle';
  const strikeColumn: DataTableColumn<PremiumPairRow> = {
    id: 'strike',
    header: kind === 'straddle' ? 'Strike' : 'Strikes',
    label: kind === 'straddle' ? 'Strike' : 'Strikes (CE/PE)',
    filter: kind === 'straddle' ? 'numeric' : 'text',
    rowHeader: true,
    value: (row) => (kind === 'straddle' ? row.strike : pairLabel(row, strikeLabel)),
    cell: (row) => pairLabel(row, strikeLabel),
  };
  return [
    strikeColumn,
    ...figureColumns('Call', 'ce', (row) => row.ce),
    ...figureColumns('Put', 'pe', (row) => row.pe),
    ...figureColumns(title, 'pair', (row) => row.combined),
    {
      id: 'pair.atp',
      header: 'ATP',
      label: `${title} ATP`,
      group: title,
      filter: 'numeric',
      value: (row) => rounded(row.combined.atp),
      cell: (row) => price(row.combined.atp),
    },
  ];
}
