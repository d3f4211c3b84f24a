import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  InitiateSubscriptionRequestSchema,
  PromoCodeRequestSchema,
  TestCheckoutRequestSchema,
} from './billing';
import { ERROR_CODES, ERROR_STATUS } from './envelope';

describe('billing contracts', () => {
  it('keeps the spec texts exactly, typos and trailing spaces included', () => {
    expect(BILLING_MESSAGES.promoApplied('WELCOME10')).toBe('promo Code WELCOME10 applied successfully. ');
    expect(BILLING_MESSAGES.promoNotForPlan('WELCOME10')).toBe('Promo code WELCOME10 not valid for the seleted Plan ');
    expect(BILLING_MESSAGES.subscriptionActivated).toBe('Thanks,Your Suscription has been Activated');
  });

  it('takes no amount or price in an order request', () => {
    expect(InitiateSubscriptionRequestSchema.safeParse({ packageId: 'Starter', amount: 1 }).success).toBe(false);
    expect(InitiateSubscriptionRequestSchema.parse({ packageId: 'Starter', promoCode: '' })).toEqual({
      packageId: 'Starter',
    });
  });

  it('accepts promo codes of letters, digits, - and _ only', () => {
    expect(PromoCodeRequestSchema.safeParse({ packageId: 'Starter', promoCode: ' welcome10 ' }).success).toBe(true);
    expect(PromoCodeRequestSchema.safeParse({ packageId: 'Starter', promoCode: "x' or 1=1" }).success).toBe(false);
  });

  it('reads a card number with spaces', () => {
    const parsed = TestCheckoutRequestSchema.parse({
      orderId: 'order_1',
      amount: 117900,
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/30',
      cvv: '123',
      name: 'Asha',
    });
    expect(parsed.cardNumber).toBe('4111111111111111');
  });

  it('gives every billing error code a status, and 402 only to PLAN_REQUIRED', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_CODES.filter((c) => ERROR_STATUS[c] === 402)).toEqual(['PLAN_REQUIRED']);
  });
});
