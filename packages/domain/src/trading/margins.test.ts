import { describe, expect, it } from 'vitest';
import { istInstant } from '../market/ist-time';
import type { MarginLeg, MarginMarket } from './margins';
import { basketMargin, orderMargin, portfolioMargin } from './margins';
import type { TradedContract } from './trading-types';

// NIFTY near 25,000 at 14 % volatility, a weekly expiring five days later; lot 65 (trading.md §2.2).
const LOT = 65;
const market: MarginMarket = {
  asOf: istInstant('2026-11-19', '10:00'),
  underlyings: { NIFTY: { price: 25_000, volatility: 0.14 } },
};
const nifty = (kind: TradedContract['kind'], strike: number | null, expiry = '2026-11-23'): TradedContract => ({
  root: 'NIFTY',
  kind,
  expiry,
  strike,
});
const leg = (contract: TradedContract, side: 'BUY' | 'SELL', price: number, lots = 1): MarginLeg => ({
  contract,
  side,
  quantity: lots * LOT,
  price,
});

describe('margins (trading.md §2.2 magnitudes)', () => {
  it('a short ATM NIFTY option needs ₹0.9–1.8 lakh per lot', () => {
    for (const kind of ['CE', 'PE'] as const) {
      const m = orderMargin(leg(nifty(kind, 25_000), 'SELL', 190), market);
      expect(m.total).toBeGreaterThanOrEqual(90_000);
      expect(m.total).toBeLessThanOrEqual(180_000);
      expect(m.optionPremium).toBe(0);
    }
  });

  it('a 4-leg iron condor is margined at under half the sum of its legs', () => {
    const legs = [
      leg(nifty('CE', 25_300), 'SELL', 80),
      leg(nifty('CE', 25_600), 'BUY', 20),
      leg(nifty('PE', 24_700), 'SELL', 80),
      leg(nifty('PE', 24_400), 'BUY', 20),
    ];
    const basket = basketMargin(legs, market);
    const sumOfLegs = basket.orders.reduce((sum, order) => sum + order.total, 0);
    expect(basket.initial.total).toBeCloseTo(sumOfLegs, 1);
    expect(basket.final.total).toBeLessThan(sumOfLegs / 2);
    // Kite's basket for such a book was ₹88,163 against ~₹2.5 L leg by leg (OpenAlgo #703).
    expect(basket.final.total).toBeGreaterThan(50_000);
    expect(sumOfLegs).toBeGreaterThan(200_000);
  });

  it('a long option needs only its premium', () => {
    const m = orderMargin(leg(nifty('CE', 25_200), 'BUY', 100), market);
    expect(m.total).toBe(6_500);
    expect(m.optionPremium).toBe(6_500);
    expect(m.span).toBe(0);
    expect(m.exposure).toBe(0);
  });

  it('a NIFTY future needs about 10–13 % of its notional (₹1.6–2.1 lakh a lot)', () => {
    const m = orderMargin(leg(nifty('FUT', null), 'BUY', 25_000), market);
    const notional = 25_000 * LOT;
    expect(m.total / notional).toBeGreaterThanOrEqual(0.1);
    expect(m.total / notional).toBeLessThanOrEqual(0.13);
  });

  it('scales with lots', () => {
    const one = orderMargin(leg(nifty('PE', 25_000), 'SELL', 190), market).total;
    const three = orderMargin(leg(nifty('PE', 25_000), 'SELL', 190, 3), market).total;
    expect(three).toBeCloseTo(3 * one, 0);
  });

  it('a short call against a long future (a covered call) costs less than the future alone', () => {
    const future = leg(nifty('FUT', null), 'BUY', 25_000);
    const call = leg(nifty('CE', 25_000), 'SELL', 190);
    const alone = orderMargin(future, market).total;
    const basket = basketMargin([call], market, { considerPositions: true, positions: [future] });
    expect(basket.final.total).toBeLessThan(basket.initial.total);
    expect(portfolioMargin([future, call], market).span).toBeLessThan(alone);
  });

  it('adds 2 % exposure on short index options on their expiry day', () => {
    const onExpiry = { ...market, asOf: istInstant('2026-11-23', '10:00') };
    const before = orderMargin(leg(nifty('CE', 26_000), 'SELL', 5), market).exposure;
    const expiryDay = orderMargin(leg(nifty('CE', 26_000), 'SELL', 5), onExpiry).exposure;
    expect(expiryDay - before).toBeCloseTo(0.02 * 25_000 * LOT, 0);
  });

  it('margins stocks at their higher stock rates', () => {
    const stockMarket: MarginMarket = { ...market, underlyings: { RELIANCE: { price: 1_400, volatility: 0.25 } } };
    const reliance: TradedContract = { root: 'RELIANCE', kind: 'FUT', expiry: '2026-11-23', strike: null };
    const m = orderMargin({ contract: reliance, side: 'SELL', quantity: 500, price: 1_400 }, stockMarket);
    expect(m.exposure).toBeCloseTo(0.05 * 1_400 * 500, 0);
    expect(m.total / (1_400 * 500)).toBeGreaterThan(0.15);
  });

  it('refuses a leg without a whole positive quantity', () => {
    expect(() => orderMargin({ ...leg(nifty('FUT', null), 'BUY', 25_000), quantity: 1.5 }, market)).toThrow(RangeError);
  });
});
