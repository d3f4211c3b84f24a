import { describe, expect, it } from 'vitest';
import { gaugeOption, heatmapOption, strikeBarsOption, strikeLabel } from './echart-options';

interface BarSeriesOut {
  type: string;
  name: string;
  data: (number | null)[];
  stack?: string;
  markLine?: { data: { xAxis: string; label: { formatter: string } }[] };
}

const bars = () =>
  strikeBarsOption({
    strikes: [24_400, 24_450, 24_500],
    series: [
      { name: 'CE OI', values: [10, null, 30], colour: '#dc3545' },
      { name: 'PE OI', values: [40, 50, Number.NaN], colour: '#198754' },
    ],
    atmStrike: 24_450,
    marks: [{ strike: 24_500, label: 'Resistance', colour: '#dc3545' }],
    theme: 'dark',
    formatValue: (value) => `${value}`,
    tooltipLines: (index) => [`line ${index}`],
  });

describe('strike bars', () => {
  it('draws one bar series per leg over the strikes, blank where a value is missing', () => {
    const option = bars() as { series: BarSeriesOut[]; xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['24,400', '24,450', '24,500']);
    expect(option.series.map((series) => series.data)).toEqual([
      [10, null, 30],
      [40, 50, null],
    ]);
  });

  it('draws the ATM strike as a dashed line and marked strikes with their labels', () => {
    const option = bars() as { series: BarSeriesOut[] };
    expect(option.series[0]!.markLine!.data.map((line) => [line.xAxis, line.label.formatter])).toEqual([
      ['24,450', 'ATM'],
      ['24,500', 'Resistance'],
    ]);
    expect(option.series[1]!.markLine).toBeUndefined();
  });

  it('writes the tooltip as plain text lines: the strike, each series and the extra lines', () => {
    const option = bars() as { tooltip: { formatter: (items: unknown) => string } };
    const text = option.tooltip.formatter([
      { dataIndex: 2, seriesName: 'CE OI', value: 30 },
      { dataIndex: 2, seriesName: 'PE OI', value: null },
    ]);
    expect(text).toBe('Strike 24,500\nCE OI: 30\nPE OI: –\nline 2');
  });

  it('labels whole strikes without decimals and others with two', () => {
    expect(strikeLabel(1_02_500)).toBe('1,02,500');
    expect(strikeLabel(102.5)).toBe('102.50');
  });
});

describe('heatmap and gauge', () => {
  it('scales the heatmap colours from the smallest to the largest value', () => {
    const option = heatmapOption({
      xLabels: ['09:15', '09:20'],
      yLabels: ['NIFTY'],
      cells: [
        [0, 0, -2],
        [1, 0, 5],
      ],
      theme: 'light',
      formatValue: String,
      colours: ['#dc3545', '#198754'],
    }) as { visualMap: { min: number; max: number } };
    expect([option.visualMap.min, option.visualMap.max]).toEqual([-2, 5]);
  });

  it('keeps the gauge needle on the dial for a value beyond it, but writes the value itself', () => {
    const option = gaugeOption({
      value: 3.2,
      min: 0,
      max: 2,
      bands: [
        { upTo: 0.7, colour: '#dc3545' },
        { upTo: 2, colour: '#198754' },
      ],
      label: 'PCR',
      theme: 'light',
      formatValue: (value) => value.toFixed(2),
    }) as {
      series: {
        data: { value: number }[];
        detail: { formatter: () => string };
        axisLine: { lineStyle: { color: [number, string][] } };
      }[];
    };
    const [gauge] = option.series;
    expect(gauge!.data[0]!.value).toBe(2);
    expect(gauge!.detail.formatter()).toBe('3.20');
    expect(gauge!.axisLine.lineStyle.color).toEqual([
      [0.35, '#dc3545'],
      [1, '#198754'],
    ]);
  });
});
