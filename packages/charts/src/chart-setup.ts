// What CandleChart and AdvanceChart build alike: the chart-wide look, the volume bars, the candle colours, the
// first view of the candles and the legend's candle under the crosshair.
import type { Candle } from '@fnodesk/contracts';
import {
  ColorType,
  CrosshairMode,
  HistogramSeries,
  createChart,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type PriceFormatCustom,
  type Time,
  type TimeChartOptions,
} from 'lightweight-charts';
import { candleIndexAt } from './candle-series-data';
import { formatChartPrice, formatChartQuantity, formatCrosshairTime, formatTimeAxisMark } from './chart-format';
import type { ChartPalette } from './chart-theme';
import { legendFor, type LegendFields, type LegendOptions } from './legend';

/** Candles shown when a chart first gets data; older ones are a scroll away. */
export const INITIAL_VISIBLE_CANDLES = 150;
/** The narrowest a candle's slot starts out (px), TradingView's default bar spacing. */
export const MIN_BAR_SPACING_PX = 6;
/** Never fewer candles than this at first, however narrow the chart. */
const MIN_VISIBLE_CANDLES = 20;
/** The price scale's width taken off a chart's element before the chart has laid itself out (px). */
const PRICE_SCALE_ALLOWANCE_PX = 60;
/** Empty bars kept right of the last candle so the forming one is not against the scale. */
export const RIGHT_OFFSET_BARS = 5;

/** Prices on the candles' scale, to the paisa. */
export const PRICE_FORMAT: PriceFormatCustom = { type: 'custom', formatter: formatChartPrice, minMove: 0.01 };
/** Quantities on the volume bars. */
export const VOLUME_FORMAT: PriceFormatCustom = { type: 'custom', formatter: formatChartQuantity, minMove: 1 };

/**
 * Creates the lightweight-charts chart in `container` with `look`. The right offset is set only here: applying it
 * again would scroll the chart back to the latest candle.
 */
export function createCandleChartApi(container: HTMLElement, look: DeepPartial<TimeChartOptions>): IChartApi {
  return createChart(container, { ...look, timeScale: { ...look.timeScale, rightOffset: RIGHT_OFFSET_BARS } });
}

/** The volume histogram's options: its own scale, no last-value label or price line. */
export const VOLUME_SERIES_OPTIONS = {
  priceFormat: VOLUME_FORMAT,
  priceScaleId: 'volume',
  priceLineVisible: false,
  lastValueVisible: false,
} as const;

/** Adds the volume bars on an overlay scale taking the bottom `share` of the candle pane. */
export function addVolumeSeries(chart: IChartApi, share: number): ISeriesApi<'Histogram'> {
  const volume = chart.addSeries(HistogramSeries, VOLUME_SERIES_OPTIONS);
  fitVolumeScale(chart, share);
  return volume;
}

/** Gives the volume scale the bottom `share` of the price pane. */
export function fitVolumeScale(chart: IChartApi, share: number): void {
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 1 - share, bottom: 0 } });
}

/** The candle series' colours in `palette`. */
export function candleColours(palette: Readonly<ChartPalette>) {
  return { upColor: palette.up, downColor: palette.down, wickUpColor: palette.up, wickDownColor: palette.down };
}

/**
 * Chart-wide options that follow the palette and the intraday setting (the right price scale only); applying them
 * again keeps the user's scroll and zoom.
 */
export function candleChartLook(palette: Readonly<ChartPalette>, intraday: boolean): DeepPartial<TimeChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      panes: { separatorColor: palette.border },
      // The logo injects a <style> element, which the site's CSP (style-src 'self') blocks; the attribution the
      // library's licence asks for is the footer's 'Charts are powered by TradingView Lightweight Charts™' link.
      attributionLogo: false,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: palette.crosshair, labelBackgroundColor: palette.crosshair },
      horzLine: { color: palette.crosshair, labelBackgroundColor: palette.crosshair },
    },
    rightPriceScale: { borderColor: palette.border },
    timeScale: {
      borderColor: palette.border,
      timeVisible: intraday,
      secondsVisible: false,
      tickMarkFormatter: formatTimeAxisMark,
    },
    // Prices and quantities are formatted per series (priceFormat): a chart-wide priceFormatter would also
    // format every other scale as prices.
    localization: {
      locale: 'en-IN',
      timeFormatter: (time: Time) => formatCrosshairTime(time, intraday),
    },
  };
}

/**
 * Index in `data` of the candle under the crosshair, or null when it is away: the crosshair reports the chart
 * time of the bar it is on; off the chart or past the data it reports none.
 */
export function hoveredCandleIndex(data: readonly Candle[], param: MouseEventParams<Time>): number | null {
  const { point, time } = param;
  const index = point === undefined || typeof time !== 'number' ? -1 : candleIndexAt(data, time);
  return index < 0 ? null : index;
}

/** The legend for the hovered candle, else the last; the change is against the candle before it. */
export function legendOfCandles(
  data: readonly Candle[],
  hovered: number | null,
  intraday: boolean,
  options: Omit<LegendOptions, 'intraday'> = {},
): LegendFields | null {
  const index = hovered ?? data.length - 1;
  const candle = data[index];
  return candle === undefined ? null : legendFor(candle, data[index - 1]?.c, { ...options, intraday });
}

/**
 * Scrolls to the latest candles: {@link INITIAL_VISIBLE_CANDLES} of them, or fewer in a narrow chart so each has at
 * least {@link MIN_BAR_SPACING_PX} (a pane of a six-chart layout or a phone shows readable candles, not slivers);
 * all of them when they fit.
 */
export function showLatestCandles(chart: IChartApi, count: number): void {
  if (count === 0) return;
  const shown = Math.min(INITIAL_VISIBLE_CANDLES, candlesThatFit(chart));
  if (count <= shown) {
    chart.timeScale().fitContent();
    return;
  }
  chart.timeScale().setVisibleLogicalRange({ from: count - shown, to: count - 1 + RIGHT_OFFSET_BARS });
}

/** How many candles fit the chart's plot at {@link MIN_BAR_SPACING_PX} (no limit while it has no width yet). */
function candlesThatFit(chart: IChartApi): number {
  // Before its first layout the time scale has no width; the chart's element has the container's.
  const plot = chart.timeScale().width() || chart.chartElement().clientWidth - PRICE_SCALE_ALLOWANCE_PX;
  if (plot <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(MIN_VISIBLE_CANDLES, Math.floor(plot / MIN_BAR_SPACING_PX) - RIGHT_OFFSET_BARS);
}
