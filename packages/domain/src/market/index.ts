export type { EpochMs, IsoDate, ClockTime, Weekday, DateParts } from './ist-time';
export {
  IST_OFFSET_MS,
  addCalendarDays,
  addCalendarMonths,
  clockTimeMinutes,
  compareIsoDates,
  dateOfDayNumber,
  dateParts,
  dayNumber,
  daysInMonth,
  isIsoDate,
  isoDate,
  isWeekend,
  istDateOf,
  istInstant,
  istMidnight,
  istMillisOfDay,
  monthAbbreviation,
  weekdayOf,
} from './ist-time';
export type { Exchange, Venue } from './exchanges';
export {
  EXCHANGES,
  cashExchangeOf,
  derivativesExchangeOf,
  isDerivativesExchange,
  isExchange,
  venueOf,
} from './exchanges';
export type {
  ClockWindow,
  HolidayEntry,
  HolidayList,
  PreOpenTimes,
  SessionScheduleEntry,
  SessionTimes,
  SpecialSessionEntry,
  SpecialSessionKind,
  SpecialSessionTimes,
} from './calendar-data';
export { SESSION_SCHEDULES } from './session-schedules';
export { HOLIDAY_LISTS } from './holidays-2025-2026';
export { SPECIAL_SESSIONS } from './special-sessions-2025-2026';
export type {
  InstantWindow,
  MarketCalendar,
  MarketCalendarData,
  MarketStatus,
  TradingSession,
} from './market-calendar';
export {
  createMarketCalendar,
  defaultMarketCalendar,
  holidayListKnown,
  holidayOn,
  holidaysInYear,
  isHoliday,
  isRegularTradingDay,
  isTradingDay,
  lastClosedSessionSecond,
  latestSessionAt,
  latestOpenedSessionAt,
  marketStatusAt,
  nextSessionStart,
  nextTradingDay,
  previousRegularTradingDay,
  previousTradingDay,
  sessionLastSecond,
  sessionOn,
  sessionStart,
  sessionTimesInForce,
  specialSessionsInYear,
  tradingDaysBetween,
} from './market-calendar';
export type { HistoryRange, HistoryRangeUnit, HistoryWindow } from './history-range';
export { historyRangeWindow, isHistoryRange, parseHistoryRange } from './history-range';
export type { ContractExpiry, ExpirySeries } from './expiry-rules';
export {
  expiryWeekday,
  hasWeeklyOptions,
  isMonthlyExpiryDate,
  monthlyExpiry,
  hasLongDatedOptions,
  longDatedExpiries,
  longDatedListingMonths,
  nextMonthlyExpiries,
  nextOptionExpiries,
} from './expiry-rules';
export type { Resolution, ChartPeriod } from './resolutions';
export {
  CHART_PERIODS,
  DEFAULT_CHART_PERIOD,
  DEFAULT_RESOLUTION,
  RESOLUTIONS,
  RESOLUTION_MINUTES,
  candleBucketStart,
  isIntradayResolution,
  isResolution,
  resolutionForPeriod,
  resolutionMinutes,
  resolutionsForPeriod,
} from './resolutions';
export type { Candle, CandleBuilderOptions, CandleCloseListener, CandleTick } from './candle-builder';
export { CandleBuilder, bucketRange, foldCandles } from './candle-builder';
export type { ContractKind, DerivativeContract, ParsedTradingSymbol } from './trading-symbols';
export { formatTradingSymbol, parseTradingSymbol, tryParseTradingSymbol, weeklyMonthCode } from './trading-symbols';
export type { InstrumentKind, InstrumentTokenFields } from './instrument-tokens';
export {
  contractInstrumentToken,
  decodeInstrumentToken,
  encodeInstrumentToken,
  spotInstrumentToken,
} from './instrument-tokens';
export type { IndexCategory, IndexDerivatives, IndexReference, LotSizeRevision } from './indices';
export { INDICES } from './indices';
export type { FnoStockExclusion, FnoStockReference, Sector, StockLotRevision } from './fno-stocks';
export { FNO_STOCKS, FNO_STOCK_EXCLUSIONS, STOCK_LOT_REVISIONS } from './fno-stocks';
export type { Nifty50Constituent } from './index-constituents';
export { NIFTY_50_CONSTITUENTS, NIFTY_BANK_CONSTITUENTS } from './index-constituents';
export type { VolumeFreezeRow } from './volume-freeze';
export { INDEX_VOLUME_FREEZE } from './volume-freeze';
export type { DerivativesUnderlying } from './underlyings';
export {
  derivativesRoots,
  derivativesUnderlying,
  findDerivativesUnderlying,
  findFnoStock,
  findIndexByName,
  findIndexByRoot,
  underlyingById,
  underlyingIdOf,
} from './underlyings';
export type { LotSplit } from './contract-specs';
export {
  DERIVATIVES_TICK_SIZE,
  isOnTick,
  lotSizeFor,
  lotsToQuantity,
  maxLotsPerOrder,
  quantityToLots,
  roundPriceToNearestTick,
  roundPriceUpToTick,
  tickSizeFor,
  volumeFreezeQuantity,
} from './contract-specs';
export {
  DEFAULT_PICKER_ROOT,
  PICKER_INDEX_ROOTS,
  compareInstrumentPickerOrder,
  instrumentPickerOrder,
} from './instrument-picker';
export { BUILD_UP_OI_NEUTRAL_FRACTION, BUILD_UP_STYLES, buildUpSentiment, classifyBuildUp } from './build-up';
export type { BuildUp, BuildUpInstrument, BuildUpMove, BuildUpSentiment, BuildUpStyle } from './build-up';
// New highs and lows of the day (sector and breadth pages, G2)
export type { DayExtremeStep, DayRange } from './day-extremes';
export { dayExtremes, stepDayRange } from './day-extremes';
// End-of-day futures screens (G3): chip rules and rollover figures
export {
  FUTURES_EOD_RULES,
  averageOfKnown,
  isExpiryWeek,
  isHighDelivery,
  isHighRollover,
  isVolumeSpike,
  rollCostPercent,
  rolloverPercent,
} from './futures-eod';
