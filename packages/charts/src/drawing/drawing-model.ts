// What a drawing is, independent of any chart: plain data that can be saved as JSON and drawn again later. Anchors
// carry the instant (epoch ms) and the price they were placed at, so a drawing stays on the same candle when the
// chart's data is reloaded or its resolution changes.

/** A point a drawing is anchored to: an instant and a price. */
export interface DrawingAnchor {
  /** Epoch milliseconds. */
  time: number;
  price: number;
}

/** A horizontal line across the chart at one price. */
export interface HorizontalLineDrawing {
  kind: 'horizontal-line';
  id: string;
  price: number;
}

/** A straight line between two anchors. */
export interface TrendLineDrawing {
  kind: 'trend-line';
  id: string;
  from: DrawingAnchor;
  to: DrawingAnchor;
}

/** A rectangle with two opposite corners at the anchors (a price zone over a time span). */
export interface RectangleDrawing {
  kind: 'rectangle';
  id: string;
  from: DrawingAnchor;
  to: DrawingAnchor;
}

/**
 * Fibonacci retracement of a move from `from` to `to`: horizontal levels between the anchors' times at the
 * {@link FIB_RETRACEMENT_LEVELS} of the move, level 0 at the move's end and 1 at its start.
 */
export interface FibRetracementDrawing {
  kind: 'fib-retracement';
  id: string;
  from: DrawingAnchor;
  to: DrawingAnchor;
}

/** Any drawing the drawing tools make. */
export type Drawing = HorizontalLineDrawing | TrendLineDrawing | RectangleDrawing | FibRetracementDrawing;

/** A drawing placed with two clicks, one per anchor. */
export type TwoAnchorDrawing = Exclude<Drawing, HorizontalLineDrawing>;

/** The drawing tools: each makes the drawing of the same kind. */
export type DrawingTool = Drawing['kind'];

/** Every drawing tool, in menu order. */
export const DRAWING_TOOLS: readonly DrawingTool[] = ['horizontal-line', 'trend-line', 'rectangle', 'fib-retracement'];

/** Each tool's name as toolbars show it. */
export const DRAWING_TOOL_NAMES: Readonly<Record<DrawingTool, string>> = {
  'horizontal-line': 'Horizontal line',
  'trend-line': 'Trend line',
  rectangle: 'Rectangle',
  'fib-retracement': 'Fib retracement',
};

/** The kinds placed with two clicks. */
const TWO_ANCHOR_KINDS: ReadonlySet<string> = new Set<TwoAnchorDrawing['kind']>([
  'trend-line',
  'rectangle',
  'fib-retracement',
]);

/** True for the tools placed with two clicks (everything but the horizontal line). */
export function isTwoAnchorTool(tool: DrawingTool): tool is TwoAnchorDrawing['kind'] {
  return TWO_ANCHOR_KINDS.has(tool);
}

/** The retracement levels drawn, as shares of the move (0 at its end, 1 at its start). */
export const FIB_RETRACEMENT_LEVELS: readonly number[] = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

/** The price of a retracement level: the move's end plus `level` of the way back to its start. */
export function fibLevelPrice(from: DrawingAnchor, to: DrawingAnchor, level: number): number {
  return to.price + (from.price - to.price) * level;
}

/** Version of the saved form; a saved text of another version is not read. */
export const DRAWINGS_FORMAT_VERSION = 1;

/** The saved form of a chart's drawings. */
export interface SavedDrawings {
  version: typeof DRAWINGS_FORMAT_VERSION;
  drawings: Drawing[];
}

/** The drawings as JSON text, for storage. */
export function serialiseDrawings(drawings: readonly Drawing[]): string {
  const saved: SavedDrawings = { version: DRAWINGS_FORMAT_VERSION, drawings: drawings.map(copyDrawing) };
  return JSON.stringify(saved);
}

/**
 * The drawings in a saved text. Anything that is not a valid drawing (a hand-edited or older store, a broken text)
 * is left out rather than failing the chart: unreadable text gives no drawings.
 */
export function parseDrawings(text: string | null | undefined): Drawing[] {
  if (text === null || text === undefined || text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  return readSavedDrawings(value);
}

/** The valid drawings in an already-parsed saved value (see {@link parseDrawings}). */
export function readSavedDrawings(value: unknown): Drawing[] {
  if (!isRecord(value) || value['version'] !== DRAWINGS_FORMAT_VERSION || !Array.isArray(value['drawings'])) return [];
  const seen = new Set<string>();
  const drawings: Drawing[] = [];
  for (const entry of value['drawings'] as unknown[]) {
    const drawing = readDrawing(entry);
    if (drawing === null || seen.has(drawing.id)) continue;
    seen.add(drawing.id);
    drawings.push(drawing);
  }
  return drawings;
}

function readDrawing(value: unknown): Drawing | null {
  if (!isRecord(value) || typeof value['id'] !== 'string' || value['id'] === '') return null;
  const id = value['id'];
  if (value['kind'] === 'horizontal-line') {
    return isFiniteNumber(value['price']) ? { kind: 'horizontal-line', id, price: value['price'] } : null;
  }
  const kind = value['kind'];
  if (typeof kind === 'string' && TWO_ANCHOR_KINDS.has(kind)) {
    const from = readAnchor(value['from']);
    const to = readAnchor(value['to']);
    return from === null || to === null ? null : { kind: kind as TwoAnchorDrawing['kind'], id, from, to };
  }
  return null;
}

function readAnchor(value: unknown): DrawingAnchor | null {
  if (!isRecord(value) || !isFiniteNumber(value['time']) || !isFiniteNumber(value['price'])) return null;
  return { time: value['time'], price: value['price'] };
}

/** A copy of a drawing sharing no objects with it. */
export function copyDrawing(drawing: Drawing): Drawing {
  return drawing.kind === 'horizontal-line'
    ? { kind: drawing.kind, id: drawing.id, price: drawing.price }
    : { kind: drawing.kind, id: drawing.id, from: { ...drawing.from }, to: { ...drawing.to } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
