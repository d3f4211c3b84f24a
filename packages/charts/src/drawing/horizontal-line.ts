// The horizontal-line drawing as a lightweight-charts series primitive, in the library's layers: the primitive
// (options and hit testing) → a pane view (turns the price into a pane coordinate on each update) → a renderer
// (paints the line in bitmap pixels), plus a price-axis label.
import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  PrimitiveHoveredItem,
  Time,
} from 'lightweight-charts';
import type { HorizontalLineDrawing } from './drawing-model';
import { DrawingPrimitive } from './drawing-primitive';
import { drawHandle, type DrawingStyle, type DrawingTarget } from './drawing-style';

/** Options of a {@link HorizontalLinePrimitive}. */
export interface HorizontalLineOptions {
  drawing: HorizontalLineDrawing;
  style: DrawingStyle;
  /** A selected line is drawn thicker, with a handle at its left end. */
  selected: boolean;
}

/** Paints one horizontal line at a pane y coordinate (null: off the scale, nothing to paint). */
export class HorizontalLineRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly y: number | null,
    private readonly style: DrawingStyle,
    private readonly selected: boolean,
  ) {}

  draw(target: DrawingTarget): void {
    const { y, style, selected } = this;
    if (y === null) return;
    target.useBitmapCoordinateSpace(({ context, bitmapSize, horizontalPixelRatio, verticalPixelRatio }) => {
      const width = Math.max(1, Math.floor((selected ? style.width + 1 : style.width) * verticalPixelRatio));
      // A filled rectangle aligned to whole bitmap pixels is crisp at any pixel ratio, unlike a stroked path.
      const top = Math.round(y * verticalPixelRatio) - Math.floor(width / 2);
      context.fillStyle = style.colour;
      context.fillRect(0, top, bitmapSize.width, width);
      if (selected) drawHandle(context, 12 * horizontalPixelRatio, top + width / 2, horizontalPixelRatio, style.colour);
    });
  }
}

/** The pane view: where the line is after the latest scale change. */
export class HorizontalLinePaneView implements IPrimitivePaneView {
  private y: number | null = null;

  constructor(private readonly source: HorizontalLinePrimitive) {}

  /** Recomputes the coordinate from the series' price scale. */
  update(): void {
    this.y = this.source.coordinate();
  }

  renderer(): IPrimitivePaneRenderer {
    const { style, selected } = this.source.options();
    return new HorizontalLineRenderer(this.y, style, selected);
  }
}

/** The price label of the line on the series' price scale. */
export class HorizontalLinePriceAxisView implements ISeriesPrimitiveAxisView {
  private y: number | null = null;

  constructor(private readonly source: HorizontalLinePrimitive) {}

  update(): void {
    this.y = this.source.coordinate();
  }

  coordinate(): number {
    return this.y ?? -100;
  }

  text(): string {
    const { drawing, style } = this.source.options();
    return style.formatPrice(drawing.price);
  }

  textColor(): string {
    return this.source.options().style.labelText;
  }

  backColor(): string {
    return this.source.options().style.colour;
  }

  visible(): boolean {
    return this.y !== null;
  }
}

/** A horizontal line at one price, attached to a series (its price scale places the line). */
export class HorizontalLinePrimitive extends DrawingPrimitive<HorizontalLineDrawing> implements ISeriesPrimitive<Time> {
  private readonly paneView = new HorizontalLinePaneView(this);
  private readonly axisView = new HorizontalLinePriceAxisView(this);
  // lightweight-charts caches views by array identity: the same arrays are returned every time.
  private readonly paneViewList: readonly IPrimitivePaneView[] = [this.paneView];
  private readonly axisViewList: readonly ISeriesPrimitiveAxisView[] = [this.axisView];

  /** A line for `drawing`; style and selection default to the standard look, unselected. */
  constructor(drawing: HorizontalLineDrawing, options: Partial<Omit<HorizontalLineOptions, 'drawing'>> = {}) {
    super(drawing, options);
  }

  /** The line's y in pane pixels, or null when detached or off the scale. */
  coordinate(): number | null {
    return this.series?.priceToCoordinate(this.current.drawing.price) ?? null;
  }

  updateAllViews(): void {
    this.paneView.update();
    this.axisView.update();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.paneViewList;
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axisViewList;
  }

  hitTest(_x: number, y: number): PrimitiveHoveredItem | null {
    const lineY = this.coordinate();
    if (lineY === null) return null;
    return this.hovered(Math.abs(y - lineY));
  }
}
