// @fnodesk/charts: lightweight-charts wrappers shared by the chart pages (candles, volume, ATP, OI) in IST.
export { fromChartTime, toChartTime } from './chart-time';
