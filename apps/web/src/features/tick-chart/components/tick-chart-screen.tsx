import type { ChartTheme } from '@fnodesk/charts';
import {
  DEFAULT_PICKER_ROOT,
  formatIndianNumber,
  latestSessionAt,
  MAX_TICKS_PER_CANDLE,
  sessionOn,
  systemClock,
  tickCandles,
  type Clock,
} from '@fnodesk/domain';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { z } from 'zod';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { numberColumn, textColumn } from '../../../components/data-table/number-columns';
import { PageHeader } from '../../../components/market/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { dataQueryOptions, useDataQuery, type DataAnswer } from '../../../lib/use-data-query';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { tickCandlesOption, tradeLineOption } from '../utils/tick-chart-option';
import { historyPages, joinTrades, type ChartTrade } from '../utils/tick-trades';
import { useLiveTrades } from '../utils/use-live-trades';

/** The N of N-tick candles the page offers; any other from 1 to 10,000 is typed in. */
const TICK_COUNTS = [50, 100, 250, 500, 1000] as const;
/** The most candles drawn at once, and the most trades drawn as a line: the newest. */
const MAX_DRAWN = 8_000;
const MAX_TRADES_DRAWN = 3_000;
/** Trades listed in the time-and-sales tape: the newest. */
const TAPE_ROWS = 200;

const ChoicesSchema = z.object({
  instrument: z.string().catch(DEFAULT_PICKER_ROOT),
  ticks: z.number().int().min(1).max(MAX_TICKS_PER_CANDLE).catch(100),
  view: z.enum(['candles', 'line']).catch('candles'),
});

const timeOf = (ts: number) => new Date(ts).toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour12: false });

const TAPE_COLUMNS: DataTableColumn<ChartTrade & { id: number }>[] = [
  textColumn({ id: 'time', header: 'Time', value: (trade) => timeOf(trade.ts), rowHeader: true }),
  numberColumn({ id: 'price', header: 'Price', value: (trade) => trade.price }),
  numberColumn({ id: 'quantity', header: 'Qty', label: 'Quantity', value: (trade) => trade.quantity, digits: 0 }),
  {
    ...textColumn<ChartTrade & { id: number }>({
      id: 'side',
      header: 'Side',
      label: 'Aggressor',
      value: (trade) => (trade.side === 'buy' ? 'Buy' : 'Sell'),
    }),
    cellClassName: (trade) => (trade.side === 'buy' ? 'text-success' : 'text-danger'),
  },
  numberColumn({ id: 'bid', header: 'Bid', value: (trade) => trade.bid }),
  numberColumn({ id: 'ask', header: 'Ask', value: (trade) => trade.ask }),
];

type RawTicksResult = UseQueryResult<DataAnswer<'raw_ticks'>>;

/** The history pages' trades (newest page first), the first page's answer, and their state, kept while unchanged. */
function combineHistory(results: RawTicksResult[]) {
  return {
    pages: results.map((result) => result.data?.data.trades ?? []),
    first: results[0]?.data,
    pending: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
    refetch: () => results.forEach((result) => void result.refetch()),
  };
}

/** Props of {@link TickChartScreen}. */
export interface TickChartScreenProps {
  theme: ChartTheme;
  clock?: Clock;
  refreshMs?: number;
  alwaysOpen?: boolean;
}

/**
 * /pages/tick-chart: every trade of an underlying's near-month future, from the trade history (an hour per request,
 * paged back on request) and, in the live tier, the feed: N-tick candles (N chosen, 1 to 10,000) or every trade as a
 * line, with the volume bought at the ask and sold at the bid below, and a time-and-sales tape.
 */
export function TickChartScreen({ theme, clock = systemClock, refreshMs, alwaysOpen }: TickChartScreenProps) {
  const [choices, choose] = useStoredChoices('tick-chart', ChoicesSchema);
  const [customText, setCustomText] = useState(String(choices.ticks));
  const [hours, setHours] = useState(1);
  const contracts = useDataQuery('instruments', { name: choices.instrument }, { staleTime: 10 * 60_000 });
  const future = useMemo(
    () =>
      (contracts.data?.data ?? [])
        .filter((instrument) => instrument.instrumentType === 'FUT')
        .sort((a, b) => (a.expiry ?? '').localeCompare(b.expiry ?? ''))[0],
    [contracts.data],
  );
  const token = future?.instrumentToken ?? null;
  // The history ends where the server's market is: the first request asks up to now (the session's close at most)
  // and the answer's asOf moves the end back when the market served is behind (a delayed tier, a replayed session).
  const session = useMemo(() => sessionOn(latestSessionAt(clock.now(), 'NFO').date, 'NFO'), [clock]);
  const start = session?.open ?? clock.now() - 3_600_000;
  const endNow = useCallback(
    () => (session === null ? clock.now() : Math.min(clock.now(), session.close)),
    [clock, session],
  );
  const [end, setEnd] = useState(endNow);
  const pages = useMemo(() => historyPages(end, start, hours), [end, start, hours]);
  const history = useQueries({
    queries: pages.map((page) =>
      dataQueryOptions('raw_ticks', token === null ? null : { token, ...page }, { staleTime: Infinity, clock }),
    ),
    combine: combineHistory,
  });
  const first = history.first;
  if (first?.asOf !== undefined && first.asOf < end - 1_000 && first.asOf > start) setEnd(first.asOf);
  // Delayed tiers move the history on at each refresh; the live tier adds the feed's trades instead.
  const refresh = useCallback(() => setEnd(endNow()), [endNow]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: first,
    tokens: token === null ? [] : [token],
    ticks: 'none',
    refresh,
    // The chart redraws for trades, not for the clock: the status line needs no per-second render.
    renderEveryMs: 5_000,
    clock,
    ...(refreshMs === undefined ? {} : { refreshMs }),
    ...(alwaysOpen === undefined ? {} : { alwaysOpen }),
  });
  const live = useLiveTrades(token, page.mode === 'live');
  const trades = useMemo(() => joinTrades(history.pages, live), [history.pages, live]);
  const candles = useMemo(() => tickCandles(trades, choices.ticks), [trades, choices.ticks]);
  const option = useMemo(
    () =>
      choices.view === 'candles'
        ? tickCandlesOption(candles.slice(-MAX_DRAWN), theme)
        : tradeLineOption(trades.slice(-MAX_TRADES_DRAWN), theme),
    [choices.view, candles, trades, theme],
  );
  const tape = useMemo(
    () =>
      trades
        .slice(-TAPE_ROWS)
        .map((trade, i) => ({ ...trade, id: i }))
        .reverse(),
    [trades],
  );
  const pending = contracts.isPending || history.pending;
  const failed = contracts.isError || history.failed;
  const canPageBack = pages.length === hours && (pages.at(-1)?.from ?? start) > start;
  const pickTicks = (ticks: number) => {
    choose({ ticks });
    setCustomText(String(ticks));
  };
  const customValue = Number(customText);
  const customValid = Number.isInteger(customValue) && customValue >= 1 && customValue <= MAX_TICKS_PER_CANDLE;
  const label = future?.tradingSymbol ?? choices.instrument;
  const last = trades.at(-1);

  return (
    <div className="tick-chart d-flex flex-column gap-2">
      <PageHeader
        title="Tick Chart"
        idPrefix="tick-chart"
        instrument={{
          value: choices.instrument,
          onChange: (name) => {
            choose({ instrument: name });
            setHours(1);
          },
        }}
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
        priceCards={last === undefined ? [] : [{ label, price: last.price, change: null, changePercent: null }]}
      >
        <div className="d-flex flex-column">
          <span className="small" id="tick-chart-ticks">
            Ticks per candle
          </span>
          <div className="d-flex flex-wrap align-items-center gap-1">
            <ButtonGroup size="sm" aria-labelledby="tick-chart-ticks">
              {TICK_COUNTS.map((count) => (
                <Button
                  key={count}
                  variant={choices.ticks === count ? 'primary' : 'outline-primary'}
                  aria-pressed={choices.ticks === count}
                  onClick={() => pickTicks(count)}
                >
                  {count}
                </Button>
              ))}
            </ButtonGroup>
            <Form
              className="d-flex gap-1"
              onSubmit={(event) => {
                event.preventDefault();
                if (customValid) pickTicks(customValue);
              }}
            >
              <Form.Control
                size="sm"
                type="number"
                min={1}
                max={MAX_TICKS_PER_CANDLE}
                step={1}
                style={{ width: '6rem' }}
                aria-label="Custom ticks per candle"
                isInvalid={!customValid}
                value={customText}
                onChange={(event) => setCustomText(event.target.value)}
              />
              <Button size="sm" type="submit" variant="outline-secondary" disabled={!customValid}>
                Apply
              </Button>
            </Form>
          </div>
        </div>
        <div className="d-flex flex-column">
          <span className="small" id="tick-chart-view">
            View
          </span>
          <ButtonGroup size="sm" aria-labelledby="tick-chart-view">
            <Button
              variant={choices.view === 'candles' ? 'primary' : 'outline-primary'}
              aria-pressed={choices.view === 'candles'}
              onClick={() => choose({ view: 'candles' })}
            >
              Candles
            </Button>
            <Button
              variant={choices.view === 'line' ? 'primary' : 'outline-primary'}
              aria-pressed={choices.view === 'line'}
              onClick={() => choose({ view: 'line' })}
            >
              Every trade
            </Button>
          </ButtonGroup>
        </div>
      </PageHeader>
      {pending ? (
        <PageSpinner label="Loading trades…" />
      ) : failed ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" data-testid="tick-chart-error">
          <span>The trades could not be loaded. Please try again.</span>
          <Button size="sm" variant="outline-danger" onClick={history.refetch}>
            Retry
          </Button>
        </div>
      ) : trades.length === 0 ? (
        <div className="alert alert-secondary" data-testid="tick-chart-empty">
          No trades of {label} in this hour yet (the market may be closed or a holiday).
        </div>
      ) : (
        <>
          <p className="small text-body-secondary mb-0" data-testid="tick-chart-summary">
            {formatIndianNumber(trades.length, 0)} trades from {timeOf(trades[0]!.ts)} to {timeOf(last!.ts)}
            {choices.view === 'candles' &&
              ` in ${formatIndianNumber(candles.length, 0)} candles of ${formatIndianNumber(choices.ticks, 0)} trades`}
            {live.length > 0 && `; ${formatIndianNumber(live.length, 0)} live`}.
          </p>
          <ChartPanel
            title={`${label} tick chart`}
            option={option}
            theme={theme}
            ariaLabel={`${label}: ${choices.view === 'candles' ? `${choices.ticks}-tick candles` : 'every trade'} with volume`}
            height={420}
            actions={
              <Button
                size="sm"
                variant="outline-secondary"
                className="py-0"
                disabled={!canPageBack}
                onClick={() => setHours((count) => count + 1)}
              >
                Earlier hour
              </Button>
            }
          />
          <DataTable
            columns={TAPE_COLUMNS}
            rows={tape}
            rowId={(trade) => `${trade.ts}-${trade.id}`}
            caption="Time and sales"
            testId="tick-chart-tape"
            stickyColumnId="time"
            csvFileName={`tick-chart-${label}.csv`}
          />
        </>
      )}
    </div>
  );
}
