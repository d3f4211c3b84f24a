import type { Package, PriceBreakdown as WireBreakdown, PromoRefusal } from '@fnodesk/contracts';
import {
  paiseToRupees,
  priceBreakdown,
  type PackagePricing,
  type PriceBreakdown,
  type PromoRule,
} from '@fnodesk/domain';
import type { PackageRow, PromoRow } from './billing.repository';

/** How a stored package is priced. */
export function pricingOf(pkg: PackageRow): PackagePricing {
  if (pkg.fixedTotalPaise !== null) return { kind: 'fixed', totalPaise: pkg.fixedTotalPaise };
  if (pkg.listMonthlyPaise !== null && pkg.monthlyPaise !== null) {
    return { kind: 'formula', listMonthlyPaise: pkg.listMonthlyPaise, monthlyPaise: pkg.monthlyPaise };
  }
  return { kind: 'free' };
}

/** Whether a package can be paid for (free trials are only granted). */
export function isPurchasable(pkg: PackageRow): boolean {
  return pricingOf(pkg).kind !== 'free';
}

/** The price table in rupees for the wire. */
export function toWireBreakdown(b: PriceBreakdown): WireBreakdown {
  return {
    netPrice: paiseToRupees(b.netPaise),
    discount: paiseToRupees(b.discountPaise),
    promoDiscount: paiseToRupees(b.promoDiscountPaise),
    totalDiscount: paiseToRupees(b.totalDiscountPaise),
    savedPercent: b.savedPercent,
    discountPercent: b.discountPercent,
    priceAfterDiscount: paiseToRupees(b.priceAfterDiscountPaise),
    pricePerMonth: paiseToRupees(b.pricePerMonthPaise),
    gst: paiseToRupees(b.gstPaise),
    finalPrice: paiseToRupees(b.totalPaise),
  };
}

/** A package's price table, with a promo when given; null for a package that is not sold. */
export function breakdownOf(pkg: PackageRow, promo?: PromoRule): PriceBreakdown | null {
  const pricing = pricingOf(pkg);
  return pricing.kind === 'free' ? null : priceBreakdown(pricing, pkg.numberOfDays, promo);
}

/** A stored package as `package-list` shows it (spec §3). */
export function toWirePackage(pkg: PackageRow): Package {
  const b = breakdownOf(pkg);
  return {
    id: pkg.id,
    planName: pkg.planName,
    planType: pkg.planType,
    product: pkg.product,
    kind: pkg.kind,
    price: b ? paiseToRupees(b.priceAfterDiscountPaise) : 0,
    gst: b ? paiseToRupees(b.gstPaise) : 0,
    finalPrice: b ? paiseToRupees(b.totalPaise) : 0,
    costPerDay: pkg.listMonthlyPaise === null ? null : paiseToRupees(pkg.listMonthlyPaise),
    costPerMonth: pkg.monthlyPaise === null ? null : paiseToRupees(pkg.monthlyPaise),
    numberOfDays: pkg.numberOfDays,
    active: pkg.product === 'qt' ? 0 : 1,
    promoCode: null,
    purchasable: b !== null,
    brokerAccounts: pkg.brokerAccounts,
    breakdown: b ? toWireBreakdown(b) : null,
  };
}

/** A code's own validity at `now`: unknown or switched off, not yet or no longer valid. Caps are checked apart. */
export function promoValidity(promo: PromoRow | undefined, now: Date): PromoRefusal | null {
  if (!promo || !promo.active) return 'PROMO_INVALID';
  if (promo.validFrom !== null && now < promo.validFrom) return 'PROMO_INVALID';
  if (promo.validUntil !== null && now >= promo.validUntil) return 'PROMO_EXPIRED';
  return null;
}

/** The code's reduction. */
export function promoRuleOf(promo: PromoRow): PromoRule {
  return promo.kind === 'percent'
    ? { kind: 'percent', basisPoints: promo.percentBasisPoints ?? 0 }
    : { kind: 'flat', amountPaise: promo.flatPaise ?? 0 };
}

/**
 * Whether a code can reduce this package: only formula-priced packages (the fixed-price Trial pass takes none), those
 * in the code's list, or every plan when the code has no list.
 */
export function promoAppliesTo(promo: PromoRow, pkg: PackageRow): boolean {
  if (pricingOf(pkg).kind !== 'formula') return false;
  return promo.packageIds === null ? pkg.kind === 'plan' : promo.packageIds.includes(pkg.id);
}

/** A promo code as typed, in the form it is stored and ordered under (trimmed, upper-cased; spec §5). */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
