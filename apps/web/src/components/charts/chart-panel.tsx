import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import type { ChartTheme } from '@fnodesk/charts';
import { useRef, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { downloadChartPng } from './chart-png';
import { EChart } from './echart';

/** Props of {@link ChartPanel}. */
export interface ChartPanelProps {
  /** The heading above the chart; also names the section and the exported image. */
  title: string;
  option: EChartsCoreOption;
  theme: ChartTheme;
  /** Names the chart itself for assistive technology (what it plots). */
  ariaLabel: string;
  /** The chart's height in pixels. */
  height: number;
  /** Grid classes of the section (e.g. `col-12 col-xl-6`). */
  className?: string;
  /** Controls beside the heading (view switches of this panel). */
  actions?: ReactNode;
  /** Panels naming the same group show the hovered category together (see {@link EChart}). */
  group?: string;
}

/**
 * A titled, bordered chart section of an analysis page: the heading with the panel's own controls and a PNG
 * export of the chart, then the ECharts chart at a fixed height.
 */
export function ChartPanel({ title, option, theme, ariaLabel, height, className, actions, group }: ChartPanelProps) {
  const chart = useRef<EChartsType | null>(null);
  return (
    <section className={className} aria-label={title}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h2 className="h6 mb-0 me-auto">{title}</h2>
        {actions}
        <Button
          size="sm"
          variant="outline-secondary"
          className="py-0"
          aria-label={`Download ${title} as PNG`}
          title="Download as PNG"
          onClick={() => {
            if (chart.current !== null) downloadChartPng(chart.current, title, theme);
          }}
        >
          PNG
        </Button>
      </div>
      <EChart
        option={option}
        theme={theme}
        ariaLabel={ariaLabel}
        className="border rounded"
        style={{ height }}
        instanceRef={chart}
        group={group}
      />
    </section>
  );
}
