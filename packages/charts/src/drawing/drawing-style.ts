// How drawings look; one style per chart, changed with the app's colour mode.
import type { IPrimitivePaneRenderer } from 'lightweight-charts';

/** The canvas target lightweight-charts hands a primitive's renderer (fancy-canvas' CanvasRenderingTarget2D). */
export type DrawingTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** Colours and widths of the drawings on one chart. */
export interface DrawingStyle {
  /** Line colour. */
  colour: string;
  /** Line width in CSS pixels. */
  width: number;
  /** Text colour of the price label on the scale (drawn on the line colour). */
  labelText: string;
  /** Formats a price for the scale label. */
  formatPrice: (price: number) => string;
}

/** The style used when none is given. */
export const DEFAULT_DRAWING_STYLE: Readonly<DrawingStyle> = Object.freeze({
  colour: '#2962ff',
  width: 1,
  labelText: '#ffffff',
  formatPrice: (price: number) => price.toFixed(2),
});

/** Side of the square handles drawn on a selected drawing's anchors, in CSS pixels. */
export const HANDLE_SIZE_PX = 7;

/** Draws a filled square handle centred on (x, y) in bitmap pixels; `ratio` is the device pixel ratio. */
export function drawHandle(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  ratio: number,
  colour: string,
): void {
  const size = Math.round(HANDLE_SIZE_PX * ratio);
  context.fillStyle = colour;
  context.fillRect(Math.round(x - size / 2), Math.round(y - size / 2), size, size);
}
