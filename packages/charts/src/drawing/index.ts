// @fnodesk/charts/drawing: the Advance Chart (candles with indicator lines and an RSI pane) and its drawing tools:
// horizontal and trend lines, rectangles and Fibonacci retracements as lightweight-charts series primitives, a controller that places, selects and deletes
// them with clicks and keys, and their JSON form for storage.
export {
  DRAWING_TOOLS,
  DRAWING_TOOL_NAMES,
  DRAWINGS_FORMAT_VERSION,
  FIB_RETRACEMENT_LEVELS,
  copyDrawing,
  fibLevelPrice,
  isTwoAnchorTool,
  parseDrawings,
  readSavedDrawings,
  serialiseDrawings,
} from './drawing-model';
export type {
  Drawing,
  DrawingAnchor,
  DrawingTool,
  FibRetracementDrawing,
  HorizontalLineDrawing,
  RectangleDrawing,
  SavedDrawings,
  TrendLineDrawing,
  TwoAnchorDrawing,
} from './drawing-model';
export { HIT_TOLERANCE_PX, distanceToSegment, logicalToTime, timeToLogical } from './drawing-geometry';
export type { PanePoint } from './drawing-geometry';
export { DEFAULT_DRAWING_STYLE, HANDLE_SIZE_PX } from './drawing-style';
export type { DrawingStyle, DrawingTarget } from './drawing-style';
export { HorizontalLinePaneView, HorizontalLinePrimitive, HorizontalLineRenderer } from './horizontal-line';
export type { HorizontalLineOptions } from './horizontal-line';
export { TrendLinePaneView, TrendLinePrimitive, TrendLineRenderer } from './trend-line';
export type { TrendLineOptions } from './trend-line';
export { TwoAnchorPrimitive } from './two-anchor-primitive';
export {
  RECTANGLE_FILL_ALPHA,
  RectanglePaneView,
  RectanglePrimitive,
  RectangleRenderer,
  distanceToRectangle,
} from './rectangle';
export type { RectangleOptions } from './rectangle';
export { FibRetracementPaneView, FibRetracementPrimitive, FibRetracementRenderer } from './fib-retracement';
export type { FibLevelRow, FibRetracementGeometry, FibRetracementOptions } from './fib-retracement';
export { SeriesTimeline } from './series-timeline';
export { DrawingController } from './drawing-controller';
export type { DrawingControllerOptions } from './drawing-controller';
export {
  DEFAULT_INDICATOR_SETTINGS,
  INDICATOR_COLOURS,
  INDICATOR_KINDS,
  RSI_LEVELS,
  hasOwnPane,
  indicatorLines,
  indicatorName,
} from './indicator-lines';
export type { IndicatorKind, IndicatorLine, IndicatorPoint, IndicatorSettings } from './indicator-lines';
export { AdvanceChart, BARS_ATTRIBUTE, INDICATORS_ATTRIBUTE, PANES_ATTRIBUTE } from './advance-chart';
export type { AdvanceChartOptions } from './advance-chart';
