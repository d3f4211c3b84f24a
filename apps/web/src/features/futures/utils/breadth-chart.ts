import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import type { DataResponse } from '@fnodesk/contracts';
import type { EChartsCoreOption } from 'echarts/core';

/**
 * Advances above the axis and declines below it per candle, with the net (advances − declines) as a line: the
 * breadth of the session as it built up.
 */
export function breadthChartOption(points: DataResponse<'get_spot_cumulative'>, theme: ChartTheme): EChartsCoreOption {
  const palette = chartPalette(theme);
  // India is UTC+05:30 all year: the candle's IST time of day as HH:mm.
  const times = points.map((point) => new Date(point.t + 330 * 60_000).toISOString().slice(11, 16));
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: { top: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    xAxis: {
      type: 'category',
      data: times,
      axisLabel: { color: palette.text },
      axisLine: { lineStyle: { color: palette.border } },
    },
    yAxis: { type: 'value', axisLabel: { color: palette.text }, splitLine: { lineStyle: { color: palette.grid } } },
    series: [
      {
        type: 'bar',
        name: 'Advances',
        stack: 'breadth',
        data: points.map((point) => point.advances),
        itemStyle: { color: '#198754' },
        barMaxWidth: 12,
      },
      {
        type: 'bar',
        name: 'Declines',
        stack: 'breadth',
        data: points.map((point) => -point.declines),
        itemStyle: { color: '#dc3545' },
        barMaxWidth: 12,
      },
      {
        type: 'line',
        name: 'Net',
        data: points.map((point) => point.net),
        showSymbol: false,
        lineStyle: { color: palette.text, width: 1.5 },
        itemStyle: { color: palette.text },
      },
    ],
  };
}
