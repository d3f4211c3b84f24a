import { BILLING_MESSAGES, type PromoResult } from '@fnodesk/contracts';

/** What a promo check means for the chosen plan, with the spec §5 message to show. */
export type PromoFeedback =
  | { kind: 'applied'; code: string; message: string }
  | { kind: 'not-valid'; message: string }
  | { kind: 'not-for-plan'; message: string };

/** Reads a promo result for the chosen plan: applied, not valid at all, or not valid for this plan. */
export function promoFeedback(result: PromoResult, packageId: string): PromoFeedback {
  const code = result.promoCode.toUpperCase();
  if (!result.isValidPromo) return { kind: 'not-valid', message: BILLING_MESSAGES.promoNotValid };
  if (!result.plans.some((plan) => plan.packageId === packageId)) {
    return { kind: 'not-for-plan', message: BILLING_MESSAGES.promoNotForPlan(code) };
  }
  return { kind: 'applied', code, message: BILLING_MESSAGES.promoApplied(code) };
}
