// The Price vs OI chart: candles with the OI line on a right axis, and under them the ΔOI bars coloured by each
// candle's build-up (LB green, SB red, SC blue, LU yellow), with the expected-move bands as dashed levels.
import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import { BUILD_UP_STYLES, abbreviateIndianNumber, formatIndianNumber } from '@fnodesk/domain';
import type { EChartsCoreOption } from 'echarts/core';
import type { LevelMark } from '../../../components/charts/echart-options';
import type { PriceOiRow } from './price-oi-rows';

/** What {@link priceOiOption} draws. */
export interface PriceOiChartInput {
  rows: readonly PriceOiRow[];
  categories: readonly string[];
  theme: ChartTheme;
  /** Horizontal levels on the price axis (the expected-move bands). */
  levels: readonly LevelMark[];
}

/** The ECharts option of the Price vs OI chart. */
export function priceOiOption({ rows, categories, theme, levels }: PriceOiChartInput): EChartsCoreOption {
  const palette = chartPalette(theme);
  // The price axis reaches the bands too: a level outside the axis is not drawn.
  const levelValues = levels.map((level) => level.value);
  const pad = (value: number, side: 1 | -1) => value + side * Math.abs(value) * 0.001;
  const axisLabel = { color: palette.text };
  const splitLine = { lineStyle: { color: palette.grid } };
  const xAxis = (gridIndex: number, show: boolean) => ({
    type: 'category',
    gridIndex,
    data: [...categories],
    boundaryGap: true,
    axisLabel: { ...axisLabel, show },
    axisLine: { lineStyle: { color: palette.border } },
  });
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: { top: 0, textStyle: { color: palette.text }, data: ['Price', 'OI', 'ΔOI'] },
    tooltip: { trigger: 'axis', renderMode: 'richText', axisPointer: { type: 'cross' } },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: [
      { left: 8, right: 8, top: 32, height: '58%', containLabel: true },
      { left: 8, right: 8, top: '74%', bottom: 8, containLabel: true },
    ],
    xAxis: [xAxis(0, false), xAxis(1, true)],
    yAxis: [
      {
        type: 'value',
        scale: true,
        gridIndex: 0,
        min: (extent: { min: number }) => pad(Math.min(extent.min, ...levelValues), -1),
        max: (extent: { max: number }) => pad(Math.max(extent.max, ...levelValues), 1),
        axisLabel: { ...axisLabel, formatter: (v: number) => formatIndianNumber(v, 0) },
        splitLine,
      },
      {
        type: 'value',
        scale: true,
        gridIndex: 0,
        axisLabel: { ...axisLabel, formatter: (v: number) => abbreviateIndianNumber(v) },
        splitLine: { show: false },
      },
      {
        type: 'value',
        gridIndex: 1,
        axisLabel: { ...axisLabel, formatter: (v: number) => abbreviateIndianNumber(v) },
        splitLine,
      },
    ],
    series: [
      {
        type: 'candlestick',
        name: 'Price',
        xAxisIndex: 0,
        yAxisIndex: 0,
        // ECharts candles are [open, close, low, high].
        data: rows.map((row) => [row.o, row.price, row.l, row.h]),
        itemStyle: { color: palette.up, color0: palette.down, borderColor: palette.up, borderColor0: palette.down },
        ...(levels.length === 0
          ? {}
          : {
              markLine: {
                symbol: 'none',
                silent: true,
                data: levels.map((level) => ({
                  yAxis: level.value,
                  label: { formatter: level.label, color: level.colour, position: 'insideEndTop' },
                  lineStyle: { color: level.colour, type: 'dashed', width: 1 },
                })),
              },
            }),
      },
      {
        type: 'line',
        name: 'OI',
        xAxisIndex: 0,
        yAxisIndex: 1,
        data: rows.map((row) => row.oi),
        showSymbol: false,
        itemStyle: { color: palette.oi },
        lineStyle: { color: palette.oi, width: 1.5 },
      },
      {
        type: 'bar',
        name: 'ΔOI',
        xAxisIndex: 1,
        yAxisIndex: 2,
        barMaxWidth: 14,
        itemStyle: { color: BUILD_UP_STYLES.N.colour },
        data: rows.map((row) => ({
          value: row.oiChange,
          itemStyle: { color: BUILD_UP_STYLES[row.buildUp].colour },
        })),
      },
    ],
  };
}
