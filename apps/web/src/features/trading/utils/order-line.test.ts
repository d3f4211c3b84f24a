import { describe, expect, it } from 'vitest';
import { NIFTY_CALL } from '../test/trading-fixtures';
import { modifyRequestOf, orderLineOf, toastPriceOf } from './order-line';
import { openDraft, orderWindowReducer, viewOf, type OrderWindowAction } from './order-window-state';

const context = { ltp: 100, risk: null, idealRewardToRisk: null, now: Date.UTC(2026, 10, 27, 5, 0) };

describe('the order line the window sends', () => {
  it('sends a LIMIT line with its price, target and stop on the tick and the slice lot', () => {
    const actions: OrderWindowAction[] = [
      { type: 'orderType', orderType: 2, marketPrice: 100 },
      { type: 'price', text: '99.52' },
      { type: 'lot', text: '2' },
      { type: 'exit', kind: 'target', unit: 'points', text: '10' },
      { type: 'exit', kind: 'stopLoss', unit: 'price', text: '95' },
    ];
    const draft = actions.reduce(orderWindowReducer, openDraft({ instrument: NIFTY_CALL }));
    const view = viewOf(draft, context);
    expect(orderLineOf(draft, view)).toEqual({
      exchange: 'NFO',
      tradingSymbol: 'NIFTY26DEC24000CE',
      variety: 'regular',
      validity: 'DAY',
      product: 'MIS',
      orderType: 'LIMIT',
      transactionType: 'BUY',
      quantity: 130,
      price: 99.55,
      sliceLot: 27,
      takeProfit: { price: 109.55 },
      stopLoss: { price: 95 },
    });
  });

  it('sends a MARKET line without prices and with automatic market protection', () => {
    const draft = openDraft({ instrument: NIFTY_CALL, side: 'SELL' });
    const line = orderLineOf(draft, viewOf(draft, context));
    expect(line).toMatchObject({ orderType: 'MARKET', transactionType: 'SELL', quantity: 65, marketProtection: -1 });
    expect(line).not.toHaveProperty('price');
  });

  it('sends nothing while the lot is not a whole number', () => {
    const draft = orderWindowReducer(openDraft({ instrument: NIFTY_CALL }), { type: 'lot', text: '1.5' });
    expect(orderLineOf(draft, viewOf(draft, context))).toBeNull();
  });

  it('modifies with the new type, quantity, prices and validity', () => {
    expect(
      modifyRequestOf({
        exchange: 'NFO',
        tradingSymbol: 'X',
        orderType: 'LIMIT',
        transactionType: 'BUY',
        quantity: 65,
        price: 10,
      }),
    ).toEqual({ orderType: 'LIMIT', quantity: 65, validity: 'DAY', price: 10, triggerPrice: 0 });
  });

  it('names the limit price in the toast, else the market price', () => {
    const base = {
      exchange: 'NFO',
      tradingSymbol: 'X',
      orderType: 'LIMIT',
      transactionType: 'BUY',
      quantity: 65,
    } as const;
    expect(toastPriceOf({ ...base, price: 101.5 }, 100)).toBe('101.5');
    expect(toastPriceOf({ ...base, orderType: 'MARKET' }, 100)).toBe('100');
  });
});
