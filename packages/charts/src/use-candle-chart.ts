// React binding: React owns only the chart's lifecycle (create on mount, destroy on unmount) and forwards props;
// the chart is never re-created by a re-render.
import { createElement, useEffect, useRef, type CSSProperties, type ReactElement, type RefObject } from 'react';
import type { Candle } from '@fnodesk/contracts';
import { CandleChart, type CandleChartOptions, type CrosshairListener } from './candle-chart';
import { useChartLifecycle } from './use-chart-lifecycle';

/**
 * Creates a {@link CandleChart} in the referenced element once it is mounted and destroys it on unmount; option
 * changes are applied to the same chart. Returns the chart (null until mounted) for `setCandles`/`updateCandle`.
 */
export function useCandleChart(
  containerRef: RefObject<HTMLElement | null>,
  options: CandleChartOptions,
): CandleChart | null {
  const { theme, type, showVolume, showAtp, showOi, showLegend, intraday } = options;
  const chart = useChartLifecycle(containerRef, (container) => new CandleChart(container, options));

  useEffect(() => {
    chart?.setOptions({ theme, type, showVolume, showAtp, showOi, showLegend, intraday });
  }, [chart, theme, type, showVolume, showAtp, showOi, showLegend, intraday]);

  return chart;
}

/** Props of {@link CandleChartView}. */
export interface CandleChartViewProps extends CandleChartOptions {
  /** The history to show; a new array replaces what is shown (a periodic refresh keeps the user's scroll). */
  candles: readonly Candle[];
  /** The still-forming candle from the live feed, if any. */
  liveCandle?: Candle | null;
  /** Called with the candle under the crosshair, or null when it leaves the candles. */
  onCrosshair?: CrosshairListener;
  className?: string;
  /** The element needs a height (the chart fills it and follows its size). */
  style?: CSSProperties;
  /** Names the chart for assistive technology, e.g. 'NIFTY 5 minute candles'. */
  ariaLabel?: string;
}

/** A candle chart filling a `<div>`: history from `candles`, the live candle from `liveCandle`. */
export function CandleChartView({
  candles,
  liveCandle = null,
  onCrosshair,
  className,
  style,
  ariaLabel,
  ...options
}: CandleChartViewProps): ReactElement {
  const containerRef = useRef<HTMLDivElement>(null);
  const chart = useCandleChart(containerRef, options);
  const latestLive = useRef<Candle | null>(liveCandle);

  useEffect(() => {
    if (chart === null) return;
    chart.setCandles(candles);
    // A history answer may end before the live candle; keep the live candle on top of it.
    if (latestLive.current !== null) chart.updateCandle(latestLive.current);
  }, [chart, candles]);

  useEffect(() => {
    latestLive.current = liveCandle;
    if (chart !== null && liveCandle !== null) chart.updateCandle(liveCandle);
  }, [chart, liveCandle]);

  useEffect(() => {
    if (chart === null || onCrosshair === undefined) return undefined;
    return chart.onCrosshair(onCrosshair);
  }, [chart, onCrosshair]);

  // A figure rather than an image: an image's content is hidden from assistive technology, and the legend inside
  // names the candle under the crosshair.
  return createElement('div', { ref: containerRef, className, style, role: 'figure', 'aria-label': ariaLabel });
}
