import type { ChartTheme, CrosshairSync } from '@fnodesk/charts';
import { DEFAULT_INDICATOR_SETTINGS, type DrawingTool, type IndicatorKind } from '@fnodesk/charts/drawing';
import type { Candle } from '@fnodesk/contracts';
import { isIntradayResolution, type Clock } from '@fnodesk/domain';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { Form, Spinner } from 'react-bootstrap';
import { ChartDataStatus } from '../../../components/market/chart-data-status';
import { InstrumentPicker } from '../../../components/market/instrument-picker';
import { useAdvanceChart } from '../../../lib/advance-chart/use-advance-chart';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { useHeldTokens } from '../../../lib/feed/use-ticks';
import { intradayCandleEnd } from '../../../lib/market/data-mode';
import { searchInstruments } from '../../../lib/market/search-instruments';
import { useChartHistory } from '../../../lib/market/use-chart-history';
import { useFormingCandleFollower, type FollowFormingCandle } from '../../../lib/market/use-forming-candle';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import {
  PANE_RESOLUTIONS,
  paneInstrumentOf,
  type PaneInstrument,
  type PaneResolution,
  type PaneSettings,
} from '../utils/technical-analysis-preferences';
import { paneHistoryRange } from '../utils/pane-history';

/** Props of {@link AdvancePane}. */
export interface AdvancePaneProps {
  index: number;
  settings: PaneSettings;
  /** The instrument shown (pane 1's with MTF on). */
  instrument: PaneInstrument;
  /** MTF ties this pane's instrument to pane 1's. */
  tied: boolean;
  onChange: (settings: PaneSettings) => void;
  style: CSSProperties;
  theme: ChartTheme;
  indicators: readonly IndicatorKind[];
  /** The drawing tool, for the active pane only. */
  tool: DrawingTool | null;
  onToolChange: (tool: DrawingTool | null) => void;
  active: boolean;
  onActivate: () => void;
  crosshair: CrosshairSync;
  /** Where pane 1 shows the page's data status. */
  statusSlot: HTMLElement | null;
  clock: Clock;
  refreshMs: number | undefined;
  alwaysOpen: boolean | undefined;
}

/** One chart of the Advance Chart's split screen: its instrument and resolution, candles, indicators and drawings. */
export function AdvancePane(props: AdvancePaneProps) {
  const { index, settings, instrument, tied, onChange, style, theme, indicators, tool, onToolChange } = props;
  const { active, onActivate, crosshair, statusSlot, clock, refreshMs, alwaysOpen } = props;
  const { resolution } = settings;
  const position = index + 1;
  const client = useFeedClient();
  // Counted on the calendar when the pane opens or changes instrument or resolution (a walk over up to 2,000 sessions).
  const period = useMemo(
    () => paneHistoryRange(resolution, clock.now(), instrument.exchange),
    [resolution, clock, instrument.exchange],
  );
  const history = useChartHistory({ instrument, resolution, period }, clock);
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
    ticks: 'none',
    refresh,
    publishStatus: index === 0,
    renderEveryMs: 5_000,
    clock,
    ...(refreshMs === undefined ? {} : { refreshMs }),
    ...(alwaysOpen === undefined ? {} : { alwaysOpen }),
  });
  // The kit holds nothing for a chart that draws ticks itself: the pane holds its instrument for its forming candle.
  useHeldTokens(tokens, 'quote', page.mode === 'live');
  // The forming candle goes straight to the chart: a tick re-renders no pane (six panes re-rendering per tick took
  // longer than a frame). Only whether one has formed is kept, for the empty-history notice.
  const following = useFormingCandleFollower(
    client,
    instrument.token,
    page.mode === 'live',
    { resolution, exchange: instrument.exchange },
    lastCandle,
  );
  // Which follower formed a candle (a new one, for a new instrument or history, starts without).
  const [formedBy, setFormedBy] = useState<FollowFormingCandle | undefined>(undefined);
  const formed = following !== undefined && formedBy === following;
  const followLive = useMemo(
    () =>
      following === undefined
        ? undefined
        : (show: (candle: Candle) => void) => {
            // Only the first candle is news to the pane: a state update on every tick, even to the same value,
            // may render the pane again.
            let told = false;
            return following((candle) => {
              show(candle);
              if (told) return;
              told = true;
              setFormedBy(() => following);
            });
          },
    [following],
  );
  const chartRef = useRef<HTMLDivElement>(null);
  const chart = useAdvanceChart(chartRef, {
    theme,
    candles: data?.candles ?? [],
    liveCandle: null,
    followLive,
    indicators,
    settings: DEFAULT_INDICATOR_SETTINGS,
    intraday: isIntradayResolution(resolution),
    tool: active ? tool : null,
    onToolChange,
    // Drawings are kept per user and instrument (the token names the contract exactly).
    instrument: `${instrument.label}:${instrument.token}`,
  });
  useEffect(() => (chart === null ? undefined : crosshair.join(chart)), [chart, crosshair]);

  const state = history.isPending ? 'loading' : history.isError && data === undefined ? 'error' : 'ready';
  return (
    <section
      className={`ta-pane card ${active ? 'border-primary' : ''}`}
      style={style}
      aria-label={`Chart ${position}`}
      data-testid="ta-pane"
      data-pane={position}
      data-token={instrument.token}
      data-resolution={resolution}
      onPointerDown={onActivate}
      onFocus={onActivate}
    >
      <div className="card-header d-flex flex-wrap align-items-center gap-1 py-1 px-2">
        {tied ? (
          <span className="small fw-semibold" title="MTF: pane 1's instrument">
            {instrument.label}
          </span>
        ) : (
          <InstrumentPicker
            label={`Instrument of chart ${position}`}
            value={instrument.label}
            search={searchInstruments}
            onChange={(picked) => onChange({ ...settings, instrument: paneInstrumentOf(picked) })}
          />
        )}
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={`Resolution of chart ${position}`}
          value={resolution}
          onChange={(event) => onChange({ ...settings, resolution: event.currentTarget.value as PaneResolution })}
        >
          {PANE_RESOLUTIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Form.Select>
        {state === 'loading' && <Spinner animation="border" size="sm" role="status" aria-label="Loading candles" />}
        {state === 'error' && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={refresh}>
            Candles not loaded: try again
          </button>
        )}
        {state === 'ready' && (data?.candles.length ?? 0) === 0 && !formed && (
          <span className="small text-body-secondary">No candles in this period.</span>
        )}
      </div>
      <div ref={chartRef} className="ta-pane-chart" data-testid="ta-pane-chart" />
      {index === 0 &&
        statusSlot !== null &&
        createPortal(<ChartDataStatus page={page} countdownTestId="ta-countdown" />, statusSlot)}
    </section>
  );
}
