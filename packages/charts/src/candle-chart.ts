// One candle chart in a container: candles and the ATP line on the right price scale, volume as bars along the
// bottom on an overlay scale, OI as a line on the left scale (shown only for instruments with OI), an O/H/L/C
// legend, IST time axis. Framework-free: React (or anything else) only creates, feeds and destroys it.
import type { Candle } from '@fnodesk/contracts';
import type { IndianNumberUnit } from '@fnodesk/domain';
import {
  CandlestickSeries,
  LineSeries,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type PriceFormatCustom,
  type Time,
  type TimeChartOptions,
} from 'lightweight-charts';
import {
  candlePoints,
  hasOpenInterest,
  hasVolume,
  normaliseCandles,
  toSeriesData,
  toVolumeData,
} from './candle-series-data';
import { chartOiUnit, formatChartOi, largerOiUnit } from './chart-format';
import {
  PRICE_FORMAT,
  addVolumeSeries,
  candleChartLook,
  candleColours,
  createCandleChartApi,
  hoveredCandleIndex,
  legendOfCandles,
  showLatestCandles,
} from './chart-setup';
import { chartPalette, type ChartPalette, type ChartTheme } from './chart-theme';
import type { ChartValueUnit } from './legend';
import { LegendView } from './legend-view';
import { applyLiveCandle, type LiveCandleAction } from './live-candle';

/**
 * What a chart shows (spec §2.8): `candles` for traded instruments (futures, options, stocks), `spot` for an
 * index or stock value, which hides the left (OI) scale, the volume bars, the ATP line and their legend fields.
 */
export type CandleChartType = 'candles' | 'spot';

/** How a candle chart looks; everything but the theme has a default. */
export interface CandleChartOptions {
  theme: ChartTheme;
  /** Default `candles`. */
  type?: CandleChartType;
  /** Volume bars along the bottom. Default true (drawn only when the instrument trades volume; an index has none). */
  showVolume?: boolean;
  /** The average traded price line. Default true (drawn only where the instrument has one). */
  showAtp?: boolean;
  /** The open interest line and its left scale. Default true (drawn only when the instrument has OI). */
  showOi?: boolean;
  /** The O/H/L/C legend. Default true. */
  showLegend?: boolean;
  /** Intraday candles label the axis and crosshair with times of day; daily and longer ones with dates. Default true. */
  intraday?: boolean;
  /** What the prices are: rupees (the default) or index points (an index's future); a `spot` chart is in points. */
  valueUnit?: ChartValueUnit;
}

/** Options of {@link CandleChart.setCandles}. */
export interface SetCandlesOptions {
  /**
   * Scroll to the latest candles at the default zoom. Default: only when the chart showed no candles before, so a
   * periodic refresh keeps where the user scrolled to.
   */
  resetView?: boolean;
}

/** Called with the candle under the crosshair, or null when the crosshair leaves the candles. */
export type CrosshairListener = (candle: Candle | null) => void;

type ResolvedOptions = Required<CandleChartOptions>;

const DEFAULTS: Omit<ResolvedOptions, 'theme'> = {
  type: 'candles',
  showVolume: true,
  showAtp: true,
  showOi: true,
  showLegend: true,
  intraday: true,
  valueUnit: 'rupees',
};

/** Share of the candle pane kept free at the bottom for the volume bars, and the volume bars' height. */
const VOLUME_SHARE = 0.22;

/** The OI scale's format in a unit (see chartOiUnit): the legend writes OI in the same one. */
function oiFormat(unit: IndianNumberUnit): PriceFormatCustom {
  return { type: 'custom', formatter: (quantity: number) => formatChartOi(quantity, unit), minMove: 1 };
}

/** The price scales' top margin (a share of the pane). */
const TOP_MARGIN = 0.08;

/** Room below the legend before the OI line starts, so the line's 'OI' label never sits under the legend. */
const OI_LABEL_ROOM_PX = 12;

/** A lightweight-charts candle chart with volume, ATP, OI and a legend, in IST. */
export class CandleChart {
  private readonly chart: IChartApi;
  private readonly bars: ISeriesApi<'Candlestick'>;
  private readonly volume: ISeriesApi<'Histogram'>;
  private readonly atp: ISeriesApi<'Line'>;
  private readonly oi: ISeriesApi<'Line'>;
  private readonly legend: LegendView;
  private readonly listeners = new Set<CrosshairListener>();
  private readonly restoreContainerPosition: () => void;
  private options: ResolvedOptions;
  private palette: Readonly<ChartPalette>;
  private data: Candle[] = [];
  /** Whether the candles carry OI / volume at all (an index has neither): the series and legend fields follow. */
  private withOi = false;
  /** The unit of the OI scale and the legend's OI (the unit of the largest OI shown). */
  private oiUnit: IndianNumberUnit = 'K';
  private readonly container: HTMLElement;
  private withVolume = false;
  /** Index of the candle under the crosshair, null when the crosshair is away. */
  private hovered: number | null = null;
  /** Width of the right price scale at the last layout; null before the first. */
  private rightScaleWidth: number | null = null;
  private destroyed = false;

  /** Creates the chart inside `container`, sized to it and following its size. */
  constructor(container: HTMLElement, options: CandleChartOptions) {
    this.container = container;
    this.options = { ...DEFAULTS, ...withoutUndefined(options), theme: options.theme };
    this.palette = chartPalette(this.options.theme);
    this.restoreContainerPosition = ensurePositioned(container);
    this.chart = createCandleChartApi(container, this.chartOptions());
    this.bars = this.chart.addSeries(CandlestickSeries, { priceFormat: PRICE_FORMAT, priceScaleId: 'right' });
    this.atp = this.chart.addSeries(LineSeries, {
      priceFormat: PRICE_FORMAT,
      priceScaleId: 'right',
      lineWidth: 1,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
      title: 'ATP',
    });
    this.volume = addVolumeSeries(this.chart, VOLUME_SHARE);
    this.oi = this.chart.addSeries(LineSeries, {
      priceFormat: oiFormat(this.oiUnit),
      priceScaleId: 'left',
      lineWidth: 1,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
      title: 'OI',
    });
    this.legend = new LegendView(container, this.palette, this.legendVisibility());
    this.chart.subscribeCrosshairMove(this.onCrosshairMove);
    // The time scale narrows when the left (OI) scale appears or widens: then the legend moves past it.
    this.chart.timeScale().subscribeSizeChange(this.placeLegend);
    this.applyLook();
  }

  /**
   * Shows a history of candles (any order; one per start time, the last given wins), replacing what was shown. The
   * legend shows the last candle until the crosshair points at another.
   */
  setCandles(candles: readonly Candle[], { resetView = this.data.length === 0 }: SetCandlesOptions = {}): void {
    if (this.destroyed) return;
    this.data = normaliseCandles(candles);
    this.withOi = hasOpenInterest(this.data);
    this.withVolume = hasVolume(this.data);
    this.setOiUnit(chartOiUnit(this.data.map((c) => c.oi)));
    const series = toSeriesData(this.data, this.palette);
    this.bars.setData(series.bars);
    this.volume.setData(series.volume);
    this.atp.setData(series.atp);
    this.oi.setData(series.oi ?? []);
    this.hovered = null;
    this.applyLook();
    if (resetView) showLatestCandles(this.chart, this.data.length);
    this.refreshLegend();
    // The legend now has its text (and its height): the OI line goes below it.
    this.placeOiBelowLegend();
  }

  /**
   * Shows the live, still-forming candle: the same start as the last candle replaces it, a later start appends a
   * new candle, an earlier one is ignored. Returns what it did.
   */
  updateCandle(candle: Candle): LiveCandleAction {
    if (this.destroyed) return 'ignore';
    const action = applyLiveCandle(this.data, candle);
    if (action === 'ignore') return action;
    const points = candlePoints(candle, this.palette);
    this.bars.update(points.bar);
    this.volume.update(points.volume);
    this.atp.update(points.atp);
    this.oi.update(points.oi);
    // A live OI growing into the next unit moves the scale and the legend to it together.
    this.setOiUnit(largerOiUnit(this.oiUnit, chartOiUnit([candle.oi])));
    if ((!this.withOi && candle.oi > 0) || (!this.withVolume && candle.v > 0)) {
      this.withOi ||= candle.oi > 0;
      this.withVolume ||= candle.v > 0;
      this.applyLook();
    }
    this.refreshLegend();
    return action;
  }

  /** Switches between the light and dark palettes. */
  setTheme(theme: ChartTheme): void {
    this.setOptions({ theme });
  }

  /** Changes any of the options; what is not given stays as it is. */
  setOptions(options: Partial<CandleChartOptions>): void {
    if (this.destroyed) return;
    const previousTheme = this.options.theme;
    this.options = { ...this.options, ...withoutUndefined(options) };
    if (this.options.theme !== previousTheme) {
      this.palette = chartPalette(this.options.theme);
      // Volume bars carry their colour per bar, so they are recoloured from the candles.
      this.volume.setData(toVolumeData(this.data, this.palette));
    }
    this.chart.applyOptions(this.chartOptions());
    this.applyLook();
    this.refreshLegend();
    this.placeOiBelowLegend();
  }

  /** Calls `listener` whenever the crosshair moves onto another candle or off the candles; returns an unsubscribe. */
  onCrosshair(listener: CrosshairListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The candles shown, in time order (the live candle included). */
  candles(): readonly Candle[] {
    return this.data;
  }

  /** Removes the chart and its legend from the container; the instance does nothing afterwards. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.listeners.clear();
    this.chart.unsubscribeCrosshairMove(this.onCrosshairMove);
    this.chart.timeScale().unsubscribeSizeChange(this.placeLegend);
    this.chart.remove();
    this.legend.remove();
    this.restoreContainerPosition();
  }

  private readonly onCrosshairMove = (param: MouseEventParams<Time>): void => {
    const hovered = hoveredCandleIndex(this.data, param);
    if (hovered === this.hovered) return;
    this.hovered = hovered;
    this.refreshLegend();
    const candle = hovered === null ? null : (this.data[hovered] ?? null);
    for (const listener of this.listeners) listener(candle);
  };

  // Called by the time scale after a layout, when the left scale's width is known.
  private readonly placeLegend = (): void => {
    this.rightScaleWidth = this.chart.priceScale('right').width();
    this.legend.setInsets(this.showsOi() ? this.chart.priceScale('left').width() : 0, this.rightScaleWidth);
    this.placeOiBelowLegend();
  };

  private setOiUnit(unit: IndianNumberUnit): void {
    if (unit === this.oiUnit) return;
    this.oiUnit = unit;
    this.oi.applyOptions({ priceFormat: oiFormat(unit) });
  }

  // The OI line's top margin starts below the legend (its label follows the line's last value, which is often the
  // highest OI of the day), so the two never overlap however the legend wraps.
  private placeOiBelowLegend(): void {
    const pane = this.container.clientHeight - this.chart.timeScale().height();
    if (pane <= 0) return;
    const legend = this.legend.element;
    const legendBottom = legend.hidden ? 0 : legend.offsetTop + legend.offsetHeight;
    const top = Math.min(0.6, Math.max(TOP_MARGIN, (legendBottom + OI_LABEL_ROOM_PX) / pane));
    this.chart.applyOptions({ leftPriceScale: { scaleMargins: { top, bottom: this.bottomMargin() } } });
    this.container.dataset['oiTop'] = String(Math.round(top * pane));
  }

  private bottomMargin(): number {
    return this.showsVolume() ? VOLUME_SHARE + 0.02 : 0.06;
  }

  private refreshLegend(): void {
    const valueUnit = this.isSpot() ? 'points' : this.options.valueUnit;
    this.legend.show(
      legendOfCandles(this.data, this.hovered, this.options.intraday, { oiUnit: this.oiUnit, valueUnit }),
    );
  }

  private legendVisibility() {
    return { volume: this.showsVolume(), atp: this.showsAtp(), oi: this.showsOi() };
  }

  private isSpot(): boolean {
    return this.options.type === 'spot';
  }

  private showsVolume(): boolean {
    return !this.isSpot() && this.options.showVolume && this.withVolume;
  }

  private showsAtp(): boolean {
    return !this.isSpot() && this.options.showAtp;
  }

  private showsOi(): boolean {
    return !this.isSpot() && this.options.showOi && this.withOi;
  }

  // Series colours, visibility and scale layout, which depend on the options, the theme and the data.
  private applyLook(): void {
    const { palette } = this;
    const oiShown = this.showsOi();
    const volumeShown = this.showsVolume();
    this.bars.applyOptions({ ...candleColours(palette), borderVisible: false });
    this.atp.applyOptions({ color: palette.atp, visible: this.showsAtp() });
    this.volume.applyOptions({ visible: volumeShown });
    this.oi.applyOptions({ color: palette.oi, visible: oiShown });
    const margins = { top: TOP_MARGIN, bottom: this.bottomMargin() };
    this.chart.applyOptions({
      rightPriceScale: { scaleMargins: margins },
      leftPriceScale: { visible: oiShown },
    });
    this.placeOiBelowLegend();
    this.legend.setPalette(palette);
    this.legend.setVisibility(this.legendVisibility());
    this.legend.setHidden(!this.options.showLegend);
    // With the OI scale shown the legend is placed once the chart has laid the scale out (see placeLegend).
    if (!oiShown && this.rightScaleWidth !== null) this.legend.setInsets(0, this.rightScaleWidth);
  }

  // Chart-wide options that follow the theme and the options, with the left (OI) scale's border.
  private chartOptions(): DeepPartial<TimeChartOptions> {
    const { palette, options } = this;
    return { ...candleChartLook(palette, options.intraday), leftPriceScale: { borderColor: palette.border } };
  }
}

// Options objects from React props carry `undefined` for "not given"; spreading those would erase defaults.
function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

// The legend is absolutely positioned over the chart, so the container must be a positioning context.
function ensurePositioned(container: HTMLElement): () => void {
  const view = container.ownerDocument.defaultView;
  const position = view === null ? container.style.position : view.getComputedStyle(container).position;
  if (position !== '' && position !== 'static') return () => undefined;
  const previous = container.style.position;
  container.style.position = 'relative';
  return () => {
    container.style.position = previous;
  };
}
