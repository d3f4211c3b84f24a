// The rectangle drawing as a lightweight-charts series primitive: the primitive (options, anchors, hit testing) → a
// pane view (the corners to pane coordinates on each update) → a renderer (a translucent fill and its outline, in
// bitmap pixels).
import type { IPrimitivePaneRenderer, IPrimitivePaneView } from 'lightweight-charts';
import { distanceToSegment, type PanePoint } from './drawing-geometry';
import type { RectangleDrawing } from './drawing-model';
import { drawHandle, type DrawingStyle, type DrawingTarget } from './drawing-style';
import type { SeriesTimeline } from './series-timeline';
import { TwoAnchorPrimitive } from './two-anchor-primitive';

/** Options of a {@link RectanglePrimitive}. */
export interface RectangleOptions {
  drawing: RectangleDrawing;
  style: DrawingStyle;
  /** A selected rectangle is outlined thicker, with handles on both anchor corners. */
  selected: boolean;
}

/** Opacity of the rectangle's fill (the outline is opaque). */
export const RECTANGLE_FILL_ALPHA = 0.15;

/** Paints a rectangle with opposite corners at two pane points (null: a corner cannot be placed). */
export class RectangleRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly corners: readonly [PanePoint, PanePoint] | null,
    private readonly style: DrawingStyle,
    private readonly selected: boolean,
  ) {}

  draw(target: DrawingTarget): void {
    const { corners, style, selected } = this;
    if (corners === null) return;
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
      const [a, b] = corners;
      const left = Math.round(Math.min(a.x, b.x) * h);
      const top = Math.round(Math.min(a.y, b.y) * v);
      const width = Math.round(Math.abs(b.x - a.x) * h);
      const height = Math.round(Math.abs(b.y - a.y) * v);
      context.globalAlpha = RECTANGLE_FILL_ALPHA;
      context.fillStyle = style.colour;
      context.fillRect(left, top, width, height);
      context.globalAlpha = 1;
      context.lineWidth = Math.max(1, Math.floor((selected ? style.width + 1 : style.width) * h));
      context.strokeStyle = style.colour;
      context.strokeRect(left, top, width, height);
      if (selected) {
        drawHandle(context, a.x * h, a.y * v, h, style.colour);
        drawHandle(context, b.x * h, b.y * v, h, style.colour);
      }
    });
  }
}

/** The pane view: the corners after the latest scale change. */
export class RectanglePaneView implements IPrimitivePaneView {
  private corners: readonly [PanePoint, PanePoint] | null = null;

  constructor(private readonly source: RectanglePrimitive) {}

  update(): void {
    this.corners = this.source.points();
  }

  renderer(): IPrimitivePaneRenderer {
    const { style, selected } = this.source.options();
    return new RectangleRenderer(this.corners, style, selected);
  }
}

/** The pixel distance from a point to a rectangle: 0 inside it, else to its nearest edge. */
export function distanceToRectangle(p: PanePoint, a: PanePoint, b: PanePoint): number {
  const left = Math.min(a.x, b.x);
  const right = Math.max(a.x, b.x);
  const top = Math.min(a.y, b.y);
  const bottom = Math.max(a.y, b.y);
  if (p.x >= left && p.x <= right && p.y >= top && p.y <= bottom) return 0;
  const corners: PanePoint[] = [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
  return Math.min(...corners.map((corner, i) => distanceToSegment(p, corner, corners[(i + 1) % 4]!)));
}

/** A rectangle between two (time, price) corners, attached to a series. */
export class RectanglePrimitive extends TwoAnchorPrimitive<RectangleDrawing> {
  constructor(
    drawing: RectangleDrawing,
    timeline: SeriesTimeline,
    options: Partial<Omit<RectangleOptions, 'drawing'>> = {},
  ) {
    super(drawing, timeline, options);
    this.useView(new RectanglePaneView(this));
  }

  protected distanceTo(point: PanePoint, ends: readonly [PanePoint, PanePoint]): number {
    return distanceToRectangle(point, ends[0], ends[1]);
  }
}
