export {
  DAYS_PER_MONTH,
  GST_PERCENT,
  MIN_ORDER_PAISE,
  PAISE_PER_RUPEE,
  gstOn,
  planDiscountPercent,
  priceBreakdown,
  promoDiscount,
  roundToRupee,
  wholePercent,
} from './plan-pricing';
export type { PackagePricing, PriceBreakdown, PromoRule } from './plan-pricing';
export { formatPaiseAmount, formatPaiseAsRupees, paiseToRupees, rupeesToPaise } from './paise-format';
export { daysLeft, daysToMs, periodFor, periodStart, validityMonths } from './subscription-period';
export { QUIKTRADE_PERIOD_PACKAGES, QUIKTRADE_PERIODS, isInQuikTradePeriod } from './quiktrade-periods';
export type { QuikTradePeriod } from './quiktrade-periods';
