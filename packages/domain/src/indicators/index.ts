// Chart indicators over candles: SMA, EMA, Wilder's average, Bollinger Bands, RSI and session VWAP. Results are
// aligned with their input and hold NaN where the indicator has no value yet (the warm-up).
export { assertPeriod, ema, sma } from './moving-averages';
export { BOLLINGER_DEFAULTS, bollingerBands } from './bollinger-bands';
export type { BollingerBands } from './bollinger-bands';
export { RSI_DEFAULT_PERIOD, rsi } from './relative-strength-index';
export { vwap } from './volume-weighted-average-price';
export type { VwapCandle } from './volume-weighted-average-price';
export { MACD_DEFAULTS, macd } from './macd';
export type { Macd } from './macd';
export { SUPERTREND_DEFAULTS, averageTrueRange, supertrend } from './supertrend';
export type { Supertrend, SupertrendCandle } from './supertrend';
