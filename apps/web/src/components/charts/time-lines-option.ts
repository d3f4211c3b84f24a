import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import { formatIstDateTime, istMillisOfDay } from '@fnodesk/domain';
import type { EChartsCoreOption } from 'echarts/core';

/** One line of a time chart: `[epoch ms, value]` points (null leaves a gap). */
export interface TimeLine {
  name: string;
  points: readonly (readonly [number, number | null])[];
  colour: string;
  dashed?: boolean;
  /** Drawn against the right-hand axis. */
  rightAxis?: boolean;
}

/** A labelled point on the first line (e.g. where a rolling strike changed). */
export interface TimeMark {
  t: number;
  value: number;
  label: string;
  colour: string;
}

/** What {@link timeLinesOption} draws. */
export interface TimeLinesInput {
  lines: readonly TimeLine[];
  marks?: readonly TimeMark[];
  theme: ChartTheme;
  formatValue: (value: number) => string;
}

interface TimeTooltipItem {
  seriesName: string;
  value: unknown;
}

/** `HH:MM` in IST whatever the viewer's time zone. */
export function istHourMinute(t: number): string {
  const minutes = Math.floor(istMillisOfDay(t) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Lines over time (an x axis of instants labelled in IST), a legend when more than one, marks on the first line. */
export function timeLinesOption(input: TimeLinesInput): EChartsCoreOption {
  const palette = chartPalette(input.theme);
  const legend = input.lines.length > 1;
  const right = input.lines.some((line) => line.rightAxis === true);
  const axis = (show: boolean) => ({
    type: 'value',
    scale: true,
    show,
    axisLabel: { color: palette.text, formatter: (value: number) => input.formatValue(value) },
    splitLine: { show: show, lineStyle: { color: palette.grid } },
  });
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: palette.text },
    legend: { show: legend, top: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 16, top: legend ? 32 : 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params: TimeTooltipItem | TimeTooltipItem[]) => {
        const items = Array.isArray(params) ? params : [params];
        const first = items[0]?.value;
        const t = Array.isArray(first) && typeof first[0] === 'number' ? first[0] : null;
        return [
          ...(t === null ? [] : [formatIstDateTime(t)]),
          ...items.map((item) => {
            const value = Array.isArray(item.value) ? (item.value[1] as unknown) : null;
            return `${item.seriesName}: ${typeof value === 'number' ? input.formatValue(value) : '–'}`;
          }),
        ].join('\n');
      },
    },
    xAxis: {
      type: 'time',
      axisLabel: { color: palette.text, formatter: (value: number) => istHourMinute(value), hideOverlap: true },
      axisLine: { lineStyle: { color: palette.border } },
    },
    yAxis: right ? [axis(true), { ...axis(true), splitLine: { show: false } }] : axis(true),
    series: input.lines.map((line, i) => ({
      type: 'line',
      name: line.name,
      showSymbol: false,
      connectNulls: false,
      data: line.points.map(([t, value]) => [t, value === null || !Number.isFinite(value) ? null : value]),
      lineStyle: { color: line.colour, width: 1.5, type: line.dashed === true ? 'dashed' : 'solid' },
      itemStyle: { color: line.colour },
      ...(line.rightAxis === true ? { yAxisIndex: 1 } : {}),
      ...(i === 0 && input.marks !== undefined && input.marks.length > 0
        ? {
            markPoint: {
              symbol: 'pin',
              symbolSize: 46,
              data: input.marks.map((mark) => ({
                coord: [mark.t, mark.value],
                value: mark.label,
                itemStyle: { color: mark.colour },
                label: { color: '#fff', fontSize: 8 },
              })),
            },
          }
        : {}),
    })),
  };
}
