// What the drawings placed with two clicks share (trend line, rectangle, Fibonacci retracement): two (time, price)
// anchors placed on the pane through the series' timeline and price scale, one pane view, and hit testing against
// the pane points.
import type { IPrimitivePaneView, ISeriesPrimitive, Logical, PrimitiveHoveredItem, Time } from 'lightweight-charts';
import type { PanePoint } from './drawing-geometry';
import type { DrawingAnchor, TwoAnchorDrawing } from './drawing-model';
import { DrawingPrimitive, type DrawingPrimitiveOptions } from './drawing-primitive';
import type { SeriesTimeline } from './series-timeline';

/** A two-anchor drawing's primitive: anchors to pane points, its pane view and its hit test. */
export abstract class TwoAnchorPrimitive<D extends TwoAnchorDrawing>
  extends DrawingPrimitive<D>
  implements ISeriesPrimitive<Time>
{
  private paneViewList: readonly IPrimitivePaneView[] = [];

  /** `timeline` places anchors that fall between or beyond the series' bars. */
  constructor(
    drawing: D,
    private readonly timeline: SeriesTimeline,
    options: Partial<Omit<DrawingPrimitiveOptions<D>, 'drawing'>>,
  ) {
    super(drawing, options);
  }

  /** Sets the pane view (once, from the subclass's constructor: lightweight-charts caches the list by identity). */
  protected useView(view: IPrimitivePaneView & { update(): void }): void {
    this.paneViewList = [view];
  }

  /** The two anchors in pane pixels, or null when detached or an anchor cannot be placed. */
  points(): readonly [PanePoint, PanePoint] | null {
    const a = this.pointOf(this.current.drawing.from);
    const b = this.pointOf(this.current.drawing.to);
    return a === null || b === null ? null : [a, b];
  }

  /** The pixel distance from a pane point to the drawing (what the pointer must come within to hit it). */
  protected abstract distanceTo(point: PanePoint, ends: readonly [PanePoint, PanePoint]): number;

  updateAllViews(): void {
    for (const view of this.paneViewList) (view as IPrimitivePaneView & { update(): void }).update();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.paneViewList;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const ends = this.points();
    if (ends === null) return null;
    return this.hovered(this.distanceTo({ x, y }, ends));
  }

  /** A price's y in pane pixels, or null when detached or off the scale. */
  protected priceY(price: number): number | null {
    return this.series?.priceToCoordinate(price) ?? null;
  }

  private pointOf(anchor: DrawingAnchor): PanePoint | null {
    if (this.chart === null || this.series === null) return null;
    const logical = this.timeline.logicalOf(anchor.time);
    if (logical === null) return null;
    const x = this.chart.timeScale().logicalToCoordinate(logical as Logical);
    const y = this.series.priceToCoordinate(anchor.price);
    return x === null || y === null ? null : { x, y };
  }
}
