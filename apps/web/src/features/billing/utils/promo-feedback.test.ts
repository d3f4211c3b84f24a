import type { PromoResult } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { promoFeedback, reappliedPromoFeedback } from './promo-feedback';
import { formatRupeeAmount, largestDiscount, validityLabel } from './plan-display';

const breakdown = {
  netPrice: 999,
  discount: 0,
  promoDiscount: 99.9,
  totalDiscount: 99.9,
  savedPercent: 10,
  discountPercent: 0,
  priceAfterDiscount: 899.1,
  pricePerMonth: 899.1,
  gst: 161.84,
  finalPrice: 1061,
};
const valid: PromoResult = {
  isValidPromo: true,
  promoCode: 'WELCOME10',
  finalPrice: 1061,
  plans: [{ packageId: 'Starter', price: 899.1, promoDiscount: 99.9, gst: 161.84, finalPrice: 1061, breakdown }],
  reason: null,
};

describe('promo messages (spec §5)', () => {
  it('says a code applies, with the exact spec text', () => {
    expect(promoFeedback(valid, 'Starter')).toEqual({
      kind: 'applied',
      code: 'WELCOME10',
      message: 'promo Code WELCOME10 applied successfully. ',
    });
  });

  it('says the code is not valid for the chosen plan when the result has no entry for it', () => {
    expect(promoFeedback(valid, 'Trial').message).toBe('Promo code WELCOME10 not valid for the seleted Plan ');
  });

  it('says the code is not valid', () => {
    expect(
      promoFeedback({ ...valid, isValidPromo: false, plans: [], reason: 'PROMO_INVALID' }, 'Starter').message,
    ).toBe('Promo code not valid.');
  });

  it('says what the server says of a refused code: expired, used up, or already used by you', () => {
    const refused = (reason: PromoResult['reason']) =>
      promoFeedback({ ...valid, isValidPromo: false, plans: [], reason }, 'Starter').message;
    expect(refused('PROMO_EXPIRED')).toBe('This promo code has expired.');
    expect(refused('PROMO_EXHAUSTED')).toBe('This promo code has already been used up.');
    expect(refused('PROMO_USED')).toBe('You have already used this promo code.');
  });

  it('keeps a code applied when it is typed again, in any case, instead of calling it not valid', () => {
    expect(reappliedPromoFeedback(' welcome10 ', 'WELCOME10')).toEqual({
      kind: 'applied',
      code: 'WELCOME10',
      message: 'promo Code WELCOME10 applied successfully. ',
    });
    expect(reappliedPromoFeedback('OTHER', 'WELCOME10')).toBeNull();
    expect(reappliedPromoFeedback('WELCOME10', null)).toBeNull();
  });
});

describe('plan display', () => {
  it('writes validity the legacy page’s way', () => {
    expect([7, 30, 180, 360].map(validityLabel)).toEqual(['7 Days', '30 Days', '6 Month', '1 Year']);
  });

  it('formats rupees with Indian grouping and two decimals', () => {
    expect(formatRupeeAmount(11316.67)).toBe('₹11,316.67');
    expect(formatRupeeAmount(1179)).toBe('₹1,179.00');
  });

  it('finds the largest discount for a period banner', () => {
    expect(largestDiscount([])).toBe(0);
  });
});
