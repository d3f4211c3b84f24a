// ECharts options for values over categories (sessions, candles): bars and lines on one or two value axes, as pure
// data. Tooltips are drawn on the canvas (no HTML), so the page's content security policy holds.
import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import type { EChartsCoreOption } from 'echarts/core';

/** One series across the categories. */
export interface CategorySeries {
  name: string;
  kind: 'bar' | 'line';
  /** One value per category; null leaves a gap. */
  values: readonly (number | null)[];
  colour: string;
  /** Drawn against the right-hand axis. */
  rightAxis?: boolean;
  /** Series with the same stack name pile up. */
  stack?: string;
}

/** What {@link categorySeriesOption} draws. */
export interface CategorySeriesInput {
  categories: readonly string[];
  series: readonly CategorySeries[];
  theme: ChartTheme;
  /** Writes a value for the axes and tooltip. */
  formatValue: (value: number) => string;
  legend?: boolean;
}

/** Bars and lines over categories, with a second value axis when any series asks for one. */
export function categorySeriesOption(input: CategorySeriesInput): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const twoAxes = input.series.some((series) => series.rightAxis === true);
  const valueAxis = (position: 'left' | 'right') => ({
    type: 'value',
    position,
    scale: true,
    axisLabel: { color: palette.text, formatter: (value: number) => input.formatValue(value) },
    splitLine: { show: position === 'left', lineStyle: { color: palette.border } },
  });
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: input.legend === false ? undefined : { top: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 8, top: input.legend === false ? 12 : 32, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? input.formatValue(value) : '–'),
    },
    xAxis: { type: 'category', data: [...input.categories], axisLabel: { color: palette.text } },
    yAxis: twoAxes ? [valueAxis('left'), valueAxis('right')] : valueAxis('left'),
    series: input.series.map((series) => ({
      name: series.name,
      type: series.kind,
      data: [...series.values],
      yAxisIndex: twoAxes && series.rightAxis === true ? 1 : 0,
      itemStyle: { color: series.colour },
      lineStyle: series.kind === 'line' ? { color: series.colour, width: 2 } : undefined,
      showSymbol: false,
      connectNulls: false,
      ...(series.stack === undefined ? {} : { stack: series.stack }),
    })),
  };
}
