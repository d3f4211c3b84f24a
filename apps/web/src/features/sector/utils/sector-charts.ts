import type { ChartTheme } from '@fnodesk/charts';
import { chartPalette } from '@fnodesk/charts';
import type { Candle } from '@fnodesk/contracts';
import { formatIndianNumber, istDateOf, istMillisOfDay } from '@fnodesk/domain';
import type { EChartsCoreOption } from 'echarts/core';
import { categorySeriesOption } from '../../../components/charts/series-options';
import { formatSessionDay } from '../../../lib/market/session-date';
import type { IndexComposition } from './index-contribution';

/** A candle's start as an axis label in IST, e.g. '27-Nov 09:15'. */
export function candleLabel(t: number): string {
  const minutes = Math.floor(istMillisOfDay(t) / 60_000);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${formatSessionDay(istDateOf(t))} ${clock}`;
}

/** An index's closes per candle as a line. */
export function indexLineOption(name: string, candles: readonly Candle[], theme: ChartTheme): EChartsCoreOption {
  return categorySeriesOption({
    categories: candles.map((candle) => candleLabel(candle.t)),
    series: [{ name, kind: 'line', values: candles.map((candle) => candle.c), colour: '#0d6efd' }],
    theme,
    formatValue: (value) => formatIndianNumber(value, 2),
    legend: false,
  });
}

/** Red for falls, green for rises, up to full strength at ±3 %. */
export function moveColour(changePercent: number | null): string {
  if (changePercent === null) return '#6c757d';
  const strength = Math.min(1, Math.abs(changePercent) / 3);
  const [r, g, b] = changePercent >= 0 ? [25, 135, 84] : [220, 53, 69];
  const mix = (channel: number) => Math.round(173 + (channel - 173) * (0.35 + 0.65 * strength));
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

/** A treemap of an index's constituents: area = weight, colour = the day's move. */
export function constituentTreemapOption(index: IndexComposition, theme: ChartTheme): EChartsCoreOption {
  const palette = chartPalette(theme);
  return {
    backgroundColor: 'transparent',
    animation: false,
    tooltip: {
      renderMode: 'richText',
      formatter: (item: { name: string; data: { weight: number; move: number | null } }) =>
        `${item.name}\nWeight ${formatIndianNumber(item.data.weight, 2)}%\n` +
        `Chg ${item.data.move === null ? '–' : `${formatIndianNumber(item.data.move, 2)}%`}`,
    },
    series: [
      {
        type: 'treemap',
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        width: '100%',
        height: '100%',
        label: {
          color: '#fff',
          formatter: (item: { name: string; data: { move: number | null } }) =>
            `${item.name}\n${item.data.move === null ? '–' : `${formatIndianNumber(item.data.move, 2)}%`}`,
        },
        itemStyle: { borderColor: palette.background, borderWidth: 1, gapWidth: 1 },
        data: index.constituents.map((member) => ({
          name: member.symbol,
          value: member.weight,
          weight: member.weight,
          move: member.changePercent,
          itemStyle: { color: moveColour(member.changePercent) },
        })),
      },
    ],
  };
}
