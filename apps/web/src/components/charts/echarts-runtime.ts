// The ECharts build the app draws with: the core, only the chart types and components the pages use, and the canvas
// renderer. Loaded on demand by `EChart`, so pages that draw no such chart never download it.
import { BarChart, CandlestickChart, GaugeChart, HeatmapChart, LineChart, TreemapChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { connect, init, use as registerEChartsParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEChartsParts([
  BarChart,
  LineChart,
  HeatmapChart,
  GaugeChart,
  // Sector treemaps (G2)
  TreemapChart,
  // N-tick candles (Tick Chart) and Price vs OI candles
  CandlestickChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { connect, init };
