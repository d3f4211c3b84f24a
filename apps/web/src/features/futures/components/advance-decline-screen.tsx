import type { ChartTheme } from '@fnodesk/charts';
import type { FeedTick } from '@fnodesk/contracts';
import { formatIndianNumber, latestOpenedSessionAt } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Badge, Form } from 'react-bootstrap';
import { z } from 'zod';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChoiceButtons, PageHeader } from '../../../components/market/page-header';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { useStoredChoices } from '../../../lib/use-stored-choices';
import { advanceDecline, breadthDivergence, sectorCards, type CardSortField, type StockMove } from '../utils/breadth';
import { breadthChartOption } from '../utils/breadth-chart';
import { STOCK_GROUPS } from '../utils/stock-groups';
import { GroupSelect } from './futures-controls';
import { SectorCardGrid } from './sector-card-grid';
import { UniverseState } from './universe-state';

/** The index list holding every F&O stock (with its sector). */
const ALL_STOCKS_INDEX = 'NIFTY 500';
const RESOLUTIONS = ['1m', '3m', '5m', '15m'] as const;

const ChoicesSchema = z.object({
  group: z.enum(['all', 'nifty', 'banknifty', 'niftynxt50', 'sensex', 'midcpnifty']).catch('all'),
  resolution: z.enum(RESOLUTIONS).catch('5m'),
  sort: z.enum(['changePercent', 'change', 'price', 'symbol']).catch('changePercent'),
  descending: z.boolean().catch(true),
});

const SORT_LABELS: Readonly<Record<CardSortField, string>> = {
  changePercent: 'PCHG',
  change: 'CHG',
  price: 'LTP',
  symbol: 'SYMBOL',
};

function moveOf(symbol: string, sector: string, tick: FeedTick | undefined): StockMove {
  const price = tick?.lp ?? null;
  const close = tick?.c ?? tick?.prev?.lp ?? null;
  const change = price === null || close === null ? null : Math.round((price - close) * 100) / 100;
  return {
    symbol,
    sector,
    price,
    change,
    changePercent: change === null || close === null || close === 0 ? null : (change / close) * 100,
  };
}

/**
 * /pages/advance-decline, Advance/Decline: the group's advances, declines and unchanged with the A/D ratio, a
 * divergence badge when the group's index rises while A/D is below 1 (or falls while above), sector cards ordered by
 * their average % move (SYMBOL, LTP, CHG, CHG %), and advances and declines per candle with the net line.
 */
export function AdvanceDeclineScreen({ theme }: { theme: ChartTheme }) {
  const [choices, choose] = useStoredChoices('advance-decline', ChoicesSchema);
  const sectorsQuery = useDataQuery('get_index_sector', {});
  const sectors = sectorsQuery.data?.data;
  const groupIndex = STOCK_GROUPS.find((entry) => entry.group === choices.group)?.index ?? 'NIFTY 50';
  const { stocks, indexToken } = useMemo(() => {
    const list = sectors?.find((entry) => entry.index === (choices.group === 'all' ? ALL_STOCKS_INDEX : groupIndex));
    const index = sectors?.find((entry) => entry.index === groupIndex);
    return { stocks: list?.constituents ?? [], indexToken: index?.token ?? null };
  }, [sectors, choices.group, groupIndex]);
  const tokens = useMemo(
    () => [...stocks.map((stock) => stock.token), ...(indexToken === null ? [] : [indexToken])],
    [stocks, indexToken],
  );
  const ticksQuery = useDataQuery('ticks', tokens.length === 0 ? null : { tokens }, {
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const answer = ticksQuery.data;
  const servedUntil = useMemo(() => {
    let latest = 0;
    for (const tick of answer?.data ?? []) latest = Math.max(latest, tick.ts);
    return latest === 0 ? undefined : latest;
  }, [answer]);

  // The session the ticks are from (a replayed one included), counted up to the ticks' instant; before its open (a
  // pre-open tick, a delayed tier in the session's first minutes) the previous session, which has candles.
  const marketNow = servedUntil ?? null;
  const session = marketNow === null ? null : latestOpenedSessionAt(marketNow, 'NSE');
  const breadthParams =
    session === null || marketNow === null
      ? null
      : {
          filter: choices.group,
          type: choices.resolution,
          from: String(session.open),
          to: String(Math.min(session.close, marketNow)),
        };
  const breadthQuery = useDataQuery('get_spot_cumulative', breadthParams, {
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

  const refetchTicks = ticksQuery.refetch;
  const refetchBreadth = breadthQuery.refetch;
  const refresh = useCallback(() => {
    void refetchTicks();
    void refetchBreadth();
  }, [refetchTicks, refetchBreadth]);
  const page = useMarketDataPage({
    exchange: 'NSE',
    served: answer,
    servedUntil,
    dataAt: servedUntil,
    tokens,
    ticks: 'frame',
    refresh,
  });

  const moves = useMemo(() => {
    const served = new Map((answer?.data ?? []).map((tick) => [tick.token, tick]));
    const live = page.ticks.ticks;
    return stocks.map((stock) => moveOf(stock.symbol, stock.sector, live.get(stock.token) ?? served.get(stock.token)));
  }, [answer, page.ticks.ticks, stocks]);
  const indexMove = useMemo(() => {
    if (indexToken === null) return null;
    const tick = page.ticks.ticks.get(indexToken) ?? answer?.data.find((entry) => entry.token === indexToken);
    return moveOf(groupIndex, 'Index', tick);
  }, [indexToken, page.ticks.ticks, answer, groupIndex]);
  const counts = advanceDecline(moves);
  const divergence = breadthDivergence(indexMove?.change ?? null, counts);
  const cards = useMemo(
    () => sectorCards(moves, choices.sort, choices.descending),
    [moves, choices.sort, choices.descending],
  );
  const chart = useMemo(
    () => (breadthQuery.data === undefined ? null : breadthChartOption(breadthQuery.data.data, theme)),
    [breadthQuery.data, theme],
  );

  const state =
    (sectorsQuery.isError && sectors === undefined) || (ticksQuery.isError && answer === undefined)
      ? 'error'
      : answer === undefined
        ? 'loading'
        : stocks.length === 0
          ? 'empty'
          : 'ready';

  return (
    <div className="advance-decline d-flex flex-column gap-2">
      <PageHeader
        title="Advance/Decline"
        idPrefix="advance-decline"
        status={{
          mode: page.mode,
          lastUpdatedAt: page.lastUpdatedAt,
          nextUpdateSeconds: page.nextUpdateSeconds,
          replay: page.replaying,
        }}
        banner={page.banner === null ? null : { text: page.banner.text, tone: page.banner.variant }}
      >
        <GroupSelect idPrefix="advance-decline" value={choices.group} onChange={(group) => choose({ group })} />
        <Form.Group controlId="advance-decline-resolution">
          <Form.Label className="small mb-0">Resolution</Form.Label>
          <Form.Select
            size="sm"
            value={choices.resolution}
            onChange={(event) =>
              choose({ resolution: RESOLUTIONS.find((entry) => entry === event.currentTarget.value) ?? '5m' })
            }
          >
            {RESOLUTIONS.map((entry) => (
              <option key={entry}>{entry}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="advance-decline-sort">
          <Form.Label className="small mb-0">Sort by</Form.Label>
          <Form.Select
            size="sm"
            value={choices.sort}
            onChange={(event) => {
              const sort = (Object.keys(SORT_LABELS) as CardSortField[]).find(
                (key) => key === event.currentTarget.value,
              );
              choose({ sort: sort ?? 'changePercent' });
            }}
          >
            {(Object.keys(SORT_LABELS) as CardSortField[]).map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ChoiceButtons
          id="advance-decline-direction"
          label="Order"
          choice={{
            options: ['ASC', 'DESC'] as const,
            value: choices.descending ? 'DESC' : 'ASC',
            onChange: (value) => choose({ descending: value === 'DESC' }),
          }}
        />
      </PageHeader>
      <UniverseState state={state} what="the stocks" retry={refresh}>
        <dl className="d-flex flex-wrap gap-2 mb-0" data-testid="breadth-summary">
          <div className="border rounded px-2 py-1">
            <dt className="small text-body-secondary fw-normal">Advances</dt>
            <dd className="mb-0 fw-semibold text-success" data-testid="advances">
              {counts.advances}
            </dd>
          </div>
          <div className="border rounded px-2 py-1">
            <dt className="small text-body-secondary fw-normal">Declines</dt>
            <dd className="mb-0 fw-semibold text-danger" data-testid="declines">
              {counts.declines}
            </dd>
          </div>
          <div className="border rounded px-2 py-1">
            <dt className="small text-body-secondary fw-normal">Unchanged</dt>
            <dd className="mb-0 fw-semibold" data-testid="unchanged">
              {counts.unchanged}
            </dd>
          </div>
          <div className="border rounded px-2 py-1">
            <dt className="small text-body-secondary fw-normal">A/D ratio</dt>
            <dd className="mb-0 fw-semibold font-monospace" data-testid="ad-ratio">
              {counts.ratio === null ? '–' : formatIndianNumber(counts.ratio, 2)}
            </dd>
          </div>
          <div className="border rounded px-2 py-1">
            <dt className="small text-body-secondary fw-normal">{groupIndex}</dt>
            <dd
              className={`mb-0 fw-semibold font-monospace ${(indexMove?.change ?? 0) >= 0 ? 'text-success' : 'text-danger'}`}
              data-testid="index-change"
            >
              {indexMove?.changePercent === null || indexMove === null
                ? '–'
                : `${indexMove.changePercent > 0 ? '+' : ''}${formatIndianNumber(indexMove.changePercent, 2)}%`}
            </dd>
          </div>
          {divergence !== null && (
            <div className="align-self-center">
              <Badge
                bg={divergence === 'bearish' ? 'danger' : 'success'}
                data-testid="divergence-badge"
                title={
                  divergence === 'bearish'
                    ? `${groupIndex} is up while fewer stocks advance than decline`
                    : `${groupIndex} is down while more stocks advance than decline`
                }
              >
                {divergence === 'bearish'
                  ? 'Bearish divergence: index up, A/D < 1'
                  : 'Bullish divergence: index down, A/D > 1'}
              </Badge>
            </div>
          )}
        </dl>
        {chart !== null && (
          <ChartPanel
            title={`Advances and declines per ${choices.resolution} candle`}
            option={chart}
            theme={theme}
            ariaLabel="Advances, declines and net per candle"
            height={260}
          />
        )}
        <SectorCardGrid cards={cards} priceLabel="LTP" />
      </UniverseState>
    </div>
  );
}
