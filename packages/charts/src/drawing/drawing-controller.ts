// Places, selects and deletes drawings on one chart series. A tool is picked from outside (the page's toolbar); a
// click on the chart then places a horizontal line, or the first of the two anchors of a trend line, rectangle or
// Fibonacci retracement (the drawing follows the crosshair until the second click). With no tool, a click on a drawing selects it and a click elsewhere clears the
// selection; Delete or Backspace removes the selected drawing and Escape cancels a tool or a half-drawn line. Every
// change is reported as the full list of drawings, ready to be saved with serialiseDrawings.
import type { IChartApi, ISeriesApi, Logical, MouseEventParams, SeriesType, Time } from 'lightweight-charts';
import type { PanePoint } from './drawing-geometry';
import {
  copyDrawing,
  isTwoAnchorTool,
  type Drawing,
  type DrawingAnchor,
  type DrawingTool,
  type TwoAnchorDrawing,
} from './drawing-model';
import { DEFAULT_DRAWING_STYLE, type DrawingStyle } from './drawing-style';
import { FibRetracementPrimitive } from './fib-retracement';
import { HorizontalLinePrimitive } from './horizontal-line';
import { RectanglePrimitive } from './rectangle';
import { SeriesTimeline } from './series-timeline';
import { TrendLinePrimitive } from './trend-line';
import type { TwoAnchorPrimitive } from './two-anchor-primitive';

/** Options of a {@link DrawingController}. */
export interface DrawingControllerOptions {
  style?: DrawingStyle;
  /** Called with every drawing after one is added or deleted (not after {@link DrawingController.load}). */
  onChange?: (drawings: Drawing[]) => void;
  /** Called when the active tool changes, including when placing a drawing finishes it. */
  onToolChange?: (tool: DrawingTool | null) => void;
  /** Called when the selection changes. */
  onSelect?: (id: string | null) => void;
  /** Makes the id of a new drawing; ids only need to be unique on this chart. */
  createId?: () => string;
  /** A series holding the bars after the series' own (a live tail, see LiveTailSeries), for placing anchors. */
  tail?: ISeriesApi<SeriesType>;
}

type Placed = HorizontalLinePrimitive | TwoAnchorPrimitive<TwoAnchorDrawing>;

/** The drawing tools of one chart: placing by clicks, selecting, deleting, loading and saving. */
export class DrawingController {
  private readonly timeline: SeriesTimeline;
  private readonly placed = new Map<string, Placed>();
  private readonly element: HTMLElement;
  private readonly hadTabIndex: boolean;
  private style: DrawingStyle;
  private activeTool: DrawingTool | null = null;
  private selectedId: string | null = null;
  /** A two-anchor drawing whose first anchor is placed and whose second follows the crosshair. */
  private draft: TwoAnchorPrimitive<TwoAnchorDrawing> | null = null;
  private destroyed = false;

  /** Starts handling clicks and keys on `chart` for drawings on `series`. */
  constructor(
    private readonly chart: IChartApi,
    private readonly series: ISeriesApi<SeriesType>,
    private readonly options: DrawingControllerOptions = {},
  ) {
    this.style = options.style ?? DEFAULT_DRAWING_STYLE;
    this.timeline = new SeriesTimeline(series, options.tail);
    chart.subscribeClick(this.onClick);
    chart.subscribeCrosshairMove(this.onMove);
    // Keys reach the chart once it has focus: clicking the chart focuses its (focusable) element.
    this.element = chart.chartElement();
    this.hadTabIndex = this.element.hasAttribute('tabindex');
    if (!this.hadTabIndex) this.element.tabIndex = 0;
    this.element.addEventListener('keydown', this.onKeyDown);
  }

  /** The tool the next click uses, null when clicks select. */
  tool(): DrawingTool | null {
    return this.activeTool;
  }

  /** Picks the tool for the next click (null: clicks select); a half-drawn trend line is dropped. */
  setTool(tool: DrawingTool | null): void {
    if (this.destroyed) return;
    this.dropDraft();
    if (tool !== null) this.select(null);
    if (tool === this.activeTool) return;
    this.activeTool = tool;
    this.options.onToolChange?.(tool);
  }

  /** The drawings on the chart, oldest first, as plain data. */
  drawings(): Drawing[] {
    return [...this.placed.values()].map((primitive) => copyDrawing(primitive.options().drawing));
  }

  /** The selected drawing's id, or null. */
  selected(): string | null {
    return this.selectedId;
  }

  /** Replaces the drawings on the chart with `drawings` (e.g. loaded from storage); reports no change. */
  load(drawings: readonly Drawing[]): void {
    if (this.destroyed) return;
    this.dropDraft();
    for (const primitive of this.placed.values()) this.series.detachPrimitive(primitive);
    this.placed.clear();
    this.selectedId = null;
    for (const drawing of drawings) this.attach(drawing);
  }

  /** Adds a drawing and reports the change. */
  add(drawing: Drawing): void {
    if (this.destroyed) return;
    this.attach(drawing);
    this.changed();
  }

  /** Selects a drawing by id (null or an unknown id clears the selection). */
  select(id: string | null): void {
    const next = id !== null && this.placed.has(id) ? id : null;
    if (next === this.selectedId) return;
    if (this.selectedId !== null) this.placed.get(this.selectedId)?.applyOptions({ selected: false });
    this.selectedId = next;
    if (next !== null) this.placed.get(next)?.applyOptions({ selected: true });
    this.options.onSelect?.(next);
  }

  /** Removes the selected drawing; false when none is selected. */
  deleteSelected(): boolean {
    const id = this.selectedId;
    if (id === null) return false;
    this.select(null);
    return this.remove(id);
  }

  /** Removes a drawing by id; false when there is none. */
  remove(id: string): boolean {
    const primitive = this.placed.get(id);
    if (primitive === undefined) return false;
    if (this.selectedId === id) this.select(null);
    this.series.detachPrimitive(primitive);
    this.placed.delete(id);
    this.changed();
    return true;
  }

  /** Changes the look of every drawing (e.g. when the colour mode changes). */
  setStyle(style: DrawingStyle): void {
    this.style = style;
    for (const primitive of this.placed.values()) primitive.applyOptions({ style });
    this.draft?.applyOptions({ style });
  }

  /**
   * Handles a click at a pane point: places with the active tool, otherwise selects the drawing under the point
   * (or clears the selection). The chart's own clicks arrive here; tests call it directly.
   */
  click(point: PanePoint): void {
    if (this.destroyed) return;
    if (this.activeTool === 'horizontal-line') {
      const price = this.series.coordinateToPrice(point.y);
      if (price === null) return;
      this.add({ kind: 'horizontal-line', id: this.newId(), price });
      this.finishTool();
      return;
    }
    if (this.activeTool !== null && isTwoAnchorTool(this.activeTool)) {
      const anchor = this.anchorAt(point);
      if (anchor === null) return;
      if (this.draft === null) {
        const drawing = { kind: this.activeTool, id: this.newId(), from: anchor, to: anchor };
        this.draft = this.primitiveOf(drawing, { style: this.style, selected: true });
        this.series.attachPrimitive(this.draft);
        return;
      }
      const { drawing } = this.draft.options();
      this.dropDraft();
      this.add({ ...drawing, to: anchor });
      this.finishTool();
      return;
    }
    this.select(this.hitAt(point));
  }

  /** Moves the loose end of a half-drawn two-anchor drawing to a pane point (the crosshair's moves arrive here). */
  move(point: PanePoint): void {
    if (this.draft === null) return;
    const anchor = this.anchorAt(point);
    if (anchor === null) return;
    this.draft.applyOptions({ drawing: { ...this.draft.options().drawing, to: anchor } });
  }

  /** Handles a key: Delete/Backspace remove the selection, Escape cancels; true when the key was used. */
  key(key: string): boolean {
    if (this.destroyed) return false;
    if (key === 'Delete' || key === 'Backspace') return this.deleteSelected();
    if (key === 'Escape') {
      if (this.activeTool !== null) {
        this.setTool(null);
        return true;
      }
      if (this.selectedId !== null) {
        this.select(null);
        return true;
      }
    }
    return false;
  }

  /** Stops handling the chart and removes the drawings from it (the chart itself stays). */
  destroy(): void {
    if (this.destroyed) return;
    this.dropDraft();
    for (const primitive of this.placed.values()) this.series.detachPrimitive(primitive);
    this.placed.clear();
    this.destroyed = true;
    this.chart.unsubscribeClick(this.onClick);
    this.chart.unsubscribeCrosshairMove(this.onMove);
    this.element.removeEventListener('keydown', this.onKeyDown);
    if (!this.hadTabIndex) this.element.removeAttribute('tabindex');
    this.timeline.dispose();
  }

  private readonly onClick = (param: MouseEventParams<Time>): void => {
    if (param.point !== undefined) this.click(param.point);
  };

  private readonly onMove = (param: MouseEventParams<Time>): void => {
    if (param.point !== undefined) this.move(param.point);
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (this.key(event.key)) event.preventDefault();
  };

  private primitiveOf(drawing: TwoAnchorDrawing, options: { style: DrawingStyle; selected: boolean }) {
    switch (drawing.kind) {
      case 'trend-line':
        return new TrendLinePrimitive(drawing, this.timeline, options);
      case 'rectangle':
        return new RectanglePrimitive(drawing, this.timeline, options);
      case 'fib-retracement':
        return new FibRetracementPrimitive(drawing, this.timeline, options);
    }
  }

  private attach(drawing: Drawing): void {
    const options = { style: this.style, selected: false };
    const primitive =
      drawing.kind === 'horizontal-line'
        ? new HorizontalLinePrimitive(drawing, options)
        : this.primitiveOf(drawing, options);
    const existing = this.placed.get(drawing.id);
    if (existing !== undefined) this.series.detachPrimitive(existing);
    this.placed.set(drawing.id, primitive);
    this.series.attachPrimitive(primitive);
  }

  // The topmost (latest) drawing within reach of the point.
  private hitAt(point: PanePoint): string | null {
    let best: { id: string; distance: number } | null = null;
    for (const [id, primitive] of this.placed) {
      const hit = primitive.hitTest(point.x, point.y);
      if (hit !== null && (best === null || (hit.distance ?? 0) <= best.distance))
        best = { id, distance: hit.distance ?? 0 };
    }
    return best?.id ?? null;
  }

  private anchorAt(point: PanePoint): DrawingAnchor | null {
    const logical = this.chart.timeScale().coordinateToLogical(point.x);
    const price = this.series.coordinateToPrice(point.y);
    if (logical === null || price === null) return null;
    const time = this.timeline.timeAt(logical satisfies Logical);
    return time === null ? null : { time: Math.round(time), price };
  }

  private dropDraft(): void {
    if (this.draft === null) return;
    this.series.detachPrimitive(this.draft);
    this.draft = null;
  }

  // A tool places one drawing, then clicks select again (as in TradingView's default).
  private finishTool(): void {
    this.activeTool = null;
    this.options.onToolChange?.(null);
  }

  private changed(): void {
    this.options.onChange?.(this.drawings());
  }

  private newId(): string {
    if (this.options.createId !== undefined) return this.options.createId();
    // Unique on this chart: the time plus randomness, so ids of drawings saved before a reload do not clash.
    return `d-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  }
}
