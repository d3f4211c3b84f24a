// React binding of the multi-series chart and of a panel grid's crosshair sync: React owns the lifecycle only.
import { createElement, useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import type { ChartTheme } from './chart-theme';
import { CrosshairSync, MultiSeriesChart, type SeriesSpec } from './multi-series-chart';
import { useChartLifecycle } from './use-chart-lifecycle';

/** One {@link CrosshairSync} for a panel grid, living as long as the calling component. */
export function useCrosshairSync(): CrosshairSync {
  const [sync] = useState(() => new CrosshairSync());
  return sync;
}

/** Props of {@link MultiSeriesChartView}. */
export interface MultiSeriesChartViewProps {
  series: readonly SeriesSpec[];
  theme: ChartTheme;
  /** Minute data (time of day on the axis) or daily. Default true. */
  intraday?: boolean;
  /** The grid's sync: the chart's crosshair follows, and leads, the other panels'. */
  sync?: CrosshairSync;
  className?: string;
  /** The element needs a height (the chart fills it and follows its size). */
  style?: CSSProperties;
  /** Names the chart for assistive technology, e.g. 'NIFTY 25,000 CE price and OI'. */
  ariaLabel: string;
}

/** Several series over one time scale, on a left and a right price scale, filling a `<div>`. */
export function MultiSeriesChartView({
  series,
  theme,
  intraday = true,
  sync,
  className,
  style,
  ariaLabel,
}: MultiSeriesChartViewProps): ReactElement {
  const containerRef = useRef<HTMLDivElement>(null);
  const chart = useChartLifecycle(containerRef, (container) => new MultiSeriesChart(container, { theme, intraday }));

  useEffect(() => {
    chart?.setTheme(theme);
  }, [chart, theme]);
  useEffect(() => {
    chart?.setSeries(series);
  }, [chart, series]);
  useEffect(() => (chart === null || sync === undefined ? undefined : sync.join(chart)), [chart, sync]);

  return createElement('div', { ref: containerRef, className, style, role: 'img', 'aria-label': ariaLabel });
}
