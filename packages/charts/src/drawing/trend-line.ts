// The trend-line drawing as a lightweight-charts series primitive: the primitive (options, anchors, hit testing) →
// a pane view (anchors to pane coordinates on each update) → a renderer (paints the segment in bitmap pixels).
import type { IPrimitivePaneRenderer, IPrimitivePaneView } from 'lightweight-charts';
import { distanceToSegment, type PanePoint } from './drawing-geometry';
import type { TrendLineDrawing } from './drawing-model';
import { drawHandle, type DrawingStyle, type DrawingTarget } from './drawing-style';
import type { SeriesTimeline } from './series-timeline';
import { TwoAnchorPrimitive } from './two-anchor-primitive';

/** Options of a {@link TrendLinePrimitive}. */
export interface TrendLineOptions {
  drawing: TrendLineDrawing;
  style: DrawingStyle;
  /** A selected line is drawn thicker, with handles on both anchors. */
  selected: boolean;
}

/** Paints one segment between two pane points (null: an anchor cannot be placed, nothing to paint). */
export class TrendLineRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly ends: readonly [PanePoint, PanePoint] | null,
    private readonly style: DrawingStyle,
    private readonly selected: boolean,
  ) {}

  draw(target: DrawingTarget): void {
    const { ends, style, selected } = this;
    if (ends === null) return;
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
      const [a, b] = ends;
      context.lineWidth = Math.max(1, Math.floor((selected ? style.width + 1 : style.width) * h));
      context.strokeStyle = style.colour;
      context.lineCap = 'round';
      context.beginPath();
      context.moveTo(a.x * h, a.y * v);
      context.lineTo(b.x * h, b.y * v);
      context.stroke();
      if (selected) {
        drawHandle(context, a.x * h, a.y * v, h, style.colour);
        drawHandle(context, b.x * h, b.y * v, h, style.colour);
      }
    });
  }
}

/** The pane view: the segment's ends after the latest scale change. */
export class TrendLinePaneView implements IPrimitivePaneView {
  private ends: readonly [PanePoint, PanePoint] | null = null;

  constructor(private readonly source: TrendLinePrimitive) {}

  /** Recomputes the ends from the time and price scales. */
  update(): void {
    this.ends = this.source.points();
  }

  renderer(): IPrimitivePaneRenderer {
    const { style, selected } = this.source.options();
    return new TrendLineRenderer(this.ends, style, selected);
  }
}

/** A straight line between two (time, price) anchors, attached to a series. */
export class TrendLinePrimitive extends TwoAnchorPrimitive<TrendLineDrawing> {
  /**
   * A line for `drawing`; `timeline` places anchors that fall between or beyond the series' bars. Style and
   * selection default to the standard look, unselected.
   */
  constructor(
    drawing: TrendLineDrawing,
    timeline: SeriesTimeline,
    options: Partial<Omit<TrendLineOptions, 'drawing'>> = {},
  ) {
    super(drawing, timeline, options);
    this.useView(new TrendLinePaneView(this));
  }

  protected distanceTo(point: PanePoint, ends: readonly [PanePoint, PanePoint]): number {
    return distanceToSegment(point, ends[0], ends[1]);
  }
}
