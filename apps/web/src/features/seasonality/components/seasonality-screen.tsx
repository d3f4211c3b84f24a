import { monthAbbreviation } from '@fnodesk/domain';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { DatasetHeader, DatasetStatus } from '../../../components/market/dataset-status';
import { InstrumentPicker } from '../../../components/market/instrument-picker';
import { readStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { searchInstruments } from '../../../lib/market/search-instruments';
import { useDataQuery } from '../../../lib/use-data-query';
import {
  monthStatistics,
  seasonalityYears,
  type MonthStatistics,
  type SeasonalityYear,
} from '../utils/seasonality-grid';
import './seasonality-screen.css';

const MONTHS = Array.from({ length: 12 }, (_, index) => index);
const STORAGE_KEY = 'seasonality';

/** Green for a rise, red for a fall, stronger beyond ±5 %. */
function toneClass(value: number | null | undefined): string {
  if (value == null || value === 0) return '';
  const strong = Math.abs(value) >= 5;
  return value > 0
    ? strong
      ? 'seasonality-up-strong'
      : 'seasonality-up'
    : strong
      ? 'seasonality-down-strong'
      : 'seasonality-down';
}

const YEAR_COLUMNS: DataTableColumn<SeasonalityYear>[] = [
  {
    ...numberColumn<SeasonalityYear>({ id: 'year', header: 'Year', value: (row) => row.year, digits: 0 }),
    rowHeader: true,
    cell: (row) => String(row.year),
  },
  ...MONTHS.map((index) => ({
    ...numberColumn<SeasonalityYear>({
      id: `m${index + 1}`,
      header: monthAbbreviation(index + 1),
      value: (row) => row.months[index] ?? null,
      suffix: '%',
    }),
    cellClassName: (row: SeasonalityYear) => `text-end font-monospace ${toneClass(row.months[index])}`,
  })),
  {
    ...numberColumn<SeasonalityYear>({
      id: 'yearly',
      header: 'Yearly Returns',
      value: (row) => row.yearly,
      suffix: '%',
    }),
    cellClassName: (row: SeasonalityYear) => `text-end font-monospace fw-semibold ${toneClass(row.yearly)}`,
  },
];

/** One row of the statistics table: a statistic across the twelve months. */
interface StatisticRow {
  id: keyof Omit<MonthStatistics, 'month' | 'years'>;
  label: string;
  values: (number | null)[];
}

const STATISTICS: readonly { id: StatisticRow['id']; label: string }[] = [
  { id: 'average', label: 'Avg Monthly Perf' },
  { id: 'median', label: 'Median' },
  { id: 'hitRate', label: 'Hit Rate (years up)' },
  { id: 'best', label: 'Best' },
  { id: 'worst', label: 'Worst' },
  { id: 'standardDeviation', label: 'Std Dev' },
];

const STATISTIC_COLUMNS: DataTableColumn<StatisticRow>[] = [
  textColumn<StatisticRow>({ id: 'statistic', header: 'Statistic', value: (row) => row.label, rowHeader: true }),
  ...MONTHS.map((index) => ({
    ...numberColumn<StatisticRow>({
      id: `m${index + 1}`,
      header: monthAbbreviation(index + 1),
      value: (row) => row.values[index] ?? null,
      suffix: '%',
    }),
    cellClassName: (row: StatisticRow) =>
      `text-end font-monospace ${row.id === 'hitRate' || row.id === 'standardDeviation' ? '' : toneClass(row.values[index])}`,
  })),
];

/**
 * /pages/seasonality: an index's or stock's return in every calendar month (close over the previous month's close)
 * by year, newest first, with the compounded year (so far, for the current one), and per month of the year its
 * average, median, hit rate (share of years up), best, worst and spread.
 */
export function SeasonalityScreen() {
  const [name, setName] = useState(() => readStoredItem(STORAGE_KEY) ?? 'NIFTY');
  const spot = useDataQuery('spot', { name }, { staleTime: 10 * 60_000 });
  const token = spot.data?.data.token;
  const query = useDataQuery('seasonality', token === undefined ? null : { token }, { staleTime: 30 * 60_000 });
  const answer = query.data?.data;
  const years = answer === undefined ? [] : seasonalityYears(answer);
  const statistics = monthStatistics(years);
  const statisticRows: StatisticRow[] = STATISTICS.map(({ id, label }) => ({
    id,
    label,
    values: statistics.map((month) => month[id]),
  }));
  const latest = answer?.months.at(-1);

  return (
    <section className="seasonality d-flex flex-column gap-3 py-2" aria-labelledby="seasonality-heading">
      <DatasetHeader
        id="seasonality-heading"
        title="Seasonality"
        asOf={latest === undefined ? null : `${monthAbbreviation(latest.month)} ${latest.year} (so far)`}
      >
        <Form.Group controlId="seasonality-instrument" style={{ minWidth: 200 }}>
          <InstrumentPicker
            label="Instrument"
            value={name}
            search={searchInstruments}
            onChange={(picked) => {
              setName(picked.name);
              writeStoredItem(STORAGE_KEY, picked.name);
            }}
          />
        </Form.Group>
      </DatasetHeader>
      <DatasetStatus
        subject="seasonality"
        pending={spot.isPending || (token !== undefined && query.isPending)}
        error={spot.isError || query.isError}
        empty={years.length === 0}
        onRetry={() => void (spot.isError ? spot.refetch() : query.refetch())}
      >
        <p className="small text-body-secondary mb-0">
          {answer?.name}: each month’s close against the previous month’s close, in per cent; a year compounds its
          months. Hit rate is the share of years the month closed higher.
        </p>
        <DataTable
          columns={STATISTIC_COLUMNS}
          rows={statisticRows}
          rowId={(row) => row.id}
          caption={`${name} monthly statistics`}
          testId="seasonality-statistics"
          stickyColumnId="statistic"
          rowAttributes={(row) => ({ 'data-statistic': row.id })}
        />
        <DataTable
          columns={YEAR_COLUMNS}
          rows={years}
          rowId={(row) => String(row.year)}
          caption={`${name} monthly returns by year`}
          testId="seasonality-grid"
          stickyColumnId="year"
          csvFileName={`${name}-seasonality.csv`}
          rowAttributes={(row) => ({ 'data-year': String(row.year) })}
        />
      </DatasetStatus>
    </section>
  );
}
