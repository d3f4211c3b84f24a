import type { OrderLineInput } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { addToBasket } from './terminal-basket';

const line = (overrides: Partial<OrderLineInput> = {}): OrderLineInput => ({
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26DEC24000CE',
  product: 'MIS',
  orderType: 'MARKET',
  transactionType: 'BUY',
  quantity: 65,
  ...overrides,
});

describe('the terminal basket', () => {
  it('merges a click into the row of the same symbol, product, type and side', () => {
    const once = addToBasket([], line(), 1, 65);
    const twice = addToBasket(once, line(), 2, 65);
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ lots: 3, line: { quantity: 195 } });
  });

  it('keeps the other side as its own row', () => {
    const rows = addToBasket(addToBasket([], line(), 1, 65), line({ transactionType: 'SELL' }), 1, 65);
    expect(rows.map((row) => row.line.transactionType)).toEqual(['BUY', 'SELL']);
  });
});
