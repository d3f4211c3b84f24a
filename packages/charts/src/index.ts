// @fnodesk/charts: lightweight-charts wrappers shared by the chart pages (candles, volume, ATP, OI) in IST.
export { fromChartTime, toChartTime } from './chart-time';
export { CHART_PALETTES, CHART_THEMES, chartPalette, documentChartTheme } from './chart-theme';
export type { ChartPalette, ChartTheme } from './chart-theme';
export {
  chartOiUnit,
  formatCandleTime,
  formatChartLakhs,
  formatChartOi,
  formatChartPrice,
  formatChartQuantity,
  formatCrosshairTime,
  formatIstDate,
  formatTimeAxisMark,
} from './chart-format';
export {
  candleIndexAt,
  candleIndexAtOrBefore,
  candlePoints,
  hasOpenInterest,
  hasVolume,
  isUpCandle,
  normaliseCandles,
  toSeriesData,
  toVolumeData,
} from './candle-series-data';
export type { Candle, CandlePoints, CandleSeriesData, LinePoint } from './candle-series-data';
export { applyLiveCandle, liveCandleAction } from './live-candle';
export { LiveTailSeries, liveTailSplit } from './live-tail-series';
export type { LiveCandleAction } from './live-candle';
export { legendFor, legendLabel } from './legend';
export type { ChartValueUnit, LegendDirection, LegendFields, LegendOptions, LegendVisibility } from './legend';
export { LegendView, directionColour } from './legend-view';
export { CandleChart } from './candle-chart';
export type { CandleChartOptions, CrosshairListener, SetCandlesOptions } from './candle-chart';
export { CandleChartView, useCandleChart } from './use-candle-chart';
export type { CandleChartViewProps } from './use-candle-chart';
export { useChartLifecycle } from './use-chart-lifecycle';
export type { DestroyableChart } from './use-chart-lifecycle';
export type { CandleChartType } from './candle-chart';
export { CHART_STATE_ATTRIBUTE, ChartGroup } from './chart-group';
export type {
  ChartGroupEnvironment,
  ChartGroupEvents,
  ChartGroupFlush,
  ChartGroupOptions,
  VisibilityObserver,
} from './chart-group';
export { GroupedCandleChart, useChartGroup } from './use-chart-group';
export type { GroupedCandleChartProps } from './use-chart-group';
export { CrosshairSync, MultiSeriesChart, crosshairTime, seriesData } from './multi-series-chart';
export type {
  CrosshairMember,
  CrosshairPoint,
  MultiSeriesChartOptions,
  SeriesPoint,
  SeriesSpec,
} from './multi-series-chart';
export { MultiSeriesChartView, useCrosshairSync } from './use-multi-series-chart';
export type { MultiSeriesChartViewProps } from './use-multi-series-chart';
