// The indicator lines drawn over the candles (VWAP, EMA, SMA, Bollinger Bands, Supertrend) as one series primitive
// that draws them from their own arrays, rather than as lightweight-charts series. Every series costs each frame's
// draw whether it changed or not (its scale label is laid out and its last value formatted even when hidden), and a
// live series is two (see LiveTailSeries): five overlay lines were ten series per chart. A tick here writes the last
// value of each line into its array, and the frame the candle's own update asks for draws the visible stretch.
import type {
  AutoscaleInfo,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  Logical,
  SeriesType,
  Time,
} from 'lightweight-charts';
import { AttachedPrimitive } from '../attached-primitive';
import { formatChartPrice } from '../chart-format';
import type { DrawingTarget } from './drawing-style';

/** One line of the overlay. */
export interface OverlayLine {
  key: string;
  colour: string;
  dashed: boolean;
  /** Width in CSS pixels. */
  width: number;
  /** Values aligned with the candles (index i belongs to candle i); NaN is a gap. */
  values: number[];
  /** A colour per point (Supertrend follows its trend), aligned likewise, or null for the line's colour. */
  colours: string[] | null;
}

/** Dash and gap of a dashed line, in CSS pixels per pixel of width (lightweight-charts' dashed style). */
const DASH = [2, 2];

/** Indicator lines over a series' pane, each with its last value labelled on the series' price scale. */
export class IndicatorOverlay extends AttachedPrimitive implements ISeriesPrimitive<Time> {
  private lines: OverlayLine[] = [];
  private readonly paneView: IPrimitivePaneView;
  private readonly views: readonly IPrimitivePaneView[];
  /** The labels of the lines; a new array only when the lines change (lightweight-charts caches by reference). */
  private labels: readonly ISeriesPrimitiveAxisView[] = [];

  constructor() {
    super();
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.paneView = { renderer: () => renderer };
    this.views = [this.paneView];
  }

  /** Replaces the lines (their arrays are the overlay's from now on) and redraws. */
  setLines(lines: OverlayLine[]): void {
    this.lines = lines;
    this.labels = lines.map((line) => new LastValueLabel(line, () => this.series));
    this.requestUpdate();
  }

  /** The lines shown, by key. */
  line(key: string): OverlayLine | undefined {
    return this.lines.find((line) => line.key === key);
  }

  /**
   * Sets one line's value at candle `index` (the last candle, or one after it), with its colour if the line colours
   * its points. No redraw is asked for: the live candle's own update is drawn in the same frame.
   */
  setValue(key: string, index: number, value: number, colour: string | null): void {
    const line = this.line(key);
    if (line === undefined) return;
    line.values[index] = value;
    if (line.colours !== null && colour !== null) line.colours[index] = colour;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.labels;
  }

  /** The lines' lowest and highest values over the visible candles, so the scale keeps them in view. */
  autoscaleInfo(start: Logical, end: Logical): AutoscaleInfo | null {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const { values } of this.lines) {
      const last = Math.min(values.length - 1, Math.floor(end));
      for (let i = Math.max(0, Math.ceil(start)); i <= last; i += 1) {
        const value = values[i]!;
        if (value < min) min = value;
        if (value > max) max = value;
      }
    }
    return min <= max ? { priceRange: { minValue: min, maxValue: max } } : null;
  }

  // Draws each line over the visible candles (one beyond each edge, so lines run off the pane), breaking it at gaps
  // and where its colour changes.
  private draw(target: DrawingTarget): void {
    const { chart, series } = this;
    if (chart === null || series === null || this.lines.length === 0) return;
    const timeScale = chart.timeScale();
    const range = timeScale.getVisibleLogicalRange();
    if (range === null) return;
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: hpr, verticalPixelRatio: vpr }) => {
      context.lineJoin = 'round';
      for (const line of this.lines) {
        const last = Math.min(line.values.length - 1, Math.ceil(range.to) + 1);
        const first = Math.max(0, Math.floor(range.from) - 1);
        const width = Math.max(1, Math.floor(line.width * hpr));
        context.lineWidth = width;
        context.setLineDash(line.dashed ? DASH.map((d) => d * width) : []);
        let colour = '';
        let open = false;
        for (let i = first; i <= last; i += 1) {
          const value = line.values[i]!;
          const y = Number.isFinite(value) ? series.priceToCoordinate(value) : null;
          const x = y === null ? null : timeScale.logicalToCoordinate(i as Logical);
          if (x === null || y === null) {
            if (open) context.stroke();
            open = false;
            continue;
          }
          const pointColour = line.colours?.[i] ?? line.colour;
          if (open && pointColour === colour) {
            context.lineTo(x * hpr, y * vpr);
            continue;
          }
          // A gap or a change of colour starts a new stroke there: a Supertrend that flips jumps from one band to
          // the other, which is a break, not a line.
          if (open) context.stroke();
          colour = pointColour;
          context.strokeStyle = colour;
          context.beginPath();
          context.moveTo(x * hpr, y * vpr);
          open = true;
        }
        if (open) context.stroke();
      }
      context.setLineDash([]);
    });
  }
}

/** A line's last value on the price scale, in the line's colour. */
class LastValueLabel implements ISeriesPrimitiveAxisView {
  /** The value last formatted, and its text (a label is asked for its text every frame). */
  private formatted: { value: number; text: string } | null = null;
  /** The last background and the text colour that reads on it. */
  private contrast: { back: string; text: string } | null = null;

  constructor(
    private readonly line: OverlayLine,
    private readonly series: () => ISeriesApi<SeriesType> | null,
  ) {}

  private lastValue(): number {
    return this.line.values.at(-1) ?? Number.NaN;
  }

  visible(): boolean {
    return Number.isFinite(this.lastValue()) && this.series() !== null;
  }

  tickVisible(): boolean {
    return false;
  }

  coordinate(): number {
    const value = this.lastValue();
    return (Number.isFinite(value) ? this.series()?.priceToCoordinate(value) : null) ?? -1_000;
  }

  // lightweight-charts asks for the text of a hidden label too: a line still warming up has no value to format.
  text(): string {
    const value = this.lastValue();
    if (!Number.isFinite(value)) return '';
    if (this.formatted?.value !== value) this.formatted = { value, text: formatChartPrice(value) };
    return this.formatted.text;
  }

  textColor(): string {
    const back = this.backColor();
    if (this.contrast?.back !== back) this.contrast = { back, text: contrastText(back) };
    return this.contrast.text;
  }

  backColor(): string {
    return this.line.colours?.at(-1) ?? this.line.colour;
  }
}

/** White or near-black text, whichever reads better on a `#rrggbb` background (by its perceived lightness). */
export function contrastText(background: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(background)?.[1];
  if (hex === undefined) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const lightness = (0.299 * r! + 0.587 * g! + 0.114 * b!) / 255;
  return lightness > 0.6 ? '#131722' : '#ffffff';
}
