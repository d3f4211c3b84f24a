// The Advance Chart: candles and volume with indicator lines over them (ATP/VWAP, EMA, SMA, Bollinger Bands), RSI
// in a pane of its own below, and the drawing tools on the candles. Framework-free like CandleChart: React only
// creates, feeds and destroys it. Indicators are recomputed from the candles on every change of history; a live
// candle steps each indicator once from its closed candles and updates only the last point of each line.
import type { Candle } from '@fnodesk/contracts';
import {
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type PriceFormatCustom,
  type Time,
  type IPriceLine,
  type TimeChartOptions,
  type UTCTimestamp,
} from 'lightweight-charts';
import {
  candleIndexAtOrBefore,
  candlePoints,
  hasVolume,
  normaliseCandles,
  toSeriesData,
  toVolumeData,
} from '../candle-series-data';
import { formatChartLakhs, formatChartPrice } from '../chart-format';
import {
  PRICE_FORMAT,
  VOLUME_SERIES_OPTIONS,
  candleChartLook,
  candleColours,
  createCandleChartApi,
  fitVolumeScale,
  hoveredCandleIndex,
  legendOfCandles,
  showLatestCandles,
} from '../chart-setup';
import { chartPalette, type ChartPalette, type ChartTheme } from '../chart-theme';
import { toChartTime } from '../chart-time';
import { LegendView } from '../legend-view';
import type { CrosshairMember, CrosshairPoint } from '../multi-series-chart';
import { applyLiveCandle, type LiveCandleAction } from '../live-candle';
import { LiveTailSeries } from '../live-tail-series';
import { DrawingController } from './drawing-controller';
import { IndicatorOverlay, type OverlayLine } from './indicator-overlay';
import type { Drawing, DrawingTool } from './drawing-model';
import type { DrawingStyle } from './drawing-style';
import {
  DEFAULT_INDICATOR_SETTINGS,
  INDICATOR_KINDS,
  RSI_LEVELS,
  hasOwnPane,
  INDICATOR_COLOURS,
  indicatorName,
  indicatorSeries,
  linePoints,
  pointAt,
  type IndicatorKind,
  type IndicatorLine,
  type IndicatorSettings,
  type LiveIndicator,
} from './indicator-lines';

/** How an Advance Chart looks and what it shows. */
export interface AdvanceChartOptions {
  theme: ChartTheme;
  /** Indicators shown (any order; drawn in menu order). Default none. */
  indicators?: readonly IndicatorKind[];
  settings?: IndicatorSettings;
  /** Intraday candles label the axis with times of day; daily ones with dates. Default true. */
  intraday?: boolean;
  /** Called with every drawing after one is added or deleted. */
  onDrawingsChange?: (drawings: Drawing[]) => void;
  /** Called when the drawing tool changes (placing a drawing ends its tool). */
  onToolChange?: (tool: DrawingTool | null) => void;
}

/** Attribute on the container listing the indicators shown (comma-separated, menu order), for tests and styling. */
export const INDICATORS_ATTRIBUTE = 'data-indicators';
/** Attribute on the container giving the number of panes (1, plus one per RSI, MACD and OI shown). */
export const PANES_ATTRIBUTE = 'data-panes';
/** Attribute on the container giving the number of candles shown (history and live), for tests and benchmarks. */
export const BARS_ATTRIBUTE = 'data-bars';

const RSI_FORMAT: PriceFormatCustom = { type: 'custom', formatter: (value: number) => value.toFixed(2), minMove: 0.01 };
const OI_FORMAT: PriceFormatCustom = { type: 'custom', formatter: formatChartLakhs, minMove: 1 };
const PANE_FORMATS: Partial<Record<IndicatorKind, PriceFormatCustom>> = {
  rsi: RSI_FORMAT,
  macd: RSI_FORMAT,
  oi: OI_FORMAT,
};
const VOLUME_SHARE = 0.2;
/** Heights of the price pane and each indicator pane relative to each other (one indicator pane: a quarter). */
const PRICE_PANE_STRETCH = 3;
const INDICATOR_PANE_STRETCH = 1;

/** A candle chart with indicators and drawing tools; a member of a crosshair sync through its candles. */
export class AdvanceChart implements CrosshairMember {
  private readonly chart: IChartApi;
  // Candles, volume and indicator lines each keep their last point in a tail series of its own, so a live tick
  // does not make lightweight-charts rebuild the points of 2,000-bar series (see LiveTailSeries).
  private readonly bars: LiveTailSeries<'Candlestick'>;
  /** The volume bars, only while the candles shown have traded volume (an index has none). */
  private volume: LiveTailSeries<'Histogram'> | null = null;
  private readonly drawingTools: DrawingController;
  private readonly legend: LegendView;
  /** The lines of the indicators with a pane of their own (RSI, MACD, OI), by key. */
  private readonly lines = new Map<string, { series: LiveTailSeries<'Line'>; pane: number }>();
  /** The lines drawn over the candles (VWAP, EMA, SMA, Bollinger Bands, Supertrend). */
  private readonly overlay = new IndicatorOverlay();
  /** Each shown indicator's live form: a tick steps it once rather than recomputing it over the history. */
  private live = new Map<IndicatorKind, LiveIndicator>();
  /** The RSI pane's overbought and oversold lines (recoloured with the theme). */
  private rsiLevels: IPriceLine[] = [];
  private theme: ChartTheme;
  private palette: Readonly<ChartPalette>;
  private indicators: IndicatorKind[];
  private settings: IndicatorSettings;
  private intraday: boolean;
  private data: Candle[] = [];
  private hovered: number | null = null;
  private restorePosition: () => void = () => undefined;
  private destroyed = false;

  /** Creates the chart inside `container` (which needs a size; the chart follows it). */
  constructor(
    private readonly container: HTMLElement,
    options: AdvanceChartOptions,
  ) {
    this.theme = options.theme;
    this.palette = chartPalette(this.theme);
    this.indicators = ordered(options.indicators ?? []);
    this.settings = options.settings ?? DEFAULT_INDICATOR_SETTINGS;
    this.intraday = options.intraday ?? true;
    // The legend is absolutely positioned over the chart, so the container must be a positioning context.
    if (getComputedStyle(container).position === 'static') {
      const previous = container.style.position;
      container.style.position = 'relative';
      this.restorePosition = () => {
        container.style.position = previous;
      };
    }
    this.chart = createCandleChartApi(container, this.chartOptions());
    this.bars = new LiveTailSeries(
      this.chart,
      CandlestickSeries,
      { priceFormat: PRICE_FORMAT, borderVisible: false },
      false,
    );
    this.legend = new LegendView(container, this.palette, { volume: true, atp: false, oi: false });
    this.bars.history.attachPrimitive(this.overlay);
    this.chart.subscribeCrosshairMove(this.onCrosshairMove);
    this.drawingTools = new DrawingController(this.chart, this.bars.history, {
      style: this.drawingStyle(),
      tail: this.bars.tail,
      ...(options.onDrawingsChange === undefined ? {} : { onChange: options.onDrawingsChange }),
      ...(options.onToolChange === undefined ? {} : { onToolChange: options.onToolChange }),
    });
    this.applyLook();
    this.syncIndicators();
  }

  /** Shows a history of candles (any order, one per start), replacing what was shown; indicators follow. */
  setCandles(candles: readonly Candle[]): void {
    if (this.destroyed) return;
    const first = this.data.length === 0;
    this.data = normaliseCandles(candles);
    const series = toSeriesData(this.data, this.palette);
    this.bars.setData(series.bars);
    // An instrument without volume (an index) has no volume series at all: every series costs each tick's draw
    // (its scale labels are laid out even when hidden), and a series of zeros would show nothing.
    this.showVolume(hasVolume(this.data) ? series.volume : null);
    this.hovered = null;
    this.syncIndicators(true);
    if (first) showLatestCandles(this.chart, this.data.length);
    this.refreshLegend();
    this.container.setAttribute(BARS_ATTRIBUTE, String(this.data.length));
  }

  /** Shows the live, still-forming candle (replaces the last with the same start, appends a later one). */
  updateCandle(candle: Candle): LiveCandleAction {
    if (this.destroyed) return 'ignore';
    const action = applyLiveCandle(this.data, candle);
    if (action === 'ignore') return action;
    if (action === 'append') this.container.setAttribute(BARS_ATTRIBUTE, String(this.data.length));
    // Every indicator depends on the candles before; only the last value of each line can have changed. The
    // overlay's values are written before the candle's update, whose redraw and rescale take them in.
    const index = this.data.length - 1;
    const time = toChartTime(candle.t);
    for (const live of this.live.values()) {
      for (const { key, value, colour } of live.lastValues(this.data)) {
        const own = this.lines.get(key);
        if (own === undefined) this.overlay.setValue(key, index, value, colour);
        else own.series.update(pointAt(time, value, colour));
      }
    }
    const points = candlePoints(candle, this.palette);
    this.bars.update(points.bar);
    if (this.volume !== null) this.volume.update(points.volume);
    else if (candle.v > 0) this.showVolume(toVolumeData(this.data, this.palette));
    this.refreshLegend();
    return action;
  }

  /** Shows exactly these indicators (RSI adds its pane, removing it removes the pane). */
  setIndicators(indicators: readonly IndicatorKind[], settings: IndicatorSettings = this.settings): void {
    if (this.destroyed) return;
    this.indicators = ordered(indicators);
    const settingsChanged = settings !== this.settings;
    this.settings = settings;
    this.syncIndicators(settingsChanged);
  }

  /** The values of a line drawn over the candles (aligned with {@link candles}), by key; undefined if not shown. */
  overlayValues(key: string): readonly number[] | undefined {
    return this.overlay.line(key)?.values;
  }

  /** The indicators shown, in menu order. */
  shownIndicators(): readonly IndicatorKind[] {
    return this.indicators;
  }

  /** The number of panes (1, plus one per RSI, MACD and OI shown). */
  paneCount(): number {
    return this.chart.panes().length;
  }

  /** Switches between the light and dark palettes. */
  setTheme(theme: ChartTheme): void {
    if (this.destroyed || theme === this.theme) return;
    this.theme = theme;
    this.palette = chartPalette(theme);
    this.volume?.setData(toVolumeData(this.data, this.palette));
    this.chart.applyOptions(this.chartOptions());
    this.applyLook();
    this.drawingTools.setStyle(this.drawingStyle());
    this.syncIndicators(true);
  }

  /** Switches between intraday (time of day) and daily (date) axis labels. */
  setIntraday(intraday: boolean): void {
    if (this.destroyed || intraday === this.intraday) return;
    this.intraday = intraday;
    this.chart.applyOptions(this.chartOptions());
    this.refreshLegend();
  }

  /** The chart's lightweight-charts API (crosshair sync). */
  get api(): IChartApi {
    return this.chart;
  }

  /** The candles before the live one, whose price scale a synced crosshair is pinned to. */
  crosshairSeries(): ISeriesApi<'Candlestick'> {
    return this.bars.history;
  }

  /**
   * A synced crosshair's place for an instant: the candle holding it (the last starting at or before it, else the
   * last candle), at its close, on the series that draws that candle.
   */
  crosshairPoint(time: number): CrosshairPoint | null {
    const last = this.data.length - 1;
    if (last < 0) return null;
    const found = candleIndexAtOrBefore(this.data, time as UTCTimestamp);
    const index = found < 0 ? last : found;
    const candle = this.data[index]!;
    return {
      series: index === last ? this.bars.tail : this.bars.history,
      time: toChartTime(candle.t),
      value: candle.c,
    };
  }

  /** The drawing tools of this chart. */
  drawings(): DrawingController {
    return this.drawingTools;
  }

  /** The candles shown, in time order. */
  candles(): readonly Candle[] {
    return this.data;
  }

  /** Removes the chart, its drawings and legend from the container. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.drawingTools.destroy();
    this.chart.unsubscribeCrosshairMove(this.onCrosshairMove);
    this.bars.history.detachPrimitive(this.overlay);
    this.chart.remove();
    this.legend.remove();
    this.container.removeAttribute(INDICATORS_ATTRIBUTE);
    this.container.removeAttribute(PANES_ATTRIBUTE);
    this.container.removeAttribute(BARS_ATTRIBUTE);
    this.restorePosition();
  }

  // Gives every shown indicator its lines. Price-pane indicators are drawn over the candles by the overlay; each
  // other one takes a pane of its own below, in menu order, with line series that are added and removed so exactly
  // the shown indicators have them.
  private syncIndicators(recompute = false): void {
    const ownPanes = this.indicators.filter(hasOwnPane);
    const paneOf = (kind: IndicatorKind) => 1 + ownPanes.indexOf(kind);
    const wanted = new Map<string, { kind: IndicatorKind; line: IndicatorLine }>();
    const overlay: OverlayLine[] = [];
    this.live = new Map();
    for (const kind of this.indicators) {
      const { lines, live } = indicatorSeries(kind, this.data, this.theme, this.settings);
      for (const line of lines) {
        if (hasOwnPane(kind)) wanted.set(line.key, { kind, line });
        else overlay.push({ ...line, width: kind === 'supertrend' ? 2 : 1 });
      }
      this.live.set(kind, live);
    }
    this.overlay.setLines(overlay);
    // The overlay's lines carry no names on the scale: the legend says which colour is which indicator.
    this.legend.setKey(
      this.indicators.map((kind) => ({
        name: indicatorName(kind, this.settings),
        colour: INDICATOR_COLOURS[this.theme][kind],
      })),
    );
    for (const [key, entry] of this.lines) {
      const keep = wanted.get(key);
      // A line whose pane moved (an indicator above it was added or removed) is created again in its new pane.
      if (keep !== undefined && paneOf(keep.kind) === entry.pane) continue;
      entry.series.remove(this.chart);
      this.lines.delete(key);
      if (key === 'rsi') this.rsiLevels = [];
    }
    // lightweight-charts keeps empty panes, so panes no indicator needs any more are removed explicitly.
    while (this.chart.panes().length > 1 + ownPanes.length) this.chart.removePane(this.chart.panes().length - 1);
    for (const [key, { kind, line }] of wanted) {
      let entry = this.lines.get(key);
      const created = entry === undefined;
      if (entry === undefined) {
        const pane = paneOf(kind);
        const series = new LiveTailSeries(
          this.chart,
          LineSeries,
          {
            priceFormat: PANE_FORMATS[kind] ?? PRICE_FORMAT,
            lineWidth: 1,
            priceLineVisible: false,
            crosshairMarkerVisible: false,
            lastValueVisible: true,
          },
          true,
          pane,
        );
        if (kind === 'rsi') this.decorateRsi(series);
        entry = { series, pane };
        this.lines.set(key, entry);
      }
      // No name beside the value on the scale (it is drawn into the pane every frame): the legend's key names it.
      entry.series.applyOptions({
        color: line.colour,
        lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
      });
      if (created || recompute) entry.series.setData(linePoints(line, this.data));
    }
    const panes = this.chart.panes();
    panes.forEach((pane, i) => pane.setStretchFactor(i === 0 ? PRICE_PANE_STRETCH : INDICATOR_PANE_STRETCH));
    this.container.setAttribute(INDICATORS_ATTRIBUTE, this.indicators.join(','));
    this.container.setAttribute(PANES_ATTRIBUTE, String(panes.length));
  }

  /** Shows volume bars with these points, or removes them (null). */
  private showVolume(points: ReturnType<typeof toVolumeData> | null): void {
    // The legend's volume field goes with the bars: an index trades none, and 'Vol 0' would say otherwise.
    this.legend.setVisibility({ volume: points !== null, atp: false, oi: false });
    if (points === null) {
      this.volume?.remove(this.chart);
      this.volume = null;
      return;
    }
    if (this.volume === null) {
      this.volume = new LiveTailSeries(this.chart, HistogramSeries, VOLUME_SERIES_OPTIONS, false);
      fitVolumeScale(this.chart, VOLUME_SHARE);
    }
    this.volume.setData(points);
  }

  private decorateRsi(series: LiveTailSeries<'Line'>): void {
    this.rsiLevels = RSI_LEVELS.map((level) =>
      series.tail.createPriceLine({
        price: level,
        color: this.palette.crosshair,
        lineWidth: 1,
        lineStyle: LineStyle.Dotted,
        axisLabelVisible: false,
      }),
    );
    series.tail.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.1 } });
    series.applyOptions({ autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }) });
  }

  private readonly onCrosshairMove = (param: MouseEventParams<Time>): void => {
    const hovered = hoveredCandleIndex(this.data, param);
    if (hovered === this.hovered) return;
    this.hovered = hovered;
    this.refreshLegend();
  };

  private refreshLegend(): void {
    this.legend.show(legendOfCandles(this.data, this.hovered, this.intraday));
  }

  private drawingStyle(): DrawingStyle {
    return {
      colour: this.theme === 'dark' ? '#4dabf7' : '#1971c2',
      width: 1,
      labelText: this.theme === 'dark' ? '#212529' : '#ffffff',
      formatPrice: formatChartPrice,
    };
  }

  private applyLook(): void {
    const { palette } = this;
    this.bars.applyOptions(candleColours(palette));
    this.chart.applyOptions({ rightPriceScale: { scaleMargins: { top: 0.08, bottom: VOLUME_SHARE + 0.02 } } });
    this.legend.setPalette(palette);
    for (const level of this.rsiLevels) level.applyOptions({ color: palette.crosshair });
  }

  private chartOptions(): DeepPartial<TimeChartOptions> {
    return candleChartLook(this.palette, this.intraday);
  }
}

function ordered(indicators: readonly IndicatorKind[]): IndicatorKind[] {
  return INDICATOR_KINDS.filter((kind) => indicators.includes(kind));
}
