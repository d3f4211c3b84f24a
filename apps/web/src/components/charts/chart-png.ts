// PNG export of the analysis pages' ECharts charts (pages brief §0: PNG export for charts).
import { chartPalette, type ChartTheme } from '@fnodesk/charts';
import type { EChartsType } from 'echarts/core';

/** The file name a chart titled `title` is saved under: its words in lower case joined by hyphens, `.png`. */
export function chartPngFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug === '' ? 'chart' : slug}.png`;
}

/** Saves the drawn chart as a PNG at twice its size, on the colour mode's background (the chart's own is clear). */
export function downloadChartPng(chart: EChartsType, title: string, theme: ChartTheme): void {
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: chartPalette(theme).background });
  const link = document.createElement('a');
  link.href = url;
  link.download = chartPngFileName(title);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
