import type { ChartTheme } from '@fnodesk/charts';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';

/** What a chart element says about itself, for tests and benches: loading, then painted. */
export const ECHART_STATE_ATTRIBUTE = 'data-chart-state';

/** Props of {@link EChart}. */
export interface EChartProps {
  /** The chart; a new object redraws it (merging into what is drawn). */
  option: EChartsCoreOption;
  theme: ChartTheme;
  /** Names the chart for assistive technology. */
  ariaLabel: string;
  className?: string;
  /** The element needs a height; the chart fills it and follows its size. */
  style?: CSSProperties;
  /** Called with a clicked series item's category (e.g. the strike of a bar). */
  onCategoryClick?: (category: string) => void;
  /** Holds the drawn chart while it exists (for exporting it as an image); null before and after. */
  instanceRef?: RefObject<EChartsType | null>;
  /**
   * Charts naming the same group move their axis pointers and tooltips together (the synced panels of a page): a
   * category hovered in one is shown in every other.
   */
  group?: string;
}

/**
 * An ECharts chart filling a `<div>`. ECharts (core plus the used charts) is loaded on the first mount of any
 * chart, so only pages that draw one download it. Created on mount, recreated when the colour mode changes (its
 * theme is fixed at creation), resized with its element, disposed on unmount.
 */
export function EChart({
  option,
  theme,
  ariaLabel,
  className,
  style,
  onCategoryClick,
  instanceRef,
  group,
}: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const clickHandler = useRef(onCategoryClick);
  useEffect(() => {
    clickHandler.current = onCategoryClick;
  }, [onCategoryClick]);

  useEffect(() => {
    const element = container.current;
    if (element === null) return undefined;
    let created: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    element.setAttribute(ECHART_STATE_ATTRIBUTE, 'loading');
    void import('./echarts-runtime').then(({ connect, init }) => {
      if (cancelled) return;
      created = init(element, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
      if (group !== undefined) {
        created.group = group;
        connect(group);
      }
      created.on('finished', () => element.setAttribute(ECHART_STATE_ATTRIBUTE, 'painted'));
      created.on('click', (event) => {
        if (event.name !== undefined && event.name !== '') clickHandler.current?.(String(event.name));
      });
      observer = new ResizeObserver(() => created?.resize());
      observer.observe(element);
      if (instanceRef) instanceRef.current = created;
      setChart(created);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      created?.dispose();
      if (instanceRef) instanceRef.current = null;
      setChart(null);
    };
  }, [theme, instanceRef, group]);

  useEffect(() => {
    // Series replace those drawn (a hidden leg or a new strike set must not linger); the rest merges.
    chart?.setOption(option, { replaceMerge: ['series'], lazyUpdate: true });
  }, [chart, option]);

  return <div ref={container} className={className} style={style} role="img" aria-label={ariaLabel} />;
}
