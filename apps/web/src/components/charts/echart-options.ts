// ECharts options for the analysis pages, as pure data: grouped or stacked bars by strike with the ATM line and
// marked strikes, a heatmap, and a gauge. Colours follow the app's colour mode; tooltips are drawn on the canvas
// (no HTML), so the page's content security policy holds.
import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import { formatIndianNumber } from '@fnodesk/domain';
import type { EChartsCoreOption } from 'echarts/core';

/** One bar series across the strikes. */
export interface StrikeBarSeries {
  name: string;
  /** One value per strike, aligned with the strikes; null draws no bar. */
  values: readonly (number | null)[];
  colour: string;
  /** Series with the same stack name pile up; others stand side by side. */
  stack?: string;
}

/** A strike marked with a labelled vertical line (resistance, support, max pain). */
export interface StrikeMark {
  strike: number;
  label: string;
  colour: string;
}

/** What {@link strikeBarsOption} draws. */
export interface StrikeBarsInput {
  strikes: readonly number[];
  series: readonly StrikeBarSeries[];
  /** Drawn as a dashed line labelled ATM. */
  atmStrike: number | null;
  marks?: readonly StrikeMark[];
  theme: ChartTheme;
  /** Writes a value for the axis and tooltip (K/L/Cr, rupees). */
  formatValue: (value: number) => string;
  /** Extra tooltip lines for a strike (its index in `strikes`), e.g. the legs' build-up. */
  tooltipLines?: (index: number) => readonly string[];
  legend?: boolean;
}

/** A strike as an axis category: whole strikes without decimals, Indian grouping. */
export function strikeLabel(strike: number): string {
  return formatIndianNumber(strike, Number.isInteger(strike) ? 0 : 2);
}

interface AxisTooltipItem {
  dataIndex: number;
  seriesName: string;
  value: unknown;
}

function markLine(strike: number, label: string, colour: string, dashed: boolean) {
  return {
    xAxis: strikeLabel(strike),
    label: { formatter: label, color: colour, position: 'end' },
    lineStyle: { color: colour, type: dashed ? 'dashed' : 'solid', width: 1 },
  };
}

/** Bars by strike: grouped, or stacked where series share a stack; ATM dashed; marked strikes labelled. */
export function strikeBarsOption(input: StrikeBarsInput): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const categories = input.strikes.map(strikeLabel);
  const lines = [
    ...(input.atmStrike === null ? [] : [markLine(input.atmStrike, 'ATM', palette.text, true)]),
    ...(input.marks ?? []).map((mark) => markLine(mark.strike, mark.label, mark.colour, false)),
  ];
  const legend = input.legend ?? input.series.length > 1;
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: { show: legend, top: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 16, top: legend ? 32 : 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      axisPointer: { type: 'shadow' },
      formatter: (params: AxisTooltipItem | AxisTooltipItem[]) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex ?? 0;
        return [
          `Strike ${categories[index] ?? ''}`,
          ...items.map(
            (item) => `${item.seriesName}: ${typeof item.value === 'number' ? input.formatValue(item.value) : '–'}`,
          ),
          ...(input.tooltipLines?.(index) ?? []),
        ].join('\n');
      },
    },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { color: palette.text, rotate: input.strikes.length > 15 ? 45 : 0 },
      axisLine: { lineStyle: { color: palette.border } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: palette.text, formatter: (value: number) => input.formatValue(value) },
      splitLine: { lineStyle: { color: palette.grid } },
    },
    series: input.series.map((series, i) => ({
      type: 'bar',
      name: series.name,
      data: series.values.map((value) => (value === null || !Number.isFinite(value) ? null : value)),
      itemStyle: { color: series.colour },
      barMaxWidth: 18,
      ...(series.stack === undefined ? {} : { stack: series.stack }),
      ...(i === 0 && lines.length > 0 ? { markLine: { symbol: 'none', silent: true, data: lines } } : {}),
    })),
  };
}

/** What {@link heatmapOption} draws: a grid of values, x by y. */
export interface HeatmapInput {
  xLabels: readonly string[];
  yLabels: readonly string[];
  /** [x index, y index, value] per filled cell. */
  cells: readonly (readonly [number, number, number])[];
  theme: ChartTheme;
  formatValue: (value: number) => string;
  /** Colours from the lowest value to the highest (e.g. red → neutral → green). */
  colours: readonly string[];
}

/** A heatmap with a colour scale from the smallest to the largest value. */
export function heatmapOption(input: HeatmapInput): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const values = input.cells.map(([, , value]) => value);
  const min = values.length === 0 ? 0 : Math.min(...values);
  const max = values.length === 0 ? 0 : Math.max(...values);
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    grid: { left: 8, right: 8, top: 8, bottom: 40, containLabel: true },
    tooltip: {
      renderMode: 'richText',
      formatter: (item: { value: [number, number, number] }) =>
        `${input.yLabels[item.value[1]] ?? ''} · ${input.xLabels[item.value[0]] ?? ''}\n${input.formatValue(item.value[2])}`,
    },
    xAxis: { type: 'category', data: [...input.xLabels], axisLabel: { color: palette.text } },
    yAxis: { type: 'category', data: [...input.yLabels], axisLabel: { color: palette.text } },
    visualMap: {
      min,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      textStyle: { color: palette.text },
      inRange: { color: [...input.colours] },
      formatter: (value: number) => input.formatValue(value),
    },
    series: [{ type: 'heatmap', data: input.cells.map((cell) => [...cell]) }],
  };
}

/** What {@link gaugeOption} draws: one value on a dial split into coloured bands. */
export interface GaugeInput {
  value: number | null;
  min: number;
  max: number;
  /** Bands from `min` upwards: each ends at `upTo` (the last at `max`). */
  bands: readonly { upTo: number; colour: string }[];
  label: string;
  theme: ChartTheme;
  formatValue: (value: number) => string;
}

/** A gauge of one value; the needle stays at the dial's ends for values beyond them. */
export function gaugeOption(input: GaugeInput): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const span = input.max - input.min;
  const value = input.value === null ? null : Math.min(input.max, Math.max(input.min, input.value));
  return {
    backgroundColor: 'transparent',
    animation: false,
    series: [
      {
        type: 'gauge',
        min: input.min,
        max: input.max,
        radius: '95%',
        center: ['50%', '60%'],
        startAngle: 200,
        endAngle: -20,
        axisLine: {
          lineStyle: {
            width: 12,
            color: input.bands.map((band) => [span === 0 ? 1 : (band.upTo - input.min) / span, band.colour]),
          },
        },
        axisTick: { show: false },
        splitLine: { length: 8, lineStyle: { color: palette.border } },
        axisLabel: { color: palette.text, distance: 16, formatter: (tick: number) => input.formatValue(tick) },
        pointer: { width: 4, itemStyle: { color: palette.text } },
        title: { color: palette.text, offsetCenter: [0, '30%'] },
        detail: {
          color: palette.text,
          fontSize: 18,
          offsetCenter: [0, '55%'],
          formatter: () => (input.value === null ? '–' : input.formatValue(input.value)),
        },
        data: value === null ? [] : [{ value, name: input.label }],
      },
    ],
  };
}

/** One line (or bar) series over the categories of {@link categoryLinesOption}. */
export interface CategorySeries {
  name: string;
  /** One value per category; null leaves a gap. */
  values: readonly (number | null)[];
  colour: string;
  /** The value axis the series is read on (default left). */
  axis?: 'left' | 'right';
  type?: 'line' | 'bar';
  /** Fill under a line. */
  area?: boolean;
  dashed?: boolean;
  /** Series with the same stack name pile up. */
  stack?: string;
}

/** A horizontal level drawn across the chart (a flip level, a band edge). */
export interface LevelMark {
  value: number;
  label: string;
  colour: string;
  axis?: 'left' | 'right';
}

/** What {@link categoryLinesOption} draws: series over ordered categories (times, expiries, strikes). */
export interface CategoryLinesInput {
  categories: readonly string[];
  series: readonly CategorySeries[];
  theme: ChartTheme;
  formatLeft: (value: number) => string;
  /** Formats the right axis; without it there is no right axis. */
  formatRight?: (value: number) => string;
  levels?: readonly LevelMark[];
  /** Value axes start at the data rather than at zero (prices, IVs). */
  scale?: boolean;
}

/**
 * Lines or bars over categories on one or two value axes, with a shared axis tooltip, a legend that toggles series
 * and optional horizontal levels. The caller writes the categories (IST times, dates, strikes).
 */
export function categoryLinesOption(input: CategoryLinesInput): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const right = input.formatRight;
  const axis = (format: (value: number) => string, show: boolean) => ({
    type: 'value',
    scale: input.scale ?? false,
    show,
    axisLabel: { color: palette.text, formatter: (value: number) => format(value) },
    splitLine: { lineStyle: { color: palette.grid } },
  });
  const levelsOn = (side: 'left' | 'right') =>
    (input.levels ?? [])
      .filter((level) => (level.axis ?? 'left') === side)
      .map((level) => ({
        yAxis: level.value,
        label: { formatter: level.label, color: level.colour, position: 'insideEndTop' },
        lineStyle: { color: level.colour, type: 'dashed', width: 1 },
      }));
  const marked = new Set<'left' | 'right'>();
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: { show: input.series.length > 1, top: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 8, top: input.series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params: AxisTooltipItem | AxisTooltipItem[]) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex ?? 0;
        return [
          input.categories[index] ?? '',
          ...items.map((item) => {
            const series = input.series.find((candidate) => candidate.name === item.seriesName);
            const format = series?.axis === 'right' && right !== undefined ? right : input.formatLeft;
            return `${item.seriesName}: ${typeof item.value === 'number' ? format(item.value) : '–'}`;
          }),
        ].join('\n');
      },
    },
    xAxis: {
      type: 'category',
      data: [...input.categories],
      boundaryGap: input.series.some((series) => series.type === 'bar'),
      axisLabel: { color: palette.text },
      axisLine: { lineStyle: { color: palette.border } },
    },
    yAxis: [axis(input.formatLeft, true), ...(right === undefined ? [] : [axis(right, true)])],
    series: input.series.map((series) => {
      const side = series.axis === 'right' && right !== undefined ? 'right' : 'left';
      const levels = marked.has(side) ? [] : levelsOn(side);
      if (levels.length > 0) marked.add(side);
      return {
        type: series.type ?? 'line',
        name: series.name,
        yAxisIndex: side === 'right' ? 1 : 0,
        data: series.values.map((value) => (value === null || !Number.isFinite(value) ? null : value)),
        itemStyle: { color: series.colour },
        lineStyle: { color: series.colour, width: 1.5, type: series.dashed === true ? 'dashed' : 'solid' },
        showSymbol: false,
        connectNulls: false,
        barMaxWidth: 18,
        ...(series.area === true ? { areaStyle: { opacity: 0.2 } } : {}),
        ...(series.stack === undefined ? {} : { stack: series.stack }),
        ...(levels.length > 0 ? { markLine: { symbol: 'none', silent: true, data: levels } } : {}),
      };
    }),
  };
}
