import { BILLING_MESSAGES, PROMO_REFUSAL_MESSAGES, type PromoResult } from '@fnodesk/contracts';

/** What a promo check means for the chosen plan, with the spec §5 message to show. */
export type PromoFeedback =
  | { kind: 'applied'; code: string; message: string }
  | { kind: 'not-valid'; message: string }
  | { kind: 'not-for-plan'; message: string };

/**
 * Reads a promo result for the chosen plan: applied, not valid at all (with the server's reason: expired, used up,
 * already used by you, or unknown), or not valid for this plan.
 */
export function promoFeedback(result: PromoResult, packageId: string): PromoFeedback {
  const code = result.promoCode.toUpperCase();
  if (!result.isValidPromo) {
    return { kind: 'not-valid', message: PROMO_REFUSAL_MESSAGES[result.reason ?? 'PROMO_INVALID'] };
  }
  if (!result.plans.some((plan) => plan.packageId === packageId)) {
    return { kind: 'not-for-plan', message: BILLING_MESSAGES.promoNotForPlan(code) };
  }
  return { kind: 'applied', code, message: BILLING_MESSAGES.promoApplied(code) };
}

/**
 * The feedback for a code typed again while it is already applied to the order: it stays applied. Checking it again
 * would count the order's own hold as a use and call the code spent while its discount is still shown.
 */
export function reappliedPromoFeedback(typed: string, appliedCode: string | null): PromoFeedback | null {
  if (appliedCode === null) return null;
  const code = appliedCode.toUpperCase();
  return typed.trim().toUpperCase() === code
    ? { kind: 'applied', code, message: BILLING_MESSAGES.promoApplied(code) }
    : null;
}
