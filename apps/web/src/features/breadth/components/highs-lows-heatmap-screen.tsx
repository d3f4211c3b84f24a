import {
  addCalendarDays,
  istDateOf,
  istMidnight,
  istMillisOfDay,
  latestSessionAt,
  systemClock,
  type IsoDate,
} from '@fnodesk/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { heatmapOption } from '../../../components/charts/echart-options';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { DatasetStatus } from '../../../components/market/dataset-status';
import { ChoiceButtons } from '../../../components/market/page-header';
import { useRangeEndWithData } from '../../../lib/market/range-end';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useNow } from '../../../lib/market/use-now';
import { dataQueryOptions, useDataQuery } from '../../../lib/use-data-query';
import { extremesGrid, sortExtremes, type ExtremesSort } from '../utils/highs-lows-grid';
import { BREADTH_FILTERS, type BreadthFilter } from '../utils/highs-lows-series';

const RESOLUTIONS = ['5m', '15m', '30m'] as const;
/** Tokens per `pattern` request (the contracts' limit). */
const TOKENS_PER_REQUEST = 50;
const ROW_PX = 16;

function clockOf(t: number): string {
  const minutes = Math.floor(istMillisOfDay(t) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * /pages/highs-lows-heatmap: rows are the group's stocks, columns the session's candles; green where a stock made a
 * new day high, red a new day low (the same rule as New Highs/New Lows); Sort High List, Sort Low List, Reset.
 */
export function HighsLowsHeatmapScreen({ theme, ...settings }: SnapshotScreenProps) {
  const [filter, setFilter] = useState<BreadthFilter>('nifty');
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>('15m');
  const [date, setDate] = useState<IsoDate | null>(null);
  const [sort, setSort] = useState<ExtremesSort>('name');
  const now = useNow(settings.clock ?? systemClock, 60_000);
  const today = istDateOf(now);
  // The latest session on or before today (a weekend or holiday shows the last one), or the one before while the
  // data served has not reached today's open.
  const [end, reportServed] = useRangeEndWithData(now, 'NSE');
  const session = date ?? latestSessionAt(end, 'NSE').date;
  const members = useDataQuery('search', { query: '', filter }, { staleTime: 10 * 60_000 });
  const stocks = (members.data?.data ?? []).filter((instrument) => instrument.instrumentType === 'EQ');
  const chunks: (typeof stocks)[] = [];
  for (let start = 0; start < stocks.length; start += TOKENS_PER_REQUEST) {
    chunks.push(stocks.slice(start, start + TOKENS_PER_REQUEST));
  }
  const window = { from: istMidnight(session), to: istMidnight(addCalendarDays(session, 1)) - 1 };
  const candles = useQueries({
    queries: chunks.map((chunk) =>
      dataQueryOptions('pattern', {
        tokens: chunk.map((stock) => stock.instrumentToken),
        type: resolution,
        ...window,
      }),
    ),
  });
  const first = candles[0]?.data;
  useEffect(() => reportServed(first), [first, reportServed]);
  const refetchAll = () => candles.forEach((entry) => void entry.refetch());
  const page = useMarketDataPage({
    ...settings,
    exchange: 'NSE',
    served:
      first === undefined
        ? undefined
        : { tier: first.tier, asOf: first.asOf, delayMs: first.delayMs, receivedAt: first.receivedAt },
    tokens: [],
    ticks: 'none',
    refresh: refetchAll,
    refreshWhenLive: date === null,
  });

  const byToken = new Map(candles.flatMap((entry) => entry.data?.data ?? []).map((set) => [set.token, set.candles]));
  const grid = extremesGrid(
    stocks.map((stock) => ({ symbol: stock.name, candles: byToken.get(stock.instrumentToken) ?? [] })),
  );
  const rows = sortExtremes(grid.rows, sort);
  // ECharts draws the first category at the bottom; reversed, the list reads top-down.
  const shown = [...rows].reverse();
  const option = heatmapOption({
    xLabels: grid.times.map(clockOf),
    yLabels: shown.map((row) => `${row.symbol} (${row.highs}/${row.lows})`),
    cells: shown.flatMap((row, y) => row.marks.map((mark, x) => [x, y, mark] as const)),
    theme,
    formatValue: (value) => (value > 0 ? 'New high' : value < 0 ? 'New low' : '–'),
    colours: ['#dc3545', theme === 'dark' ? '#2b3035' : '#f8f9fa', '#198754'],
  });
  const pending = members.isPending || candles.some((entry) => entry.isPending);
  const failed = members.isError || candles.some((entry) => entry.isError);

  return (
    <section className="highs-lows-heatmap d-flex flex-column gap-3 py-2" aria-labelledby="highs-lows-heatmap-heading">
      <div className="d-flex flex-wrap align-items-end gap-3">
        <h1 id="highs-lows-heatmap-heading" className="h4 fw-bold mb-0 me-auto">
          Highs/Lows Heatmap
        </h1>
        <Form.Group controlId="highs-lows-heatmap-filter">
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
          id="highs-lows-heatmap-resolution"
          label="Resolution"
          choice={{ options: RESOLUTIONS, value: resolution, onChange: setResolution }}
        />
        <Form.Group controlId="highs-lows-heatmap-date">
          <Form.Label className="small mb-0">Date</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            max={today}
            value={session}
            onChange={(event) => setDate(event.target.value === '' ? null : event.target.value)}
          />
        </Form.Group>
        <ButtonGroup size="sm" aria-label="Sort">
          <Button
            variant={sort === 'high' ? 'success' : 'outline-success'}
            aria-pressed={sort === 'high'}
            onClick={() => setSort('high')}
          >
            Sort High List
          </Button>
          <Button
            variant={sort === 'low' ? 'danger' : 'outline-danger'}
            aria-pressed={sort === 'low'}
            onClick={() => setSort('low')}
          >
            Sort Low List
          </Button>
          <Button variant="outline-secondary" onClick={() => setSort('name')}>
            Reset
          </Button>
        </ButtonGroup>
      </div>
      <ChartDataStatus page={page} countdownTestId="page-countdown" />
      <DatasetStatus
        subject="highs and lows"
        pending={pending}
        error={failed}
        empty={grid.times.length === 0}
        onRetry={() => (members.isError ? void members.refetch() : refetchAll())}
        emptyText="No candles for this session yet: the market had not opened, or the day was a holiday."
      >
        <p className="small text-body-secondary mb-0" data-testid="heatmap-order">
          Green: a new high of the day; red: a new low (the first candle sets the range). Beside each stock: its new
          highs/new lows. Order:{' '}
          {rows
            .slice(0, 5)
            .map((row) => `${row.symbol} (${row.highs}/${row.lows})`)
            .join(', ')}
          {rows.length > 5 ? '…' : ''}
        </p>
        <ChartPanel
          title={`${BREADTH_FILTERS.find((option) => option.id === filter)?.label ?? ''}: new highs and lows by candle`}
          option={option}
          theme={theme}
          ariaLabel="Stocks by candle: green for a new day high, red for a new day low"
          height={Math.max(240, rows.length * ROW_PX + 80)}
        />
      </DatasetStatus>
    </section>
  );
}
