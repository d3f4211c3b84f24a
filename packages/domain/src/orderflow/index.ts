// Orderflow: footprints (volume at bid and ask per candle and price row) and tick candles from aggressor-tagged
// trades.
export {
  DEFAULT_IMBALANCE_RATIO,
  DEFAULT_STACKED_ROWS,
  VALUE_AREA_SHARE,
  defaultFootprintRowTicks,
  footprintOf,
  imbalances,
} from './footprint';
export type {
  AggressorTrade,
  Footprint,
  FootprintCandle,
  FootprintLevel,
  FootprintOptions,
  StackedImbalance,
} from './footprint';
export { MAX_TICKS_PER_CANDLE, tickCandles } from './tick-candles';
export type { TickCandle } from './tick-candles';
