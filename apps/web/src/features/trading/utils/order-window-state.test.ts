import { describe, expect, it } from 'vitest';
import { NIFTY_CALL, NIFTY_FUTURE } from '../test/trading-fixtures';
import {
  openDraft,
  orderTypeFields,
  orderWindowReducer,
  slmAllowed,
  viewOf,
  type OrderWindowAction,
  type OrderWindowDraft,
} from './order-window-state';

const context = { ltp: 100, risk: null, idealRewardToRisk: 1.5, now: Date.UTC(2026, 10, 27, 5, 0) };

function apply(draft: OrderWindowDraft, ...actions: OrderWindowAction[]): OrderWindowDraft {
  return actions.reduce(orderWindowReducer, draft);
}

describe('order window defaults and modes', () => {
  it('opens on BUY, MIS, DAY, regular, lot 1 with the slice at the freeze over the lot size', () => {
    const draft = openDraft({ instrument: NIFTY_CALL });
    expect(draft).toMatchObject({ side: 'BUY', product: 'MIS', validity: 'DAY', variety: 'regular', lotText: '1' });
    expect(draft.sliceLotText).toBe('27');
    expect(draft.mode).toBe('create');
  });

  it('opens for the side asked', () => {
    expect(openDraft({ instrument: NIFTY_CALL, side: 'SELL' }).side).toBe('SELL');
  });

  it('opens an existing order in Modify mode with its product locked', () => {
    const draft = openDraft({
      instrument: NIFTY_CALL,
      order: {
        orderId: 'PT-1',
        orderType: 'LIMIT',
        product: 'NRML',
        validity: 'DAY',
        variety: 'regular',
        quantity: 130,
        price: 101.5,
        triggerPrice: 0,
      },
    });
    expect(draft).toMatchObject({ mode: 'modify', orderId: 'PT-1', orderType: 2, lotText: '2', priceText: '101.5' });
    expect(orderWindowReducer(draft, { type: 'product', product: 'MIS' }).product).toBe('NRML');
  });
});

describe('order types enable their fields (spec §2.7)', () => {
  it('enables neither price nor trigger for Market, price for Limit, both for SL, trigger for SL-M', () => {
    expect(orderTypeFields(1)).toEqual({ price: false, trigger: false });
    expect(orderTypeFields(2)).toEqual({ price: true, trigger: false });
    expect(orderTypeFields(3)).toEqual({ price: true, trigger: true });
    expect(orderTypeFields(4)).toEqual({ price: false, trigger: true });
  });

  it('seeds the SL price and trigger from the market price, on the tick', () => {
    const draft = apply(openDraft({ instrument: NIFTY_CALL }), {
      type: 'orderType',
      orderType: 3,
      marketPrice: 100.12,
    });
    expect(draft.priceText).toBe('100.15');
    expect(draft.triggerText).toBe('100.15');
  });

  it('refuses SL-M for options and on BSE, allows it for NSE futures', () => {
    expect(slmAllowed(NIFTY_CALL)).toBe(false);
    expect(slmAllowed(NIFTY_FUTURE)).toBe(true);
    expect(slmAllowed({ ...NIFTY_FUTURE, exchange: 'BFO' })).toBe(false);
  });
});

describe('what the window shows', () => {
  it('flips BUY and SELL and judges the target on the new side', () => {
    const draft = apply(openDraft({ instrument: NIFTY_CALL }), {
      type: 'exit',
      kind: 'target',
      unit: 'price',
      text: '110',
    });
    expect(viewOf(draft, context).messages).toEqual([]);
    const sell = orderWindowReducer(draft, { type: 'toggleSide' });
    expect(sell.side).toBe('SELL');
    expect(viewOf(sell, context).messages).toEqual(['Target price should be less than 100 price.']);
  });

  it('judges a market order at the live price and a limit order at its price', () => {
    const market = apply(openDraft({ instrument: NIFTY_CALL }), {
      type: 'exit',
      kind: 'stopLoss',
      unit: 'price',
      text: '95',
    });
    expect(viewOf(market, context).orderPrice).toBe(100);
    const limit = apply(market, { type: 'orderType', orderType: 2, marketPrice: 100 }, { type: 'price', text: '94' });
    expect(viewOf(limit, context).messages).toEqual(['StopLoss price should be less than 94 price.']);
  });

  it('gives reward-to-risk and Take Trade from a target and stop', () => {
    const draft = apply(
      openDraft({ instrument: NIFTY_CALL }),
      { type: 'exit', kind: 'stopLoss', unit: 'points', text: '10' },
      { type: 'multiple', multiple: 2, entry: 100, stopLoss: 90 },
    );
    const view = viewOf(draft, context);
    expect(view.target?.price).toBe(120);
    expect(view.rewardToRisk).toBe(2);
    expect(view.signal).toBe('Take Trade');
  });

  it('keeps an exit level when its unit changes', () => {
    const draft = apply(openDraft({ instrument: NIFTY_CALL }), {
      type: 'exit',
      kind: 'target',
      unit: 'points',
      text: '12.5',
    });
    const level = viewOf(draft, context).target;
    const inPercent = orderWindowReducer(draft, { type: 'exitUnit', kind: 'target', unit: 'percent', level });
    expect(inPercent.target).toEqual({ unit: 'percent', text: '12.5' });
    expect(viewOf(inPercent, context).target?.price).toBe(112.5);
  });

  it('resets a slice lot of 0 to the freeze default and previews the slices', () => {
    const draft = apply(
      openDraft({ instrument: NIFTY_CALL }),
      { type: 'lot', text: '30' },
      { type: 'sliceLot', text: '0' },
    );
    expect(draft.sliceLotText).toBe('27');
    expect(viewOf(draft, context).slices.map((slice) => slice.quantity)).toEqual([1755, 195]);
  });

  it('previews slices of the slice lot in units with the remainder last', () => {
    const draft = apply(
      openDraft({ instrument: NIFTY_CALL }),
      { type: 'lot', text: '40' },
      { type: 'sliceLot', text: '15' },
    );
    expect(viewOf(draft, context).slices.map((slice) => slice.quantity)).toEqual([975, 975, 650]);
  });

  it('takes a quantity in whole lots and refuses one that is not', () => {
    const draft = openDraft({ instrument: NIFTY_CALL });
    expect(orderWindowReducer(draft, { type: 'quantity', text: '195' }).lotText).toBe('3');
    const odd = orderWindowReducer(draft, { type: 'quantity', text: '100' });
    expect(viewOf(odd, context).messages).toContain('Lot must be a whole number of at least 1.');
  });
});
