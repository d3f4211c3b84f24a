import { TradeButton } from '../../../components/trade-button';
import { CandleChartView, type ChartTheme } from '@fnodesk/charts';
import {
  CHART_PERIODS,
  formatIndianNumber,
  isIntradayResolution,
  resolutionsForPeriod,
  type ChartPeriod,
  type Clock,
  type Resolution,
} from '@fnodesk/domain';
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { InstrumentPicker } from '../../../components/market/instrument-picker';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { intradayCandleEnd } from '../../../lib/market/data-mode';
import { searchInstruments } from '../../../lib/market/search-instruments';
import { useChartHistory } from '../../../lib/market/use-chart-history';
import { useFormingCandle } from '../../../lib/market/use-forming-candle';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { chartInstrumentOf, withPeriod, type ChartSettings } from '../utils/chart-preferences';

/** Props of {@link ChartPanel}. */
export interface ChartPanelProps {
  settings: ChartSettings;
  onChange: (settings: ChartSettings) => void;
  /** Removes this chart; absent for the only one. */
  onRemove?: () => void;
  /** 1-based place on the page, for names read out to assistive technology. */
  position: number;
  theme: ChartTheme;
  /** Height of the chart area in pixels. */
  height: number;
  clock: Clock;
  refreshMs: number;
  /** Prices are a replay of a past session. */
  replay: boolean;
  /** The server's market never closes. */
  alwaysOpen: boolean;
  /** This chart's timing feeds the top bar's status dot (the first chart's does). */
  publishesStatus: boolean;
}

/** One chart of the Quick Charts page: its instrument, resolution and period, its data mode and its candles. */
export function ChartPanel(props: ChartPanelProps) {
  const {
    settings,
    onChange,
    onRemove,
    position,
    theme,
    height,
    clock,
    refreshMs,
    replay,
    alwaysOpen,
    publishesStatus,
  } = props;
  const { instrument, resolution, period } = settings;
  const ids = useId();
  const client = useFeedClient();
  const history = useChartHistory(settings, clock);
  const data = history.data;
  const lastCandle = data?.candles.at(-1);
  const refetch = history.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const tokens = useMemo(() => [instrument.token], [instrument.token]);
  const page = useMarketDataPage({
    exchange: instrument.exchange,
    served: data,
    servedUntil: intradayCandleEnd(lastCandle, resolution),
    dataAt: data?.receivedAt,
    tokens,
    ticks: 'change',
    refresh,
    publishStatus: publishesStatus,
    clock,
    refreshMs,
    replay,
    alwaysOpen,
  });
  const { mode } = page;
  const tick = page.ticks.ticks.get(instrument.token);
  const liveCandle = useFormingCandle(
    client,
    instrument.token,
    mode === 'live',
    { resolution, exchange: instrument.exchange },
    lastCandle,
  );
  useEffect(() => {
    // Spec §8: a failed chart update is only logged; the candles already shown stay.
    // eslint-disable-next-line no-console -- the browser console is where failed chart updates are reported.
    if (history.error !== null) console.warn('[quick-charts] candles not loaded', history.error);
  }, [history.error]);

  const price = mode === 'live' ? (tick?.lp ?? liveCandle?.c ?? lastCandle?.c) : lastCandle?.c;
  const previousClose = tick?.c;
  const change = price !== undefined && previousClose !== undefined ? price - previousClose : undefined;
  const chartName = `Chart ${position}: ${instrument.label} ${resolution} candles over ${period}`;

  return (
    <section className="quick-chart card h-100" aria-label={`Chart ${position}`}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2 py-2">
        <InstrumentPicker
          label={`Instrument of chart ${position}`}
          value={instrument.label}
          search={searchInstruments}
          onChange={(picked) => onChange({ ...settings, instrument: chartInstrumentOf(picked) })}
        />
        {(instrument.exchange === 'NFO' || instrument.exchange === 'BFO') && (
          <span className="d-inline-flex gap-1">
            <TradeButton instrumentToken={instrument.token} side="BUY" size="sm" label={`BUY ${instrument.label}`}>
              BUY
            </TradeButton>
            <TradeButton instrumentToken={instrument.token} side="SELL" size="sm" label={`SELL ${instrument.label}`}>
              SELL
            </TradeButton>
          </span>
        )}
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={`Resolution of chart ${position}`}
          value={resolution}
          onChange={(event) => onChange({ ...settings, resolution: event.currentTarget.value as Resolution })}
        >
          {resolutionsForPeriod(period).map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={`Period of chart ${position}`}
          value={period}
          onChange={(event) => onChange(withPeriod(settings, event.currentTarget.value as ChartPeriod))}
        >
          {CHART_PERIODS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Form.Select>
        <span className="ms-auto d-flex align-items-baseline gap-2">
          <span className="small text-body-secondary" id={`${ids}-ltp`}>
            LTP
          </span>
          <output
            className="fw-semibold font-monospace"
            aria-labelledby={`${ids}-ltp`}
            data-testid="quick-chart-ltp"
            data-mode={mode ?? 'loading'}
          >
            {price === undefined ? '–' : formatIndianNumber(price)}
          </output>
          {change !== undefined && previousClose !== undefined && previousClose !== 0 && (
            <span className={`small ${change >= 0 ? 'text-success' : 'text-danger'}`}>
              {change >= 0 ? '+' : ''}
              {formatIndianNumber(change)} ({formatIndianNumber((change / previousClose) * 100)}%)
            </span>
          )}
        </span>
        {onRemove !== undefined && (
          <Button size="sm" variant="outline-secondary" onClick={onRemove} aria-label={`Remove chart ${position}`}>
            ×
          </Button>
        )}
      </div>
      <div className="card-body p-2 d-flex flex-column gap-2">
        <ChartDataStatus page={page} countdownTestId="quick-chart-countdown" />
        <ChartBody
          height={height}
          state={
            history.isPending
              ? 'loading'
              : history.isError && data === undefined
                ? 'error'
                : (data?.candles.length ?? 0) === 0 && liveCandle === null
                  ? 'empty'
                  : 'ready'
          }
          onRetry={() => void refetch()}
        >
          <CandleChartView
            candles={data?.candles ?? []}
            liveCandle={liveCandle}
            theme={theme}
            intraday={isIntradayResolution(resolution)}
            showOi={instrument.exchange === 'NFO' || instrument.exchange === 'BFO'}
            style={{ height }}
            ariaLabel={chartName}
          />
        </ChartBody>
      </div>
    </section>
  );
}

/** The chart area in each of its states: loading, failed, empty, or the chart itself. */
function ChartBody({
  state,
  height,
  onRetry,
  children,
}: {
  state: 'loading' | 'error' | 'empty' | 'ready';
  height: number;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state === 'ready') return <>{children}</>;
  return (
    <div
      className="d-flex flex-column align-items-center justify-content-center text-body-secondary"
      style={{ height }}
    >
      {state === 'loading' && <Spinner animation="border" role="status" aria-label="Loading candles" />}
      {state === 'error' && (
        <>
          <p className="mb-2">The candles could not be loaded.</p>
          <Button size="sm" variant="outline-primary" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
      {state === 'empty' && <p className="mb-0">No candles in this period.</p>}
    </div>
  );
}
