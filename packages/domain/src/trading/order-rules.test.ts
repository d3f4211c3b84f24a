import { describe, expect, it } from 'vitest';
import { istInstant } from '../market/ist-time';
import type { OrderInstrument, OrderLine, OrderRuleContext } from './order-rules';
import { orderInstrumentFacts, validateOrderLine } from './order-rules';
import { amoAccepted, amoReleaseAt, misSquareOffAt } from './trading-hours';

// Thursday 19-Nov-2026, 11:00 IST: the F&O session runs 09:15–15:40.
const NOW = istInstant('2026-11-19', '11:00');
const option: OrderInstrument = orderInstrumentFacts(
  { root: 'NIFTY', kind: 'CE', expiry: '2026-11-23', strike: 25_000 },
  '2026-11-19',
);
const future: OrderInstrument = orderInstrumentFacts(
  { root: 'NIFTY', kind: 'FUT', expiry: '2026-11-26', strike: null },
  '2026-11-19',
);
const line = (over: Partial<OrderLine> = {}): OrderLine => ({
  exchange: 'NFO',
  variety: 'regular',
  validity: 'DAY',
  product: 'MIS',
  orderType: 'LIMIT',
  transactionType: 'BUY',
  quantity: 65,
  price: 100,
  ...over,
});
const ctx = (over: Partial<OrderRuleContext> = {}): OrderRuleContext => ({ now: NOW, ltp: 100, ...over });
const codes = (l: OrderLine, i: OrderInstrument = option, c: OrderRuleContext = ctx()): string[] =>
  validateOrderLine(l, i, c).map((v) => v.code);
const messages = (l: OrderLine, i: OrderInstrument = option, c: OrderRuleContext = ctx()): string[] =>
  validateOrderLine(l, i, c).map((v) => v.message);

describe('order-line rules: spec §5 target and stop-loss messages', () => {
  it('accepts a plain limit order with a target above and a stop below for BUY', () => {
    expect(codes(line({ takeProfit: { price: 120 }, stopLoss: { price: 90 } }))).toEqual([]);
  });

  it('rejects a target below the price for BUY', () => {
    expect(messages(line({ takeProfit: { price: 95 } }))).toEqual(['Target price should be greater than 100 price.']);
  });

  it('rejects a target above the price for SELL', () => {
    expect(messages(line({ transactionType: 'SELL', takeProfit: { price: 105 } }))).toEqual([
      'Target price should be less than 100 price.',
    ]);
  });

  it('rejects a stop loss above the price for BUY', () => {
    expect(messages(line({ stopLoss: { price: 101 } }))).toEqual(['StopLoss price should be less than 100 price.']);
  });

  it('rejects a stop loss below the price for SELL', () => {
    expect(messages(line({ transactionType: 'SELL', stopLoss: { price: 99.5 } }))).toEqual([
      'StopLoss price should be greater than 100 price.',
    ]);
  });

  it('rejects a target equal to the price, and compares a MARKET order with the last price', () => {
    expect(codes(line({ takeProfit: { price: 100 } }))).toEqual(['TARGET_WRONG_SIDE']);
    expect(
      messages(
        line({ orderType: 'MARKET', price: null, marketProtection: -1, stopLoss: { price: 101 } }),
        option,
        ctx({ ltp: 100.5 }),
      ),
    ).toEqual(['StopLoss price should be less than 100.5 price.']);
  });
});

describe('order-line rules: lots, slices, tag, tick', () => {
  it('wants whole lots of at least one', () => {
    expect(codes(line({ quantity: 0 }))).toEqual(['QUANTITY_INVALID']);
    expect(codes(line({ quantity: 100 }))).toEqual(['QUANTITY_NOT_WHOLE_LOTS']);
  });

  it('limits the slice lot to freeze ÷ lot (1,800 / 65 = 27) and treats 0 as the default', () => {
    expect(codes(line({ sliceLots: 27 }))).toEqual([]);
    expect(codes(line({ sliceLots: 0 }))).toEqual([]);
    expect(messages(line({ sliceLots: 28 }))).toEqual(['Slice lot must be a whole number from 1 to 27.']);
  });

  it('rejects a tag longer than 20 characters', () => {
    expect(codes(line({ tag: 'x'.repeat(20) }))).toEqual([]);
    expect(codes(line({ tag: 'x'.repeat(21) }))).toEqual(['TAG_TOO_LONG']);
  });

  it('wants prices, triggers, targets and stops on the ₹0.05 tick', () => {
    expect(codes(line({ price: 100.03 }))).toContain('PRICE_OFF_TICK');
    expect(codes(line({ takeProfit: { price: 120.02 } }))).toEqual(['TARGET_OFF_TICK']);
    expect(codes(line({ stopLoss: { price: 90.01 } }))).toEqual(['STOPLOSS_OFF_TICK']);
    expect(codes(line({ orderType: 'SL', price: 110, triggerPrice: 105.01 }), option)).toEqual(['TRIGGER_OFF_TICK']);
  });

  it('wants a price for LIMIT and SL, and a trigger for SL and SL-M', () => {
    expect(codes(line({ price: null }))).toEqual(['PRICE_REQUIRED']);
    expect(codes(line({ orderType: 'SL', price: 110, triggerPrice: null }))).toEqual(['TRIGGER_REQUIRED']);
  });

  it('refuses CNC for futures and options', () => {
    expect(codes(line({ product: 'CNC' }))).toEqual(['PRODUCT_NOT_ALLOWED']);
  });
});

describe('order-line rules: exchange and Kite rules', () => {
  it('refuses SL-M for options and on BSE, allows it for NSE futures', () => {
    const slm = line({ orderType: 'SL-M', price: null, triggerPrice: 105, marketProtection: -1 });
    expect(codes(slm)).toEqual(['SL_M_NOT_ALLOWED']);
    expect(codes({ ...slm, triggerPrice: 25_100 }, future, ctx({ ltp: 25_000 }))).toEqual([]);
    expect(codes({ ...slm, exchange: 'BFO', triggerPrice: 25_100 }, future, ctx({ ltp: 25_000 }))).toContain(
      'SL_M_NOT_ALLOWED',
    );
  });

  it('wants market protection of -1 or 1–100 on MARKET and SL-M (0 is rejected)', () => {
    const market = line({ orderType: 'MARKET', price: null });
    expect(codes({ ...market, marketProtection: 0 })).toEqual(['MARKET_PROTECTION_REQUIRED']);
    expect(codes({ ...market, marketProtection: null })).toEqual(['MARKET_PROTECTION_REQUIRED']);
    expect(codes({ ...market, marketProtection: 101 })).toEqual(['MARKET_PROTECTION_REQUIRED']);
    expect(codes({ ...market, marketProtection: -1 })).toEqual([]);
    expect(codes({ ...market, marketProtection: 3 })).toEqual([]);
  });

  it('wants a stop BUY trigger above the last price and a stop SELL trigger below it', () => {
    expect(codes(line({ orderType: 'SL', price: 110, triggerPrice: 105 }))).toEqual([]);
    expect(codes(line({ orderType: 'SL', price: 99, triggerPrice: 98 }))).toEqual(['TRIGGER_WRONG_SIDE_OF_LTP']);
    expect(codes(line({ transactionType: 'SELL', orderType: 'SL', price: 90, triggerPrice: 95 }))).toEqual([]);
    expect(codes(line({ transactionType: 'SELL', orderType: 'SL', price: 101, triggerPrice: 102 }))).toEqual([
      'TRIGGER_WRONG_SIDE_OF_LTP',
    ]);
  });

  it('keeps option limits inside the limit price protection band (±₹20 up to ₹50, ±40 % above)', () => {
    expect(codes(line({ price: 139.95 }), option, ctx({ lppReference: 100 }))).toEqual([]);
    expect(messages(line({ price: 140.05 }), option, ctx({ lppReference: 100 }))).toEqual([
      'Price is outside the limit price protection range 60.00 to 140.00.',
    ]);
    expect(codes(line({ price: 10 }), option, ctx({ lppReference: 30, ltp: 10 }))).toEqual([]);
    expect(codes(line({ price: 9.95 }), option, ctx({ lppReference: 30, ltp: 9.95 }))).toEqual(['PRICE_OUTSIDE_LPP']);
    expect(codes(line({ price: 50.05 }), option, ctx({ lppReference: 30, ltp: 50 }))).toEqual(['PRICE_OUTSIDE_LPP']);
    // Futures are not under option LPP here.
    expect(codes(line({ price: 30_000 }), future, ctx({ lppReference: 25_000, ltp: 25_000 }))).toEqual([]);
  });

  it('wants an SL BUY limit at or above its trigger', () => {
    expect(codes(line({ orderType: 'SL', price: 104, triggerPrice: 105 }))).toEqual(['TRIGGER_WRONG_SIDE_OF_PRICE']);
  });
});

describe('order-line rules: hours from the market calendar', () => {
  it('refuses regular orders outside the session', () => {
    expect(codes(line(), option, ctx({ now: istInstant('2026-11-19', '08:30') }))).toEqual(['MARKET_CLOSED']);
    expect(codes(line(), option, ctx({ now: istInstant('2026-11-21', '11:00') }))).toEqual(['MARKET_CLOSED']);
    expect(codes(line({ product: 'NRML' }), option, ctx({ now: istInstant('2026-11-19', '15:39') }))).toEqual([]);
  });

  it('accepts AMOs only outside 09:10–15:45 on a trading day, and no MARKET AMO in index options', () => {
    const amo = line({ variety: 'amo' });
    expect(codes(amo, option, ctx({ now: istInstant('2026-11-19', '11:00') }))).toEqual(['AMO_WINDOW_CLOSED']);
    expect(codes(amo, option, ctx({ now: istInstant('2026-11-19', '16:00') }))).toEqual([]);
    expect(codes(amo, option, ctx({ now: istInstant('2026-11-21', '11:00') }))).toEqual([]);
    expect(
      codes(
        { ...amo, orderType: 'MARKET', price: null, marketProtection: -1 },
        option,
        ctx({ now: istInstant('2026-11-19', '18:00') }),
      ),
    ).toEqual(['AMO_MARKET_NOT_ALLOWED']);
  });

  it('refuses new MIS orders after the square-off, 5 minutes before the F&O close in force', () => {
    // 15:40 close from 3-Aug-2026 → square-off 15:35; before, 15:30 → 15:25.
    expect(misSquareOffAt('2026-11-19', 'NFO')).toBe(istInstant('2026-11-19', '15:35'));
    expect(misSquareOffAt('2026-07-16', 'NFO')).toBe(istInstant('2026-07-16', '15:25'));
    expect(misSquareOffAt('2026-11-21', 'NFO')).toBeNull();
    expect(codes(line(), option, ctx({ now: istInstant('2026-11-19', '15:34') }))).toEqual([]);
    expect(codes(line(), option, ctx({ now: istInstant('2026-11-19', '15:36') }))).toEqual(['MIS_SQUARED_OFF']);
    expect(codes(line(), option, ctx({ now: istInstant('2026-11-19', '15:36'), reducesPosition: true }))).toEqual([]);
    expect(codes(line(), option, ctx({ now: istInstant('2026-07-16', '15:26') }))).toEqual(['MIS_SQUARED_OFF']);
  });

  it('releases an AMO at the next session open', () => {
    expect(amoAccepted(istInstant('2026-11-19', '09:09'), 'NFO')).toBe(true);
    expect(amoAccepted(istInstant('2026-11-19', '09:10'), 'NFO')).toBe(false);
    expect(amoAccepted(istInstant('2026-11-19', '15:45'), 'NFO')).toBe(true);
    expect(amoReleaseAt(istInstant('2026-11-19', '16:00'), 'NFO')).toBe(istInstant('2026-11-20', '09:15'));
    expect(amoReleaseAt(istInstant('2026-11-21', '10:00'), 'NFO')).toBe(istInstant('2026-11-23', '09:15'));
    expect(amoReleaseAt(istInstant('2026-11-19', '08:00'), 'NFO')).toBe(istInstant('2026-11-19', '09:15'));
  });
});
