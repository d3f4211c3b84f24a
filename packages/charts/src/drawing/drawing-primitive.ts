// What every drawing primitive shares: its options (drawing, style, selection), the series it is attached to, and
// the hovered item it reports when the pointer is close enough.
import type { PrimitiveHoveredItem } from 'lightweight-charts';
import { AttachedPrimitive } from '../attached-primitive';
import { HIT_TOLERANCE_PX } from './drawing-geometry';
import type { Drawing } from './drawing-model';
import { DEFAULT_DRAWING_STYLE, type DrawingStyle } from './drawing-style';

/** Options of a drawing primitive showing `D`. */
export interface DrawingPrimitiveOptions<D extends Drawing> {
  drawing: D;
  style: DrawingStyle;
  selected: boolean;
}

/** The common part of a drawing's series primitive: options, attachment and hit reporting. */
export abstract class DrawingPrimitive<D extends Drawing> extends AttachedPrimitive {
  protected current: DrawingPrimitiveOptions<D>;

  /** A primitive for `drawing`; style and selection default to the standard look, unselected. */
  constructor(drawing: D, options: Partial<Omit<DrawingPrimitiveOptions<D>, 'drawing'>>) {
    super();
    this.current = { drawing, style: options.style ?? DEFAULT_DRAWING_STYLE, selected: options.selected ?? false };
  }

  /** The current options. */
  options(): Readonly<DrawingPrimitiveOptions<D>> {
    return this.current;
  }

  /** Changes options and repaints. */
  applyOptions(options: Partial<DrawingPrimitiveOptions<D>>): void {
    this.current = { ...this.current, ...options };
    this.requestUpdate();
  }

  /** The hovered item for a pointer `distance` pixels from the drawing, or null when too far. */
  protected hovered(distance: number): PrimitiveHoveredItem | null {
    if (distance > HIT_TOLERANCE_PX) return null;
    return {
      externalId: this.current.drawing.id,
      zOrder: 'normal',
      cursorStyle: 'pointer',
      distance,
      hitTestPriority: 1,
    };
  }
}
