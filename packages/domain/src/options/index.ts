// Option math and option-chain analytics: Black-76 / Black–Scholes–Merton prices and greeks, implied volatility,
// time to expiry, position greeks, PCR, synthetic future, ATM strike, max pain, OI change windows, computeChain.
export { normalCdf, normalPdf, inverseNormalCdf } from './normal-distribution';
export {
  OPTION_DAYS_PER_YEAR,
  black76CallValue,
  black76Greeks,
  black76Price,
  blackScholesGreeks,
  blackScholesPrice,
} from './black-76';
export type { CallPut, OptionGreeks } from './black-76';
export { blackScholesImpliedVolatility, impliedVolatility, solveImpliedVolatility } from './implied-volatility';
export type { ImpliedVolatilityResult } from './implied-volatility';
export { OPTION_EXPIRY_IST_MINUTES, optionExpiryEpochMs, yearFractionToExpiry } from './expiry-time';
export { positionGreekSigns, positionGreeks, signedOptionQuantity, sumPositionGreeks } from './position-greeks';
export type { OptionPositionLeg, OptionPositionSide, PositionGreekSigns, PositionGreeks } from './position-greeks';
export { putCallRatio, putCallRatioOver } from './put-call-ratio';
export type { StrikeOi } from './put-call-ratio';
export { maxPainCurve, maxPainIndex, maxPainStrike } from './max-pain';
export { atmStrikeIndex, nearestStrikeIndex, syntheticFuture, syntheticFutureIndex } from './atm-strike';
export { CHAIN_ATM_BASES, type ChainAtmBasis } from './atm-strike';
export {
  CHAIN_OI_WINDOWS,
  OI_CHANGE_WINDOWS,
  legOiAtWindowStart,
  legOiChange,
  oiChangeAgainst,
  oiChangeOverWindow,
  oiSnapshotIndexAt,
} from './oi-change';
export type { ChainOiSnapshot, ChainOiWindow, LegOiFigures, OiChangeWindow } from './oi-change';
export { chainDerivedRow, chainDerivedRows, computeChain } from './option-chain';
export type {
  ChainAnalytics,
  ChainDerivedRow,
  ChainInput,
  ChainLegQuote,
  ChainSideColumns,
  ChainStrikeQuote,
  ChainSummary,
  ChainTotals,
} from './option-chain';
// Options analytics pages (gamma exposure, volatility statistics).
export {
  GEX_MOVE_FRACTION,
  dealerGammaSign,
  gammaExposureByStrike,
  gammaRegime,
  gammaWalls,
  legGammaExposure,
  netGammaExposureAt,
  zeroGammaFlip,
} from './gamma-exposure';
export type { FlipSearch, GammaProfileInput, GammaStrike, StrikeGammaExposure } from './gamma-exposure';
export {
  TRADING_DAYS_PER_YEAR,
  atmImpliedVolatility,
  forwardVolatility,
  historicalVolatility,
  ivPercentile,
  ivRank,
  termStructureShape,
} from './volatility-stats';
export type { AtmQuotes, TermPoint, TermShape } from './volatility-stats';
// G6 straddle and strategy premium
export {
  breakevens,
  legPayoffAtExpiry,
  payoffAtExpiry,
  payoffCurves,
  payoffExtremes,
  payoffNow,
  probabilityOfProfit,
  strategyGreeks,
} from './strategy-payoff';
export type { PayoffExtremes, StrategyPayoffLeg, StrategyWhatIf } from './strategy-payoff';
export { simulateRecentring } from './recentring-simulator';
export type { RecentringRules, RecentringSession, RecentringSessionResult } from './recentring-simulator';
// Per-strike implied volatility through the session (multi-strike IV).
export { OPTION_DISCOUNT_RATE } from './discount-rate';
export { parityForward, strikeImpliedVolatilities } from './strike-implied-volatility';
export type { StrikeImpliedVolatilities, StrikeQuotesAt } from './strike-implied-volatility';
// Expected move from the ATM straddle (price charts' bands).
export { expectedRangeUsed, straddleExpectedMove } from './expected-move';
export type { ExpectedMove } from './expected-move';
// Intraday options trend of a strike set (Options Dashboard, Dynamic Options Analysis).
export { optionsTrendRows, pcrArrow, sumLegsByTime } from './options-trend';
export type { LegPoint, OptionsTrendInput, OptionsTrendRow, SetTotals, TrendArrow } from './options-trend';
