// @fnodesk/market-sim: the deterministic simulated market (instruments, ticks, candles, OI, order flow and EOD
// datasets), a pure function of (seed, instrument, time).
export { createMarketSim, SEARCH_FILTERS } from './market-sim';
export type {
  AggregatedOiPoint,
  AtmInstruments,
  BreadthPoint,
  ChainOptionQuote,
  ChainRow,
  EodApi,
  IndexComposition,
  MarketSim,
  MarketSimOptions,
  OptionChainInstruments,
  OptionChainSnapshot,
  PreOpenQuote,
  PreviousDay,
  ReferenceQuote,
  SearchFilter,
  SpotQuote,
  StockAtmStraddle,
  StraddlePoint,
  SyntheticFuturePoint,
} from './market-sim';
export type { Candle } from './candle-series';
export { CANDLE_FIELDS, CandleColumns } from './candle-series';
export type { SimInstrument, SimInstrumentType } from './instrument-master';
export type { DepthLevel, MarketDepth, SimTrade } from './order-flow';
export type {
  AdvanceDecline,
  BanList,
  BuildUp,
  CashFlow,
  CashMarketActivity,
  DerivativeActivity,
  ExtremeRow,
  FiiDerivativesActivity,
  FiiIndexActivity,
  FiiStatsIndex,
  FutureEodRow,
  HighsLows,
  MarketWidePosition,
  MonthlyReturn,
  ParticipantOpenInterest,
  ParticipantPositions,
  ParticipantType,
  RolloverRow,
  SectorPerformance,
} from './eod-datasets';
export { buildUp, FII_STATS_INDICES } from './eod-datasets';
export { HISTORY_ANCHOR_DATE } from './session-grid';
export { OPTION_DISCOUNT_RATE } from './price-engine';
