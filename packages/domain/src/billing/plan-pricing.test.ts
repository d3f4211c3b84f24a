import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gstOn,
  planDiscountPercent,
  priceBreakdown,
  promoDiscount,
  roundToRupee,
  type PackagePricing,
} from './plan-pricing';

// The seeded catalogue's prices (migration 0002): list price of 30 days and the plan's own 30-day price, in paise.
const DISCOVER_LIST = 99_900;
const SCALPER_LIST = 149_900;
const PRO_LIST = 299_900;
const formula = (listMonthlyPaise: number, monthlyPaise: number): PackagePricing => ({
  kind: 'formula',
  listMonthlyPaise,
  monthlyPaise,
});

describe('plan price formula (spec §9)', () => {
  it('computes net, discount, price after discount, GST and a total rounded to a whole rupee', () => {
    // Sixer: 180 days at ₹919.08 a month against a list price of ₹999.
    expect(priceBreakdown(formula(DISCOVER_LIST, 91_908), 180)).toEqual({
      netPaise: 599_400,
      discountPaise: 47_952,
      promoDiscountPaise: 0,
      totalDiscountPaise: 47_952,
      savedPercent: 8,
      discountPercent: 8,
      priceAfterDiscountPaise: 551_448,
      pricePerMonthPaise: 91_908,
      gstPaise: 99_261,
      totalPaise: 650_700,
    });
  });

  it('charges Starter its list price: ₹999 + ₹179.82 GST = ₹1,179', () => {
    const starter = priceBreakdown(formula(DISCOVER_LIST, DISCOVER_LIST), 30);
    expect(starter).toMatchObject({ netPaise: 99_900, discountPaise: 0, gstPaise: 17_982, totalPaise: 117_900 });
  });

  it.each([
    ['Professional', DISCOVER_LIST, 79_920, 360, 20],
    ['Sixer', DISCOVER_LIST, 91_908, 180, 8],
    ['QT01', SCALPER_LIST, 149_900, 30, 0],
    ['QT02', SCALPER_LIST, 124_417, 180, 17],
    ['QT03', SCALPER_LIST, 116_922, 360, 22],
    ['QT04', PRO_LIST, 299_900, 30, 0],
    ['QT05', PRO_LIST, 248_917, 180, 17],
    ['QT06', PRO_LIST, 197_934, 360, 34],
  ])(
    'gives %s its badge (spec §9; a QuikTrade month is the list price, with no badge)',
    (_id, list, monthly, days, badge) => {
      expect(planDiscountPercent(list, monthly)).toBe(badge);
      expect(priceBreakdown(formula(list, monthly), days).discountPercent).toBe(badge);
      expect(priceBreakdown(formula(list, monthly), days).savedPercent).toBe(badge);
    },
  );

  it('shows the Trial pass as net 423.00, GST 76.00, total 499.00 for 7 days', () => {
    const trial = priceBreakdown({ kind: 'fixed', totalPaise: 49_900 }, 7);
    expect(trial).toMatchObject({
      netPaise: 42_300,
      discountPaise: 0,
      priceAfterDiscountPaise: 42_300,
      gstPaise: 7_600,
      totalPaise: 49_900,
    });
  });

  it('takes a promo off the price after the plan discount, so You Saved grows', () => {
    const plain = priceBreakdown(formula(DISCOVER_LIST, DISCOVER_LIST), 30);
    const promo = priceBreakdown(formula(DISCOVER_LIST, DISCOVER_LIST), 30, { kind: 'percent', basisPoints: 1_000 });
    expect(promo.promoDiscountPaise).toBe(9_990);
    expect(promo.priceAfterDiscountPaise).toBe(89_910);
    expect(promo.gstPaise).toBe(16_184);
    expect(promo.totalPaise).toBe(106_100);
    expect(promo.savedPercent).toBeGreaterThan(plain.savedPercent);
    expect(promo.totalDiscountPaise).toBe(promo.discountPaise + promo.promoDiscountPaise);
  });

  it('never lets a flat promo take the price below the ₹1 minimum order', () => {
    expect(promoDiscount(50_000, { kind: 'flat', amountPaise: 1_000_000 })).toBe(49_900);
    const b = priceBreakdown(formula(50_000, 50_000), 30, { kind: 'flat', amountPaise: 1_000_000 });
    expect(b.priceAfterDiscountPaise).toBe(100);
    expect(b.totalPaise).toBe(100);
  });

  it('ignores a promo on a fixed-price package', () => {
    const trial = priceBreakdown({ kind: 'fixed', totalPaise: 49_900 }, 7, { kind: 'percent', basisPoints: 5_000 });
    expect(trial.promoDiscountPaise).toBe(0);
    expect(trial.totalPaise).toBe(49_900);
  });

  it('refuses a package that is not sold, a monthly price above the list price and fractional paise', () => {
    expect(() => priceBreakdown({ kind: 'free' }, 7)).toThrow(RangeError);
    expect(() => priceBreakdown(formula(100, 200), 30)).toThrow(RangeError);
    expect(() => priceBreakdown(formula(100.5, 100), 30)).toThrow(RangeError);
    expect(() => priceBreakdown(formula(100, 100), 0)).toThrow(RangeError);
  });

  it('rounds GST to the paisa and totals half a rupee up', () => {
    expect(gstOn(551_448)).toBe(99_261);
    expect(roundToRupee(1_050)).toBe(1_100);
    expect(roundToRupee(1_049)).toBe(1_000);
  });

  it('keeps every figure a whole number of paise and the table consistent (seeded property test)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(7, 30, 90, 180, 360),
        fc.option(
          fc.oneof(
            fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
            fc.record({ kind: fc.constant('flat' as const), amountPaise: fc.integer({ min: 0, max: 10_000_000 }) }),
          ),
          { nil: undefined },
        ),
        (list, offPercent, days, promo) => {
          const monthly = Math.max(100, Math.floor((list * (100 - offPercent)) / 100));
          const b = priceBreakdown(formula(list, Math.min(list, monthly)), days, promo);
          for (const value of Object.values(b)) expect(Number.isSafeInteger(value)).toBe(true);
          expect(b.netPaise - b.discountPaise - b.promoDiscountPaise).toBe(b.priceAfterDiscountPaise);
          expect(b.priceAfterDiscountPaise).toBeGreaterThanOrEqual(0);
          expect(b.totalPaise % 100).toBe(0);
          expect(Math.abs(b.totalPaise - (b.priceAfterDiscountPaise + b.gstPaise))).toBeLessThanOrEqual(50);
        },
      ),
      { seed: 20_261_120, numRuns: 500 },
    );
  });
});
