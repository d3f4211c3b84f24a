// The plan price formula of spec §9. Every amount is an integer number of paise (₹1 = 100 paise) so sums and
// comparisons are exact; rupees appear only when an amount is shown to people.

/** GST charged on every plan, in percent of the price after discount. */
export const GST_PERCENT = 18;
/** A subscription month (spec §9). */
export const DAYS_PER_MONTH = 30;
/** Paise in one rupee. */
export const PAISE_PER_RUPEE = 100;
/** The smallest order a card-payment provider accepts (Razorpay: ₹1); a promo never takes a price below it. */
export const MIN_ORDER_PAISE = 100;

/**
 * How a package is priced.
 * - `formula`: spec §9. `listMonthlyPaise` is the spec's `costPerDay` (the undiscounted price of 30 days) and
 *   `monthlyPaise` its `costPerMonth` (what 30 days cost on this plan); the difference is the plan's discount.
 * - `fixed`: an all-inclusive total (the Trial pass: ₹499 = ₹423 + ₹76 GST); the net is the total less GST,
 *   both in whole rupees.
 * - `free`: not sold (trials that are only ever granted).
 */
export type PackagePricing =
  | { readonly kind: 'formula'; readonly listMonthlyPaise: number; readonly monthlyPaise: number }
  | { readonly kind: 'fixed'; readonly totalPaise: number }
  | { readonly kind: 'free' };

/** A promo code's reduction: a percentage (in basis points, 1000 = 10 %) or a flat amount. */
export type PromoRule =
  { readonly kind: 'percent'; readonly basisPoints: number } | { readonly kind: 'flat'; readonly amountPaise: number };

/** Every figure of the payment page's price table (spec §2 `/payment`), in paise and whole percent. */
export interface PriceBreakdown {
  /** Net Price: the undiscounted price of the whole validity. */
  readonly netPaise: number;
  /** Discount: what the plan's own monthly price saves over the validity. */
  readonly discountPaise: number;
  /** Promo Discount (0 without a promo). */
  readonly promoDiscountPaise: number;
  /** Total Discount = discount + promo discount. */
  readonly totalDiscountPaise: number;
  /** 'You Saved': total discount as a whole percent of the net price. */
  readonly savedPercent: number;
  /** The plan's own discount as a whole percent of the net price (the card badge). */
  readonly discountPercent: number;
  /** Price After Discount = net − discount − promo discount. */
  readonly priceAfterDiscountPaise: number;
  /** Price/Month: the price after discount spread over 30-day months. */
  readonly pricePerMonthPaise: number;
  /** GST (18%) of the price after discount. */
  readonly gstPaise: number;
  /** Final Price You Pay: price after discount plus GST, rounded to a whole rupee. */
  readonly totalPaise: number;
}

function assertPaise(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of paise ≥ 0`);
}

/** Rounds a non-negative fraction to the nearest whole number, halves up (the way a bill rounds). */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Rounds paise to the nearest whole rupee, half a rupee up. */
export function roundToRupee(paise: number): number {
  assertPaise(paise, 'amount');
  return roundHalfUp(paise, PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}

/** GST on a price: 18 % rounded to the paisa. */
export function gstOn(pricePaise: number): number {
  assertPaise(pricePaise, 'price');
  return roundHalfUp(pricePaise * GST_PERCENT, 100);
}

/** `part` as a whole percent of `whole` (0 when `whole` is 0). */
export function wholePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : roundHalfUp(part * 100, whole);
}

/** The discount badge of a formula-priced plan: how much its monthly price is below the list price, in percent. */
export function planDiscountPercent(listMonthlyPaise: number, monthlyPaise: number): number {
  return wholePercent(listMonthlyPaise - monthlyPaise, listMonthlyPaise);
}

/** What a promo takes off `pricePaise`, never leaving less than the provider's minimum order. */
export function promoDiscount(pricePaise: number, promo: PromoRule): number {
  assertPaise(pricePaise, 'price');
  const raw =
    promo.kind === 'percent' ? roundHalfUp(pricePaise * promo.basisPoints, 10_000) : Math.max(0, promo.amountPaise);
  return Math.max(0, Math.min(raw, pricePaise - MIN_ORDER_PAISE));
}

/**
 * The price table of spec §9 for a package of `days` days:
 * net = costPerDay × days/30; discount = (costPerDay − costPerMonth) × days/30;
 * price after discount = net − discount − promo discount; GST = 18 % of that; total rounded to a whole rupee.
 * A fixed-price package has no discount and takes no promo. Throws for a package that is not sold.
 */
export function priceBreakdown(pricing: PackagePricing, days: number, promo?: PromoRule): PriceBreakdown {
  if (!Number.isInteger(days) || days <= 0) throw new RangeError('days must be a whole number ≥ 1');
  if (pricing.kind === 'free') throw new RangeError('a free package has no price');

  if (pricing.kind === 'fixed') {
    assertPaise(pricing.totalPaise, 'totalPaise');
    const netPaise = roundToRupee(roundHalfUp(pricing.totalPaise * 100, 100 + GST_PERCENT));
    const gstPaise = pricing.totalPaise - netPaise;
    return {
      netPaise,
      discountPaise: 0,
      promoDiscountPaise: 0,
      totalDiscountPaise: 0,
      savedPercent: 0,
      discountPercent: 0,
      priceAfterDiscountPaise: netPaise,
      pricePerMonthPaise: roundHalfUp(netPaise * DAYS_PER_MONTH, days),
      gstPaise,
      totalPaise: pricing.totalPaise,
    };
  }

  const { listMonthlyPaise, monthlyPaise } = pricing;
  assertPaise(listMonthlyPaise, 'listMonthlyPaise');
  assertPaise(monthlyPaise, 'monthlyPaise');
  if (monthlyPaise > listMonthlyPaise) throw new RangeError('the monthly price cannot exceed the list price');
  const netPaise = roundHalfUp(listMonthlyPaise * days, DAYS_PER_MONTH);
  const discountPaise = netPaise - roundHalfUp(monthlyPaise * days, DAYS_PER_MONTH);
  const beforePromo = netPaise - discountPaise;
  const promoPaise = promo ? promoDiscount(beforePromo, promo) : 0;
  const priceAfterDiscountPaise = beforePromo - promoPaise;
  const gstPaise = gstOn(priceAfterDiscountPaise);
  const totalDiscountPaise = discountPaise + promoPaise;
  return {
    netPaise,
    discountPaise,
    promoDiscountPaise: promoPaise,
    totalDiscountPaise,
    savedPercent: wholePercent(totalDiscountPaise, netPaise),
    discountPercent: planDiscountPercent(listMonthlyPaise, monthlyPaise),
    priceAfterDiscountPaise,
    pricePerMonthPaise: roundHalfUp(priceAfterDiscountPaise * DAYS_PER_MONTH, days),
    gstPaise,
    totalPaise: roundToRupee(priceAfterDiscountPaise + gstPaise),
  };
}
