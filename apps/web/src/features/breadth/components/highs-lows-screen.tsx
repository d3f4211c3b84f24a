import {
  addCalendarDays,
  formatIndianNumber,
  istDateOf,
  istMidnight,
  istMillisOfDay,
  latestSessionAt,
  systemClock,
  type IsoDate,
} from '@fnodesk/domain';
import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categorySeriesOption } from '../../../components/charts/series-options';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { DatasetStatus } from '../../../components/market/dataset-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import { useRangeEndWithData } from '../../../lib/market/range-end';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useNow } from '../../../lib/market/use-now';
import { useDataQuery } from '../../../lib/use-data-query';
import { BREADTH_FILTERS, highsLowsRows, type BreadthFilter, type HighsLowsRow } from '../utils/highs-lows-series';

const RESOLUTIONS = ['1m', '3m', '5m', '15m'] as const;

/** A candle's start in IST as HH:MM. */
function clockOf(t: number): string {
  const minutes = Math.floor(istMillisOfDay(t) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const COLUMNS: DataTableColumn<HighsLowsRow>[] = [
  textColumn<HighsLowsRow>({ id: 'time', header: 'Time', value: (row) => clockOf(row.t), rowHeader: true }),
  numberColumn<HighsLowsRow>({ id: 'newHighs', header: 'New Highs', value: (row) => row.newHighs, digits: 0 }),
  numberColumn<HighsLowsRow>({ id: 'newLows', header: 'New Lows', value: (row) => row.newLows, digits: 0 }),
  numberColumn<HighsLowsRow>({
    id: 'net',
    header: 'Net New High Low',
    value: (row) => row.net,
    digits: 0,
    signed: true,
  }),
  numberColumn<HighsLowsRow>({
    id: 'cumulativeNet',
    header: 'Cumulative Net',
    value: (row) => row.cumulativeNet,
    digits: 0,
    signed: true,
  }),
];

/**
 * /pages/highs-lows (New Highs/New Lows): per candle, how many stocks of the group made a new high of the day
 * (green, up) and a new low (red, down), with the Net New High Low line and its running total on a second axis;
 * any past session by date. Refreshed at each candle in the live tier, on the minute when delayed.
 */
export function HighsLowsScreen({ theme, ...settings }: SnapshotScreenProps) {
  const [filter, setFilter] = useState<BreadthFilter>('all');
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('5m');
  const [date, setDate] = useState<IsoDate | null>(null);
  const now = useNow(settings.clock ?? systemClock, 60_000);
  const today = istDateOf(now);
  // The latest session on or before today (a weekend or holiday shows the last one), or the one before while the
  // data served has not reached today's open.
  const [end, reportServed] = useRangeEndWithData(now, 'NSE');
  const session = date ?? latestSessionAt(end, 'NSE').date;
  const query = useDataQuery('get_spot_cumulative', {
    filter,
    type: resolution,
    from: istMidnight(session),
    to: istMidnight(addCalendarDays(session, 1)) - 1,
  });
  const answer = query.data;
  useEffect(() => reportServed(answer), [answer, reportServed]);
  const page = useMarketDataPage({
    ...settings,
    exchange: 'NSE',
    served:
      answer === undefined
        ? undefined
        : { tier: answer.tier, asOf: answer.asOf, delayMs: answer.delayMs, receivedAt: answer.receivedAt },
    servedUntil: answer?.data.at(-1)?.t,
    tokens: [],
    ticks: 'none',
    refresh: () => void query.refetch(),
    refreshWhenLive: date === null,
  });
  const rows = highsLowsRows(answer?.data ?? []);
  const chart = categorySeriesOption({
    categories: rows.map((row) => clockOf(row.t)),
    series: [
      { name: 'New Highs', kind: 'bar', values: rows.map((row) => row.newHighs), colour: '#198754', stack: 'extremes' },
      { name: 'New Lows', kind: 'bar', values: rows.map((row) => -row.newLows), colour: '#dc3545', stack: 'extremes' },
      {
        name: 'Net New High Low',
        kind: 'line',
        values: rows.map((row) => row.net),
        colour: theme === 'dark' ? '#f8f9fa' : '#212529',
        rightAxis: true,
      },
      {
        name: 'Cumulative Net',
        kind: 'line',
        values: rows.map((row) => row.cumulativeNet),
        colour: '#0d6efd',
        rightAxis: true,
      },
    ],
    theme,
    formatValue: (value) => formatIndianNumber(value, 0),
  });

  return (
    <section className="highs-lows d-flex flex-column gap-3 py-2" aria-labelledby="highs-lows-heading">
      <div className="d-flex flex-wrap align-items-end gap-3">
        <h1 id="highs-lows-heading" className="h4 fw-bold mb-0 me-auto">
          New Highs/New Lows
        </h1>
        <Form.Group controlId="highs-lows-filter">
          <Form.Label className="small mb-0">Stocks</Form.Label>
          <Form.Select size="sm" value={filter} onChange={(event) => setFilter(event.target.value as BreadthFilter)}>
            {BREADTH_FILTERS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ChoiceButtons
          id="highs-lows-resolution"
          label="Resolution"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <Form.Group controlId="highs-lows-date">
          <Form.Label className="small mb-0">Date</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            max={today}
            value={session}
            onChange={(event) => setDate(event.target.value === '' ? null : event.target.value)}
          />
        </Form.Group>
      </div>
      <ChartDataStatus page={page} countdownTestId="page-countdown" />
      <DatasetStatus
        subject="new highs and lows"
        pending={query.isPending}
        error={query.isError}
        empty={rows.length === 0}
        onRetry={() => void query.refetch()}
        emptyText="No candles for this session yet: the market had not opened, or the day was a holiday."
      >
        <p className="small text-body-secondary mb-0">
          A stock makes a new high when its candle’s high passes every earlier high of the session, a new low when its
          low breaks every earlier low; the session’s first candle sets the day’s range.
        </p>
        <ChartPanel
          title="New Highs and New Lows per candle"
          option={chart}
          theme={theme}
          ariaLabel="New highs (up) and new lows (down) per candle with the net and cumulative net lines"
          height={320}
        />
        <DataTable
          columns={COLUMNS}
          rows={[...rows].reverse()}
          rowId={(row) => String(row.t)}
          caption="New highs and new lows per candle"
          testId="highs-lows-table"
          stickyColumnId="time"
          csvFileName={`highs-lows-${filter}-${session}.csv`}
          rowAttributes={(row) => ({ 'data-t': String(row.t) })}
        />
      </DatasetStatus>
    </section>
  );
}
