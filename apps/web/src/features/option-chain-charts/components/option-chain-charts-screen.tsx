import {
  GroupedCandleChart,
  useChartGroup,
  type ChartGroup,
  type ChartTheme,
  type ChartValueUnit,
} from '@fnodesk/charts';
import type { Candle } from '@fnodesk/contracts';
import { findDerivativesUnderlying, isIntradayResolution, istDateOf, systemClock, type Clock } from '@fnodesk/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { intradayCandleEnd } from '../../../lib/market/data-mode';
import { holidayOn, useMarketCalendar } from '../../../lib/market/market-calendar-cache';
import { useDefaultInstrument } from '../../../lib/market/use-default-instrument';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useNow } from '../../../lib/market/use-now';
import { useDataQuery } from '../../../lib/use-data-query';
import { chosenExpiry } from '../../../lib/market/chosen-expiry';
import { useChartCandles } from '../hooks/use-chart-candles';
import { useLiveCandles, type LiveChartFeed } from '../hooks/use-live-candles';
import {
  INDEX_CHART_HEIGHT,
  readOptionChainChartsPreferences,
  writeOptionChainChartsPreferences,
  type OptionChainChartsPreferences,
} from '../utils/option-chain-charts-preferences';
import { chainRequestOf, chartExchanges, pageCandleSets } from '../utils/page-requests';
import {
  chartCount,
  INDEX_CHART_ID,
  strikeChartId,
  strikeEntries,
  strikeLabel,
  type StrikeEntry,
} from '../utils/strike-layout';
import { ChartsToolbar } from './charts-toolbar';
import { StrikeInfoTable } from './strike-info-table';
import './option-chain-charts.css';

/** Props of {@link OptionChainChartsScreen}. */
export interface OptionChainChartsScreenProps {
  /** The app's colour mode; the charts follow it. */
  theme: ChartTheme;
  clock?: Clock;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number;
  /** The server plays a past session again: prices are labelled as a replay. */
  replay?: boolean;
  /** The server's simulated market never closes (tests, demos). */
  alwaysOpen?: boolean;
}

/**
 * /pages/option-chain-charts (spec §2.8, §4.4): an index chart plus, for each strike around ATM, a call chart, an
 * info table and a put chart. One request loads every chart's history; in the live tier the feed's ticks update
 * all charts in one animation frame; delayed tiers refresh on the minute timer; a closed market shows history.
 */
export function OptionChainChartsScreen({
  theme,
  clock = systemClock,
  refreshMs,
  replay,
  alwaysOpen,
}: OptionChainChartsScreenProps) {
  const [preferences, setPreferences] = useState<OptionChainChartsPreferences>(readOptionChainChartsPreferences);
  const save = useCallback((next: OptionChainChartsPreferences) => {
    setPreferences(next);
    writeOptionChainChartsPreferences(next);
  }, []);
  const client = useFeedClient();
  const group = useChartGroup();
  // Mode decisions need minutes, not seconds: a slow clock keeps the page from re-rendering every second.
  const now = useNow(clock, 15_000);
  const calendar = useMarketCalendar(now);

  // Spec §4.4: the default instrument is the second item of the list (NIFTY).
  const { instrument, list } = useDefaultInstrument(preferences.instrument);
  const exchanges = useMemo(() => chartExchanges(instrument), [instrument]);
  const optionExchange = exchanges.option;

  const expiries = useDataQuery('get_option_expiry', instrument === null ? null : { name: instrument });
  const expiryList = useMemo(() => expiries.data?.data.expiries ?? [], [expiries.data]);
  // Spec §4.4: after an instrument change (expiry cleared) the first expiry is chosen; a stored expiry is used while
  // the list loads (see chosenExpiry).
  const stored = preferences.expiry;
  const expiry = chosenExpiry(stored, expiries.data?.data.expiries, istDateOf(now));
  useEffect(() => {
    // The chosen expiry is remembered for the next visit (the page's state keeps 'first expiry' semantics).
    if (expiry !== null && expiry !== stored && expiries.data !== undefined) {
      writeOptionChainChartsPreferences({ ...preferences, expiry });
    }
  }, [expiry, stored, expiries.data, preferences]);

  const chainRequest = chainRequestOf(instrument, expiry, preferences);
  const chain = useDataQuery('option_chain', chainRequest, {
    staleTime: Infinity,
    // Same instrument and expiry: keep the old strikes while the new count or basis loads.
    placeholderData: (previous) =>
      previous !== undefined &&
      chainRequest !== null &&
      previous.data.name === chainRequest.name &&
      previous.data.expiry === chainRequest.expiry
        ? previous
        : undefined,
  });
  const chainData = chain.data?.data;
  const entries = useMemo(() => (chainData === undefined ? [] : strikeEntries(chainData)), [chainData]);
  const indexShown = preferences.hideShow;
  const indexIsSpot = preferences.instrumentType === 'spot';
  const sets = useMemo(() => pageCandleSets(preferences, chainData, exchanges), [preferences, chainData, exchanges]);
  const { strikes: strikeSet, index: indexSet, indexToken } = sets;
  const indexExchange = indexSet?.exchange ?? (indexIsSpot ? exchanges.spot : optionExchange);
  const strikeTokens = useMemo(() => entries.flatMap((e) => [e.callToken, e.putToken]), [entries]);
  const candles = useChartCandles(strikeSet, indexSet, clock);
  useEffect(() => {
    // Spec §8: chart update failures are only logged; the candles already shown stay.
    // eslint-disable-next-line no-console -- the browser console is where failed chart updates are reported.
    if (candles.error !== null) console.warn('[option-chain-charts] candles not loaded', candles.error);
  }, [candles.error]);

  const firstStrikeCandles = entries[0] === undefined ? undefined : candles.byToken.get(entries[0].callToken);
  const refetchChain = chain.refetch;
  const refetchCandles = candles.refetch;
  const refresh = useCallback(() => {
    refetchCandles();
    void refetchChain();
  }, [refetchCandles, refetchChain]);
  const pageTokens = useMemo(
    () => (indexToken === null || !indexShown ? strikeTokens : [indexToken, ...strikeTokens]),
    [indexToken, indexShown, strikeTokens],
  );
  const page = useMarketDataPage({
    exchange: optionExchange,
    served: candles.strikes,
    servedUntil: intradayCandleEnd(firstStrikeCandles?.at(-1), preferences.resolutionStrike),
    tokens: pageTokens,
    // The charts draw ticks themselves, all in one animation frame (useLiveCandles); no React state per tick.
    ticks: 'none',
    refresh,
    // Thirty-one charts re-render in 5-second steps at most; the status line counts down on its own.
    renderEveryMs: 5_000,
    clock,
    refreshMs,
    replay,
    alwaysOpen,
  });
  const { mode, replaying } = page;
  const liveFeeds = useMemo<LiveChartFeed[]>(() => {
    const feeds: LiveChartFeed[] = [];
    if (indexSet !== null && indexToken !== null) {
      feeds.push({
        chartId: INDEX_CHART_ID,
        token: indexToken,
        resolution: indexSet.resolution,
        exchange: indexExchange,
        history: candles.byToken.get(indexToken),
      });
    }
    for (const entry of entries) {
      for (const side of ['CE', 'PE'] as const) {
        const token = side === 'CE' ? entry.callToken : entry.putToken;
        feeds.push({
          chartId: strikeChartId(entry.strike, side),
          token,
          resolution: preferences.resolutionStrike,
          exchange: optionExchange,
          history: candles.byToken.get(token),
        });
      }
    }
    return feeds;
  }, [indexSet, indexToken, indexExchange, entries, preferences.resolutionStrike, optionExchange, candles.byToken]);
  useLiveCandles(client, group, mode === 'live', replaying, liveFeeds);

  const holiday = calendar.data === undefined ? undefined : holidayOn(calendar.data.holidays, now);

  const tickOf = useCallback((token: number) => client.tick(token), [client]);
  const intradayStrikes = isIntradayResolution(preferences.resolutionStrike);
  const strikeCount = entries.length;

  return (
    <div
      className="occ d-flex flex-column gap-2"
      data-chart-count={chartCount(strikeCount, indexShown && indexToken !== null)}
    >
      <ChartsToolbar
        preferences={preferences}
        onChange={save}
        instrument={instrument}
        expiries={expiryList}
        expiry={expiry}
        expiriesLoading={expiries.isPending && instrument !== null}
      />
      <div data-testid="option-chain-charts-status" data-mode={mode ?? 'loading'} className="d-flex flex-column gap-1">
        <ChartDataStatus page={page} countdownTestId="option-chain-charts-countdown" holiday={holiday?.description} />
      </div>
      {list.isError && preferences.instrument === null && (
        <Problem text="The instrument list could not be loaded." onRetry={() => void list.refetch()} />
      )}
      {expiries.isError && <Problem text="The expiries could not be loaded." onRetry={() => void expiries.refetch()} />}
      {chain.isError && chainData === undefined && (
        <Problem text="The option chain could not be loaded." onRetry={() => void chain.refetch()} />
      )}
      {candles.error !== null && candles.byToken.size === 0 && (
        <Problem text="The candles could not be loaded." onRetry={candles.refetch} />
      )}
      {indexShown && (
        <section className="occ-chart card" aria-label="Index chart">
          <div className="card-header py-1 px-2">
            <h2 className="h6 mb-0">
              {instrument ?? ''} {indexIsSpot ? 'Spot' : 'Fut'}
            </h2>
          </div>
          <ChartArea
            group={group}
            chartId={INDEX_CHART_ID}
            candles={indexToken === null ? undefined : candles.byToken.get(indexToken)}
            theme={theme}
            type={indexIsSpot ? 'spot' : 'candles'}
            // An index and its future move in points; a stock's in rupees.
            valueUnit={
              instrument !== null && findDerivativesUnderlying(instrument)?.kind === 'index' ? 'points' : 'rupees'
            }
            intraday={isIntradayResolution(preferences.resolution)}
            showLegend={preferences.showLegend}
            height={INDEX_CHART_HEIGHT}
            ariaLabel={`${instrument ?? ''} ${indexIsSpot ? 'spot' : 'future'} ${preferences.resolution} candles over ${preferences.period}`}
            loading={chain.isPending || (indexToken !== null && candles.pending)}
          />
        </section>
      )}
      {chainData !== undefined && entries.length === 0 && (
        <p className="text-body-secondary mb-0">No strikes are listed for this expiry.</p>
      )}
      {chain.isPending && chainData === undefined && !chain.isError && (
        <div className="d-flex justify-content-center py-4">
          <Spinner animation="border" role="status" aria-label="Loading strikes" />
        </div>
      )}
      {entries.map((entry) => (
        <StrikeRow
          key={entry.strike}
          entry={entry}
          group={group}
          candlesOf={(token) => candles.byToken.get(token)}
          theme={theme}
          intraday={intradayStrikes}
          preferences={preferences}
          loading={candles.pending}
          tickOf={tickOf}
          live={mode === 'live'}
          clock={clock}
        />
      ))}
    </div>
  );
}

function Problem({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="py-2 px-2 mb-0 d-flex align-items-center gap-2">
      <span>{text}</span>
      <Button size="sm" variant="outline-danger" className="ms-auto" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

interface StrikeRowProps {
  entry: StrikeEntry;
  group: ChartGroup | null;
  candlesOf: (token: number) => Candle[] | undefined;
  theme: ChartTheme;
  intraday: boolean;
  preferences: OptionChainChartsPreferences;
  loading: boolean;
  tickOf: StrikeInfoTableProps['tickOf'];
  live: boolean;
  clock: Clock;
}

type StrikeInfoTableProps = Parameters<typeof StrikeInfoTable>[0];

/** One strike: 'Strike {n} Call', the info table, 'Strike {n} Puts' (spec §2.8). */
function StrikeRow({
  entry,
  group,
  candlesOf,
  theme,
  intraday,
  preferences,
  loading,
  tickOf,
  live,
  clock,
}: StrikeRowProps) {
  const label = strikeLabel(entry.strike);
  const { resolutionStrike, periodStrike, height, showLegend, showStikeInfo } = preferences;
  const side = (kind: 'CE' | 'PE') => {
    const title = `Strike ${label} ${kind === 'CE' ? 'Call' : 'Puts'}`;
    const token = kind === 'CE' ? entry.callToken : entry.putToken;
    const symbol = kind === 'CE' ? entry.callSymbol : entry.putSymbol;
    return (
      <section className={`occ-chart card ${entry.atm ? 'border-primary' : ''}`} aria-label={title}>
        <div className="card-header py-1 px-2 d-flex align-items-center gap-2">
          <h2 className="h6 mb-0">{title}</h2>
          <span className="small text-body-secondary text-truncate">{symbol}</span>
        </div>
        <ChartArea
          group={group}
          chartId={strikeChartId(entry.strike, kind)}
          candles={candlesOf(token)}
          theme={theme}
          type="candles"
          intraday={intraday}
          showLegend={showLegend}
          height={height}
          ariaLabel={`${title}: ${symbol} ${resolutionStrike} candles over ${periodStrike}`}
          loading={loading}
        />
      </section>
    );
  };
  return (
    <div
      className="occ-strike-row"
      data-strike={entry.strike}
      data-atm={entry.atm ? 'true' : undefined}
      data-info={showStikeInfo ? 'shown' : 'hidden'}
    >
      {side('CE')}
      {showStikeInfo && (
        <StrikeInfoTable
          entry={entry}
          tickOf={tickOf}
          live={live}
          clock={clock}
          lastCloseOf={(token) => candlesOf(token)?.at(-1)?.c}
        />
      )}
      {side('PE')}
    </div>
  );
}

interface ChartAreaProps {
  group: ChartGroup | null;
  chartId: string;
  candles: Candle[] | undefined;
  theme: ChartTheme;
  type: 'candles' | 'spot';
  valueUnit?: ChartValueUnit;
  intraday: boolean;
  showLegend: boolean;
  height: number;
  ariaLabel: string;
  loading: boolean;
}

const NO_CANDLES: readonly Candle[] = [];

/** A chart of the group with its loading and empty states drawn over it. */
function ChartArea({ group, chartId, candles, loading, height, ...options }: ChartAreaProps) {
  return (
    <div className="occ-chart-area position-relative" style={{ height }}>
      <GroupedCandleChart
        group={group}
        chartId={chartId}
        candles={candles ?? NO_CANDLES}
        showOi
        style={{ height }}
        {...options}
      />
      {candles === undefined && loading && (
        <div className="occ-chart-overlay">
          <Spinner animation="border" size="sm" role="status" aria-label="Loading candles" />
        </div>
      )}
      {candles !== undefined && candles.length === 0 && (
        <div className="occ-chart-overlay text-body-secondary small">No candles in this period.</div>
      )}
    </div>
  );
}
