import type { EChartsCoreOption } from 'echarts/core';
import type { ChartTheme } from '@fnodesk/charts';
import { EChart } from './echart';

/** Props of {@link ChartPanel}. */
export interface ChartPanelProps {
  /** The heading above the chart; also names the section. */
  title: string;
  option: EChartsCoreOption;
  theme: ChartTheme;
  /** Names the chart itself for assistive technology (what it plots). */
  ariaLabel: string;
  /** The chart's height in pixels. */
  height: number;
  /** Grid classes of the section (e.g. `col-12 col-xl-6`). */
  className?: string;
}

/** A titled, bordered chart section of an analysis page: the heading, then the ECharts chart at a fixed height. */
export function ChartPanel({ title, option, theme, ariaLabel, height, className }: ChartPanelProps) {
  return (
    <section className={className} aria-label={title}>
      <h2 className="h6 mb-1">{title}</h2>
      <EChart option={option} theme={theme} ariaLabel={ariaLabel} className="border rounded" style={{ height }} />
    </section>
  );
}
