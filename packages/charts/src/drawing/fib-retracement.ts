// The Fibonacci retracement drawing as a lightweight-charts series primitive: the primitive (options, anchors, hit
// testing) → a pane view (each level's price to a pane row on each update) → a renderer (a line per level between
// the anchors' times, labelled with the level and its price).
import type { IPrimitivePaneRenderer, IPrimitivePaneView } from 'lightweight-charts';
import { distanceToSegment, type PanePoint } from './drawing-geometry';
import { FIB_RETRACEMENT_LEVELS, fibLevelPrice, type FibRetracementDrawing } from './drawing-model';
import { drawHandle, type DrawingStyle, type DrawingTarget } from './drawing-style';
import type { SeriesTimeline } from './series-timeline';
import { TwoAnchorPrimitive } from './two-anchor-primitive';

/** Options of a {@link FibRetracementPrimitive}. */
export interface FibRetracementOptions {
  drawing: FibRetracementDrawing;
  style: DrawingStyle;
  /** A selected retracement is drawn thicker, with handles on both anchors. */
  selected: boolean;
}

/** One level as the pane shows it: its share of the move, its price and its row (null: off the scale). */
export interface FibLevelRow {
  level: number;
  price: number;
  y: number | null;
}

/** What the renderer paints: the anchors' columns and pane points, and each level's row. */
export interface FibRetracementGeometry {
  left: number;
  right: number;
  ends: readonly [PanePoint, PanePoint];
  levels: readonly FibLevelRow[];
}

/** Paints each level as a line across the anchors' time span, with its label at the left. */
export class FibRetracementRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly geometry: FibRetracementGeometry | null,
    private readonly style: DrawingStyle,
    private readonly selected: boolean,
  ) {}

  draw(target: DrawingTarget): void {
    const { geometry, style, selected } = this;
    if (geometry === null) return;
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
      const width = Math.max(1, Math.floor((selected ? style.width + 1 : style.width) * v));
      const left = Math.round(geometry.left * h);
      const span = Math.max(1, Math.round((geometry.right - geometry.left) * h));
      context.fillStyle = style.colour;
      context.font = `${Math.round(11 * v)}px sans-serif`;
      context.textBaseline = 'bottom';
      for (const row of geometry.levels) {
        if (row.y === null) continue;
        const top = Math.round(row.y * v) - Math.floor(width / 2);
        context.fillRect(left, top, span, width);
        context.fillText(`${row.level} (${style.formatPrice(row.price)})`, left + 2 * h, top - 1);
      }
      if (selected) {
        const [a, b] = geometry.ends;
        drawHandle(context, a.x * h, a.y * v, h, style.colour);
        drawHandle(context, b.x * h, b.y * v, h, style.colour);
      }
    });
  }
}

/** The pane view: the levels' rows after the latest scale change. */
export class FibRetracementPaneView implements IPrimitivePaneView {
  private geometry: FibRetracementGeometry | null = null;

  constructor(private readonly source: FibRetracementPrimitive) {}

  update(): void {
    this.geometry = this.source.geometry();
  }

  renderer(): IPrimitivePaneRenderer {
    const { style, selected } = this.source.options();
    return new FibRetracementRenderer(this.geometry, style, selected);
  }
}

/** A Fibonacci retracement of the move between two (time, price) anchors, attached to a series. */
export class FibRetracementPrimitive extends TwoAnchorPrimitive<FibRetracementDrawing> {
  constructor(
    drawing: FibRetracementDrawing,
    timeline: SeriesTimeline,
    options: Partial<Omit<FibRetracementOptions, 'drawing'>> = {},
  ) {
    super(drawing, timeline, options);
    this.useView(new FibRetracementPaneView(this));
  }

  /** The anchors' span and each level's row, or null when an anchor cannot be placed. */
  geometry(): FibRetracementGeometry | null {
    const ends = this.points();
    if (ends === null) return null;
    const { from, to } = this.current.drawing;
    return {
      left: Math.min(ends[0].x, ends[1].x),
      right: Math.max(ends[0].x, ends[1].x),
      ends,
      levels: FIB_RETRACEMENT_LEVELS.map((level) => {
        const price = fibLevelPrice(from, to, level);
        return { level, price, y: this.priceY(price) };
      }),
    };
  }

  protected distanceTo(point: PanePoint): number {
    const geometry = this.geometry();
    if (geometry === null) return Infinity;
    let best = Infinity;
    for (const row of geometry.levels) {
      if (row.y === null) continue;
      const distance = distanceToSegment(point, { x: geometry.left, y: row.y }, { x: geometry.right, y: row.y });
      if (distance < best) best = distance;
    }
    return best;
  }
}
