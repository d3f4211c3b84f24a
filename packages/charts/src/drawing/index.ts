// @fnodesk/charts/drawing: horizontal-line and trend-line drawing tools as lightweight-charts series primitives, a
// controller that places, selects and deletes them with clicks and keys, and their JSON form for storage.
export {
  DRAWING_TOOLS,
  DRAWINGS_FORMAT_VERSION,
  parseDrawings,
  readSavedDrawings,
  serialiseDrawings,
} from './drawing-model';
export type {
  Drawing,
  DrawingAnchor,
  DrawingTool,
  HorizontalLineDrawing,
  SavedDrawings,
  TrendLineDrawing,
} from './drawing-model';
export { HIT_TOLERANCE_PX, distanceToSegment, logicalToTime, timeToLogical } from './drawing-geometry';
export type { PanePoint } from './drawing-geometry';
export { DEFAULT_DRAWING_STYLE, HANDLE_SIZE_PX } from './drawing-style';
export type { DrawingStyle, DrawingTarget } from './drawing-style';
export { HorizontalLinePaneView, HorizontalLinePrimitive, HorizontalLineRenderer } from './horizontal-line';
export type { HorizontalLineOptions } from './horizontal-line';
export { TrendLinePaneView, TrendLinePrimitive, TrendLineRenderer } from './trend-line';
export type { TrendLineOptions } from './trend-line';
export { SeriesTimeline } from './series-timeline';
export { DrawingController } from './drawing-controller';
export type { DrawingControllerOptions } from './drawing-controller';
