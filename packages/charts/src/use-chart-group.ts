// React binding of a chart group: the page owns one group (created on mount, destroyed with every chart on
// unmount); each chart element joins it and hands it its candles. Live candles bypass React: the page queues them
// on the group, which applies them in one animation frame.
import { createElement, useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import type { Candle } from '@fnodesk/contracts';
import type { CandleChartOptions } from './candle-chart';
import { ChartGroup, type ChartGroupOptions } from './chart-group';

/**
 * A {@link ChartGroup} living as long as the calling component (null until mounted). The options are read once;
 * the event callbacks may change between renders.
 */
export function useChartGroup(options: ChartGroupOptions = {}): ChartGroup | null {
  const [group, setGroup] = useState<ChartGroup | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    const created = new ChartGroup({
      ...latest.current,
      painted: (id) => latest.current.painted?.(id),
      flushed: (flush) => latest.current.flushed?.(flush),
    });
    setGroup(created);
    return () => {
      created.destroy();
      setGroup(null);
    };
  }, []);
  return group;
}

/** Props of {@link GroupedCandleChart}. */
export interface GroupedCandleChartProps extends CandleChartOptions {
  group: ChartGroup | null;
  /** The chart's id in the group; live candles are queued under it. */
  chartId: string;
  /** The history; a new array replaces what is shown. */
  candles: readonly Candle[];
  className?: string;
  /** The element needs a height (the chart fills it and follows its size). */
  style?: CSSProperties;
  /** Names the chart for assistive technology. */
  ariaLabel?: string;
}

/** A candle chart of a group filling a `<div>`; created by the group when it nears the viewport. */
export function GroupedCandleChart({
  group,
  chartId,
  candles,
  className,
  style,
  ariaLabel,
  ...options
}: GroupedCandleChartProps): ReactElement {
  const containerRef = useRef<HTMLDivElement>(null);
  const initialOptions = useRef(options);
  const { theme, type, showVolume, showAtp, showOi, showLegend, intraday, valueUnit } = options;
  const [joined, setJoined] = useState<ChartGroup | null>(null);
  // The candles last handed to the group: a chart joins with them, and the same array is not handed over again
  // (the page may have changed what the chart shows since, e.g. cut a replayed history).
  const latestCandles = useRef(candles);
  const given = useRef<readonly Candle[] | null>(null);
  useEffect(() => {
    latestCandles.current = candles;
  }, [candles]);

  useEffect(() => {
    const container = containerRef.current;
    if (group === null || container === null) return undefined;
    group.add(chartId, container, initialOptions.current, latestCandles.current);
    given.current = latestCandles.current;
    setJoined(group);
    return () => {
      group.remove(chartId);
      setJoined(null);
    };
  }, [group, chartId]);

  useEffect(() => {
    joined?.setOptions(chartId, { theme, type, showVolume, showAtp, showOi, showLegend, intraday, valueUnit });
  }, [joined, chartId, theme, type, showVolume, showAtp, showOi, showLegend, intraday, valueUnit]);

  useEffect(() => {
    if (joined === null || given.current === candles) return;
    given.current = candles;
    joined.setCandles(chartId, candles);
  }, [joined, chartId, candles]);

  return createElement('div', { ref: containerRef, className, style, role: 'figure', 'aria-label': ariaLabel });
}
