import type { ChartTheme } from '@fnodesk/charts';
import type { DrawingTool } from '@fnodesk/charts/drawing';
import { isIntradayResolution, istDateOf, systemClock, type Clock } from '@fnodesk/domain';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { intradayCandleEnd } from '../../../lib/market/data-mode';
import { chosenExpiry } from '../../../lib/market/chosen-expiry';
import { useDefaultInstrument } from '../../../lib/market/use-default-instrument';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { useStrikeCandles } from '../api/get-advance-chart-data';
import {
  readAdvanceChartPreferences,
  writeAdvanceChartPreferences,
  type AdvanceChartPreferences,
} from '../utils/advance-chart-preferences';
import { advanceCandleSet, advanceChainRequest, optionExchangeOf } from '../utils/advance-chart-requests';
import { strikePairs, strikeTitles } from '../utils/strike-pairs';
import { AdvanceChartToolbar } from './advance-chart-toolbar';
import { StrikeChartCard } from './strike-chart-card';
import './option-chain-charts-tv.css';

/** Props of {@link OptionChainChartsTvScreen}. */
export interface OptionChainChartsTvScreenProps {
  /** The app's colour mode; the charts follow it. */
  theme: ChartTheme;
  /** Where the Option Chain Charts page is (the link back). */
  chartsPath: string;
  clock?: Clock;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number;
  /** The server plays a past session again: prices are labelled as a replay. */
  replay?: boolean;
  /** The server's simulated market never closes (tests, demos). */
  alwaysOpen?: boolean;
}

const StrikeChart = memo(StrikeChartCard);

/**
 * /pages/option-chain-charts-tv (the Advance Chart version of Option Chain Charts, spec §2.8): for each strike
 * around ATM a call and a put chart with indicators (ATP/VWAP, EMA, SMA, Bollinger, RSI in its own pane) and
 * drawing tools (saved per instrument). Live candles in the live tier; the delayed tiers' banner and refresh timer;
 * history only while the market is closed.
 */
export function OptionChainChartsTvScreen({
  theme,
  chartsPath,
  clock = systemClock,
  refreshMs,
  replay,
  alwaysOpen,
}: OptionChainChartsTvScreenProps) {
  const [preferences, setPreferences] = useState<AdvanceChartPreferences>(readAdvanceChartPreferences);
  const save = useCallback((next: AdvanceChartPreferences) => {
    setPreferences(next);
    writeAdvanceChartPreferences(next);
  }, []);
  const [tool, setTool] = useState<DrawingTool | null>(null);
  const client = useFeedClient();

  // Spec §4.4: the default instrument is the second item of the list (NIFTY).
  const { instrument } = useDefaultInstrument(preferences.instrument);
  const exchange = optionExchangeOf(instrument);

  const expiries = useDataQuery('get_option_expiry', instrument === null ? null : { name: instrument });
  const expiryList = useMemo(() => expiries.data?.data.expiries ?? [], [expiries.data]);
  // Spec §4.4: after an instrument change (expiry cleared) the first expiry is chosen; a stored expiry is used while
  // the list loads (see chosenExpiry).
  const expiry = chosenExpiry(preferences.expiry, expiries.data?.data.expiries, istDateOf(clock.now()));

  const chain = useDataQuery('option_chain', advanceChainRequest(instrument, expiry, preferences), {
    staleTime: Infinity,
  });
  const pairs = useMemo(() => (chain.data === undefined ? [] : strikePairs(chain.data.data)), [chain.data]);
  const tokens = useMemo(() => pairs.flatMap((pair) => [pair.call.token, pair.put.token]), [pairs]);
  const { resolution, period } = preferences;
  const candleRequest = useMemo(
    () => (chain.data === undefined ? null : advanceCandleSet({ resolution, period }, chain.data.data, exchange)),
    [chain.data, exchange, resolution, period],
  );
  const candles = useStrikeCandles(candleRequest, clock);
  const data = candles.isPlaceholderData ? undefined : candles.data;
  useEffect(() => {
    // Spec §8: a failed chart update is only logged; the candles already shown stay.
    // eslint-disable-next-line no-console -- the browser console is where failed chart updates are reported.
    if (candles.error !== null) console.warn('[option-chain-charts-tv] candles not loaded', candles.error);
  }, [candles.error]);

  const firstCandles = pairs[0] === undefined ? undefined : candles.data?.candles.get(pairs[0].call.token);
  const refetch = candles.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const page = useMarketDataPage({
    exchange,
    served: candles.data,
    servedUntil: intradayCandleEnd(firstCandles?.at(-1), resolution),
    dataAt: candles.data?.receivedAt,
    tokens,
    ticks: 'change',
    refresh,
    clock,
    refreshMs,
    replay,
    alwaysOpen,
  });
  const { mode } = page;
  const view = page.ticks;
  const intraday = isIntradayResolution(resolution);
  const loadingStrikes = instrument === null || expiries.isPending || chain.isPending;
  const failed = expiries.isError || chain.isError;

  return (
    <div className="option-chain-charts-tv d-flex flex-column gap-2">
      <h1 className="h5 mb-0">Option Chain Charts · Advance Chart</h1>
      <AdvanceChartToolbar
        preferences={preferences}
        onChange={save}
        instrument={instrument}
        expiry={expiry}
        expiries={expiryList}
        expiriesLoading={expiries.isPending}
        tool={tool}
        onToolChange={setTool}
        chartsPath={chartsPath}
      />
      <ChartDataStatus page={page} countdownTestId="advance-chart-countdown" />
      {failed ? (
        <div className="text-center text-body-secondary py-5">
          <p className="mb-2">The strikes could not be loaded.</p>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void (expiries.isError ? expiries.refetch() : chain.refetch())}
          >
            Try again
          </Button>
        </div>
      ) : loadingStrikes ? (
        <div className="d-flex justify-content-center py-5">
          <Spinner animation="border" role="status" aria-label="Loading strikes" />
        </div>
      ) : pairs.length === 0 ? (
        <p className="text-center text-body-secondary py-5 mb-0">No strikes listed for this expiry.</p>
      ) : (
        <>
          {candles.isError && data === undefined && (
            <Alert variant="danger" className="py-1 px-2 mb-0 small d-flex align-items-center gap-2">
              The candles could not be loaded.
              <Button size="sm" variant="outline-danger" onClick={() => void refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          <div className="advance-chart-grid" data-strikes={pairs.length}>
            {pairs.flatMap((pair) => {
              const titles = strikeTitles(pair.strike);
              return [
                { side: 'CE', option: pair.call, title: titles.call },
                { side: 'PE', option: pair.put, title: titles.put },
              ].map(({ side, option, title }) => (
                <StrikeChart
                  key={`${pair.strike}-${side}`}
                  title={title}
                  symbol={option.symbol}
                  token={option.token}
                  exchange={exchange}
                  resolution={resolution}
                  intraday={intraday}
                  candles={data?.candles.get(option.token)}
                  live={mode === 'live' && !view.denied.has(option.token)}
                  client={client}
                  theme={theme}
                  height={preferences.height}
                  indicators={preferences.indicators}
                  settings={preferences.settings}
                  tool={tool}
                  onToolChange={setTool}
                />
              ));
            })}
          </div>
        </>
      )}
    </div>
  );
}
