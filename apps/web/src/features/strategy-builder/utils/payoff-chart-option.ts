import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import { formatIndianNumber } from '@fnodesk/domain';
import type { EChartsCoreOption } from 'echarts/core';

/** The payoff diagram: P&L at expiry and at T+0 against the underlying, zero line, the chosen price marked. */
export function payoffChartOption(input: {
  prices: ArrayLike<number>;
  expiry: ArrayLike<number>;
  now: ArrayLike<number>;
  marked: number;
  breakevens: readonly number[];
  theme: ChartTheme;
}): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const points = (values: ArrayLike<number>) =>
    Array.from({ length: input.prices.length }, (_, i) => [input.prices[i]!, values[i]!]);
  const rupees = (value: number) => formatIndianNumber(value, 0);
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: { top: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    xAxis: {
      type: 'value',
      scale: true,
      axisLabel: { color: palette.text, formatter: rupees },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: palette.text, formatter: rupees },
      splitLine: { lineStyle: { color: palette.grid } },
    },
    series: [
      {
        type: 'line',
        name: 'At expiry',
        showSymbol: false,
        data: points(input.expiry),
        lineStyle: { color: palette.up, width: 2 },
        itemStyle: { color: palette.up },
        areaStyle: { color: palette.volumeUp, origin: 0 },
        markLine: {
          symbol: 'none',
          silent: true,
          data: [
            { yAxis: 0, lineStyle: { color: palette.border, type: 'solid' }, label: { show: false } },
            {
              xAxis: input.marked,
              lineStyle: { color: palette.crosshair, type: 'dashed' },
              label: { formatter: rupees(input.marked), color: palette.text },
            },
            ...input.breakevens.map((price) => ({
              xAxis: price,
              lineStyle: { color: palette.atp, type: 'dotted' },
              label: { formatter: `BE ${rupees(price)}`, color: palette.atp },
            })),
          ],
        },
      },
      {
        type: 'line',
        name: 'T+0',
        showSymbol: false,
        data: points(input.now),
        lineStyle: { color: palette.oi, width: 1.5 },
        itemStyle: { color: palette.oi },
      },
    ],
  };
}
