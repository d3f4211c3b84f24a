export type {
  OrderType,
  OrderValidity,
  OrderVariety,
  OrderProduct,
  TradedContract,
  TransactionType,
} from './trading-types';
export { sideSign } from './trading-types';
export type { ChargeableFill, ChargeBreakdown, ChargeRates, OrderChargeHistory, ProfitAndLoss } from './charges';
export {
  CHARGE_RATES,
  autoSquareOffCharge,
  chargeRatesOn,
  exerciseCharges,
  fillCharges,
  profitAndLoss,
  roundPaise,
  tradeCharges,
} from './charges';
export type {
  BasketMargin,
  BasketMarginOptions,
  MarginFigures,
  MarginLeg,
  MarginMarket,
  MarginParameters,
  UnderlyingMarket,
} from './margins';
export { DEFAULT_MARGIN_PARAMETERS, basketMargin, orderMargin, portfolioMargin } from './margins';
export type { OrderSlice } from './slicing';
export { effectiveSliceLots, sliceOrder } from './slicing';
export {
  DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE,
  amoAccepted,
  amoBlockedWindow,
  amoReleaseAt,
  misSquareOffAt,
  regularOrdersOpen,
} from './trading-hours';
export type { OrderInstrument, OrderLine, OrderRuleCode, OrderRuleContext, OrderRuleViolation } from './order-rules';
export {
  MAX_TAG_LENGTH,
  ORDER_RULE_CODES,
  limitPriceProtectionBand,
  orderInstrumentFacts,
  stopLossSideMessage,
  targetSideMessage,
  validateOrderLine,
} from './order-rules';
