// A time chart of several series on two price scales (e.g. OI on the left, price on the right), and the crosshair
// sync that ties a panel grid of such charts (or candle charts) together: hovering one puts the crosshair at the
// same instant on every other. Times are candle starts in epoch ms, shown in IST like every chart here.
import {
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type PriceFormatCustom,
  type Time,
} from 'lightweight-charts';
import { formatChartPrice, formatChartQuantity } from './chart-format';
import { candleChartLook, createCandleChartApi } from './chart-setup';
import { fromChartTime, toChartTime } from './chart-time';
import { chartPalette, type ChartTheme } from './chart-theme';

/** One point of a series: the candle start (epoch ms) and its value; null leaves a gap. */
export interface SeriesPoint {
  readonly t: number;
  readonly v: number | null;
}

/** One series of a {@link MultiSeriesChart}. */
export interface SeriesSpec {
  /** Stable id: series are matched by it when the data changes. */
  readonly id: string;
  /** The name the scale label and the legend show. */
  readonly label: string;
  readonly colour: string;
  /** Which price scale: prices usually right, quantities (OI, volume) left. */
  readonly axis: 'left' | 'right';
  /** How the values read on the scale. Default: price (to the paisa). */
  readonly format?: 'price' | 'quantity';
  /** Line (default), dashed line, or bars. */
  readonly kind?: 'line' | 'dashed' | 'bars';
  readonly points: readonly SeriesPoint[];
}

/** Options of {@link MultiSeriesChart}. */
export interface MultiSeriesChartOptions {
  readonly theme: ChartTheme;
  /** Minute candles show the time of day on the axis; daily ones only the date. Default true. */
  readonly intraday?: boolean;
}

const FORMATS: Record<'price' | 'quantity', PriceFormatCustom> = {
  price: { type: 'custom', formatter: formatChartPrice, minMove: 0.01 },
  quantity: { type: 'custom', formatter: formatChartQuantity, minMove: 1 },
};

/** Line data of `points`, in time order, gaps as whitespace. */
export function seriesData(points: readonly SeriesPoint[]) {
  return [...points]
    .sort((a, b) => a.t - b.t)
    .map((p) => (p.v === null ? { time: toChartTime(p.t) } : { time: toChartTime(p.t), value: p.v }));
}

type AnySeries = ISeriesApi<'Line'> | ISeriesApi<'Histogram'> | ISeriesApi<'Candlestick'>;

/** Where a synced crosshair goes on a member: a bar's time, the value of its horizontal line, and on which series. */
export interface CrosshairPoint {
  readonly series: AnySeries;
  readonly time: Time;
  readonly value: number;
}

/** Something whose crosshair can be followed and set: a {@link MultiSeriesChart}, or any chart exposing its API. */
export interface CrosshairMember {
  readonly api: IChartApi;
  /** A series to pin the crosshair to (its price scale gives the horizontal line). */
  crosshairSeries(): AnySeries | null;
  /**
   * Where the crosshair goes for an instant (chart time), when the member's bars are not all in one series (a live
   * tail, see LiveTailSeries); without it, the bar is looked up in {@link CrosshairMember.crosshairSeries}.
   */
  crosshairPoint?(time: number): CrosshairPoint | null;
}

/**
 * Several series over one time scale with a left and a right price scale. `setSeries` replaces what is drawn
 * (series kept by id, so a live update does not recreate them); the theme can change without losing the zoom.
 */
export class MultiSeriesChart implements CrosshairMember {
  readonly api: IChartApi;
  private readonly series = new Map<string, { spec: SeriesSpec; api: AnySeries }>();
  private intraday: boolean;

  constructor(container: HTMLElement, options: MultiSeriesChartOptions) {
    this.intraday = options.intraday ?? true;
    this.api = createCandleChartApi(container, this.look(options.theme));
  }

  private look(theme: ChartTheme) {
    const palette = chartPalette(theme);
    const look = candleChartLook(palette, this.intraday);
    return { ...look, leftPriceScale: { visible: false, borderColor: palette.border } };
  }

  /** Follows a light/dark switch. */
  setTheme(theme: ChartTheme): void {
    this.api.applyOptions(this.look(theme));
  }

  /** Draws `specs`: new ids are added, missing ones removed, the rest given their new points and looks. */
  setSeries(specs: readonly SeriesSpec[]): void {
    const wanted = new Set(specs.map((s) => s.id));
    for (const [id, entry] of this.series) {
      if (!wanted.has(id)) {
        this.api.removeSeries(entry.api);
        this.series.delete(id);
      }
    }
    for (const spec of specs) {
      let entry = this.series.get(spec.id);
      if (entry !== undefined && (entry.spec.kind === 'bars') !== (spec.kind === 'bars')) {
        this.api.removeSeries(entry.api);
        entry = undefined;
      }
      const look = {
        color: spec.colour,
        title: spec.label,
        priceScaleId: spec.axis,
        priceFormat: FORMATS[spec.format ?? 'price'],
        priceLineVisible: false,
      };
      const api: AnySeries =
        entry?.api ??
        (spec.kind === 'bars'
          ? this.api.addSeries(HistogramSeries, look)
          : this.api.addSeries(LineSeries, {
              ...look,
              lineWidth: 2,
              lineStyle: spec.kind === 'dashed' ? LineStyle.Dashed : LineStyle.Solid,
            }));
      if (entry !== undefined) api.applyOptions(look);
      api.setData(seriesData(spec.points));
      this.series.set(spec.id, { spec, api });
    }
    this.api.applyOptions({ leftPriceScale: { visible: specs.some((s) => s.axis === 'left') } });
  }

  /** The ids drawn on each scale, in the order given: what the chart shows (for tests and legends). */
  scales(): { left: string[]; right: string[] } {
    const left: string[] = [];
    const right: string[] = [];
    for (const { spec } of this.series.values()) (spec.axis === 'left' ? left : right).push(spec.id);
    return { left, right };
  }

  crosshairSeries(): AnySeries | null {
    const first = this.series.values().next();
    return first.done === true ? null : first.value.api;
  }

  destroy(): void {
    this.series.clear();
    this.api.remove();
  }
}

/**
 * Ties the crosshairs of a panel grid: moving over one member sets every other member's crosshair at the same
 * time (on its first series), and leaving clears them. Members may join and leave at any time.
 */
export class CrosshairSync {
  private readonly members = new Map<CrosshairMember, (param: MouseEventParams<Time>) => void>();
  /** The member whose crosshair is being mirrored: setting others' crosshairs fires their events too. */
  private driving: CrosshairMember | null = null;

  /** Adds `member`; returns what removes it again. */
  join(member: CrosshairMember): () => void {
    const handler = (param: MouseEventParams<Time>) => this.moved(member, param);
    member.api.subscribeCrosshairMove(handler);
    this.members.set(member, handler);
    return () => this.leave(member);
  }

  /** Removes `member` (nothing when it is not a member). */
  leave(member: CrosshairMember): void {
    const handler = this.members.get(member);
    if (handler === undefined) return;
    member.api.unsubscribeCrosshairMove(handler);
    this.members.delete(member);
  }

  /** How many charts are tied together. */
  get size(): number {
    return this.members.size;
  }

  private moved(source: CrosshairMember, param: MouseEventParams<Time>): void {
    if (this.driving !== null && this.driving !== source) return;
    this.driving = source;
    try {
      const time = param.point === undefined || typeof param.time !== 'number' ? null : param.time;
      for (const member of this.members.keys()) {
        if (member === source) continue;
        const point = time === null ? null : crosshairPointOf(member, time);
        if (point === null) {
          member.api.clearCrosshairPosition();
          continue;
        }
        try {
          member.api.setCrosshairPosition(point.value, point.time, point.series);
        } catch {
          // The library asserts that the member's price scale has a first value in view; it has none while the
          // member is between data loads or scrolled past its data. That member shows no crosshair, and the pointer
          // event of the panel being hovered does not fail.
          member.api.clearCrosshairPosition();
        }
      }
    } finally {
      this.driving = null;
    }
  }
}

// The member's own point, else its series' value at that instant (its last value where it has none); a member of a
// longer timeframe shows the candle holding the instant (the last one starting at or before it).
function crosshairPointOf(member: CrosshairMember, time: number): CrosshairPoint | null {
  if (member.crosshairPoint !== undefined) return member.crosshairPoint(time);
  const series = member.crosshairSeries();
  if (series === null) return null;
  const data = series.data();
  let bar = data.find((point) => point.time === time);
  if (bar === undefined) {
    const before = data.filter((point) => typeof point.time === 'number' && point.time <= time);
    bar = before.length > 0 && before.length < data.length ? before[before.length - 1] : data[data.length - 1];
  }
  if (bar === undefined) return null;
  const value = 'value' in bar ? bar.value : 'close' in bar && typeof bar.close === 'number' ? bar.close : 0;
  return { series, time: bar.time, value };
}

/** The epoch-ms time under a crosshair event, or null when the pointer is off the data. */
export function crosshairTime(param: MouseEventParams<Time>): number | null {
  return param.point === undefined || typeof param.time !== 'number' ? null : fromChartTime(param.time);
}
