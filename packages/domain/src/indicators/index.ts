// Chart indicators over candles: SMA, EMA, Wilder's average, Bollinger Bands, RSI and session VWAP. Results are
// aligned with their input and hold NaN where the indicator has no value yet (the warm-up). Each is also a stepper
// (one input at a time, forkable), which its whole-series function runs.
export { RecentValues, stepColumns, stepThrough } from './stepper';
export type { IndicatorStepper } from './stepper';
export { EmaStepper, SmaStepper, assertPeriod, ema, emaStepper, sma, smaStepper } from './moving-averages';
export { BOLLINGER_DEFAULTS, BollingerStepper, bollingerBands, bollingerStepper } from './bollinger-bands';
export type { BollingerBands, BollingerPoint } from './bollinger-bands';
export { RSI_DEFAULT_PERIOD, RsiStepper, rsi, rsiStepper } from './relative-strength-index';
export { VwapStepper, vwap, vwapStepper } from './volume-weighted-average-price';
export type { VwapCandle } from './volume-weighted-average-price';
export { MACD_DEFAULTS, MacdStepper, macd, macdStepper } from './macd';
export type { Macd, MacdPoint } from './macd';
export { SUPERTREND_DEFAULTS, SupertrendStepper, averageTrueRange, supertrend, supertrendStepper } from './supertrend';
export type { Supertrend, SupertrendCandle, SupertrendPoint } from './supertrend';
