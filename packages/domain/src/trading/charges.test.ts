import { describe, expect, it } from 'vitest';
import type { ChargeableFill } from './charges';
import {
  autoSquareOffCharge,
  chargeRatesOn,
  exerciseCharges,
  fillCharges,
  profitAndLoss,
  roundPaise,
  tradeCharges,
} from './charges';

const NIFTY_CE = { root: 'NIFTY', kind: 'CE' as const };
const NIFTY_FUT = { root: 'NIFTY', kind: 'FUT' as const };

function leg(over: Partial<ChargeableFill> & Pick<ChargeableFill, 'side' | 'price'>): ChargeableFill {
  return { contract: NIFTY_CE, exchange: 'NFO', quantity: 65, date: '2026-04-10', ...over };
}

describe('charges: trading.md §3 worked examples', () => {
  it('A. 1 lot NIFTY option bought at ₹100 and sold at ₹110 after 1-Apr-2026 costs ₹63.86, net ₹586.14', () => {
    const c = tradeCharges([leg({ side: 'BUY', price: 100 }), leg({ side: 'SELL', price: 110 })]);
    expect(c.turnover).toBe(13_650);
    expect(c.brokerage).toBeCloseTo(40, 2);
    expect(c.stt).toBeCloseTo(10.73, 2);
    expect(c.exchangeTransaction).toBeCloseTo(4.85, 2);
    expect(c.sebi).toBeCloseTo(0.01, 2);
    expect(c.stampDuty).toBeCloseTo(0.2, 2);
    expect(c.gst).toBeCloseTo(8.08, 2);
    expect(Math.abs(c.total - 63.86)).toBeLessThanOrEqual(0.05);
    const pnl = profitAndLoss(6_500, 7_150, c.total);
    expect(pnl.gross).toBe(650);
    expect(Math.abs(pnl.net - 586.14)).toBeLessThanOrEqual(0.05);
  });

  it('A under the Oct-2024 to Mar-2026 rates costs ₹60.28', () => {
    const date = '2025-06-10';
    const c = tradeCharges([leg({ side: 'BUY', price: 100, date }), leg({ side: 'SELL', price: 110, date })]);
    expect(Math.abs(c.total - 60.28)).toBeLessThanOrEqual(0.05);
  });

  it('B. 1 lot NIFTY future bought at 25,000 and sold at 25,100 after 1-Apr-2026 costs ₹969.61, net ₹5,530.39', () => {
    const c = tradeCharges([
      leg({ contract: NIFTY_FUT, side: 'BUY', price: 25_000 }),
      leg({ contract: NIFTY_FUT, side: 'SELL', price: 25_100 }),
    ]);
    expect(c.turnover).toBe(3_256_500);
    expect(c.brokerage).toBeCloseTo(40, 2);
    expect(c.stt).toBeCloseTo(815.75, 2);
    expect(c.exchangeTransaction).toBeCloseTo(59.59, 2);
    expect(c.sebi).toBeCloseTo(3.26, 2);
    expect(c.stampDuty).toBeCloseTo(32.5, 2);
    expect(c.gst).toBeCloseTo(18.51, 2);
    expect(Math.abs(c.total - 969.61)).toBeLessThanOrEqual(0.05);
    const pnl = profitAndLoss(1_625_000, 1_631_500, c.total);
    expect(pnl.gross).toBe(6_500);
    expect(Math.abs(pnl.net - 5_530.39)).toBeLessThanOrEqual(0.05);
    // Break-even ≈ 14.9 points.
    expect(c.total / 65).toBeCloseTo(14.9, 1);
  });

  it('B at 0.02 % STT (before 1-Apr-2026) costs ₹480.16, break-even ≈ 7.4 points', () => {
    const date = '2026-03-20';
    const c = tradeCharges([
      leg({ contract: NIFTY_FUT, side: 'BUY', price: 25_000, date }),
      leg({ contract: NIFTY_FUT, side: 'SELL', price: 25_100, date }),
    ]);
    expect(Math.abs(c.total - 480.16)).toBeLessThanOrEqual(0.05);
    expect(c.total / 65).toBeCloseTo(7.4, 1);
  });
});

describe('charges: rules', () => {
  it('picks rates by the trade date', () => {
    expect(chargeRatesOn('2026-03-31').sttOptionsSell).toBe(0.001);
    expect(chargeRatesOn('2026-04-01').sttOptionsSell).toBe(0.0015);
    expect(chargeRatesOn('2026-02-27').nseOptionsTxn).toBe(0.0003503);
    expect(chargeRatesOn('2026-03-01').nseOptionsTxn).toBe(0.0003553);
    expect(chargeRatesOn('2020-01-01').effectiveFrom).toBe('2024-10-01');
  });

  it('charges brokerage once per executed order across its fills', () => {
    const first = fillCharges(leg({ side: 'BUY', price: 100, quantity: 65 }));
    const second = fillCharges(leg({ side: 'BUY', price: 100, quantity: 65 }), { turnover: 6_500, brokerage: 20 });
    expect(first.brokerage).toBe(20);
    expect(second.brokerage).toBe(0);
  });

  it('caps futures brokerage at ₹20 but charges 0.03 % of a small order', () => {
    const small = fillCharges(leg({ contract: NIFTY_FUT, side: 'BUY', price: 100, quantity: 65 }));
    expect(small.brokerage).toBeCloseTo(1.95, 2);
    const topUp = fillCharges(leg({ contract: NIFTY_FUT, side: 'BUY', price: 100_000, quantity: 65 }), {
      turnover: 6_500,
      brokerage: 1.95,
    });
    expect(topUp.brokerage).toBeCloseTo(18.05, 2);
  });

  it('takes STT on the sell side only and stamp duty on the buy side only', () => {
    const buy = fillCharges(leg({ side: 'BUY', price: 100 }));
    const sell = fillCharges(leg({ side: 'SELL', price: 100 }));
    expect(buy.stt).toBe(0);
    expect(buy.stampDuty).toBeGreaterThan(0);
    expect(sell.stt).toBeGreaterThan(0);
    expect(sell.stampDuty).toBe(0);
  });

  it('applies the BSE option rates: SENSEX at ₹3,250/cr of premium, none on futures', () => {
    const sensex = fillCharges({
      ...leg({ side: 'BUY', price: 100 }),
      exchange: 'BFO',
      contract: { root: 'SENSEX', kind: 'CE' },
    });
    expect(sensex.exchangeTransaction).toBeCloseTo((6_500 * 3_250) / 1e7, 2);
    const future = fillCharges({
      ...leg({ side: 'BUY', price: 80_000 }),
      exchange: 'BFO',
      contract: { root: 'SENSEX', kind: 'FUT' },
    });
    expect(future.exchangeTransaction).toBe(0);
  });

  it('charges exercise STT of 0.15 % on the intrinsic value from 1-Apr-2026', () => {
    expect(exerciseCharges({ intrinsicValue: 50, quantity: 65, date: '2026-04-28' }).total).toBeCloseTo(4.88, 2);
    expect(exerciseCharges({ intrinsicValue: 50, quantity: 65, date: '2026-03-26' }).total).toBeCloseTo(4.06, 2);
  });

  it('charges ₹50 + GST for an auto square-off', () => {
    expect(autoSquareOffCharge('2026-05-05').total).toBe(59);
  });

  it('rounds to the paisa half away from zero despite binary noise', () => {
    expect(roundPaise(10.725)).toBe(10.73);
    expect(roundPaise(-10.725)).toBe(-10.73);
    expect(roundPaise(4.849845)).toBe(4.85);
  });

  it('refuses a quantity that is not a positive whole number', () => {
    expect(() => fillCharges(leg({ side: 'BUY', price: 1, quantity: 0 }))).toThrow(RangeError);
  });
});
