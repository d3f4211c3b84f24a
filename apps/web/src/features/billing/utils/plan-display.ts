import { PRODUCT_NAMES, type Package, type ProductType } from '@fnodesk/contracts';
import { formatPaiseAsRupees, rupeesToPaise } from '@fnodesk/domain';

/** Rupees from the wire as people read them: ₹, Indian grouping, two decimals (1178.82 → ₹1,178.82). */
export function formatRupeeAmount(rupees: number): string {
  return formatPaiseAsRupees(rupeesToPaise(rupees));
}

/** The legacy page's validity line (spec §2): 7 Days, 30 Days, 6 Month, 1 Year. */
export function validityLabel(days: number): string {
  if (days % 360 === 0) return `${days / 360} Year`;
  if (days > 30 && days % 30 === 0) return `${days / 30} Month`;
  return `${days} Days`;
}

/** The product's name ('Discover', 'QuikTrade'). */
export function productName(product: ProductType): string {
  return PRODUCT_NAMES[product];
}

/** The Discover plans of a list in the legacy page's order (Trial, Starter, Sixer, Professional). */
export function discoverPlans(packages: readonly Package[]): Package[] {
  return packages.filter((p) => p.product === 'd' && p.kind !== 'addon');
}

/** The largest plan discount among `packages`, for a period banner ('Upto 17% off'); 0 when none. */
export function largestDiscount(packages: readonly Package[]): number {
  return Math.max(0, ...packages.map((p) => p.breakdown?.discountPercent ?? 0));
}

/** Dates for people in India: '20 Nov 2026'. */
export function formatIstDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/** Date and time for people in India: '20 Nov 2026, 9:30 am'. */
export function formatIstDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
