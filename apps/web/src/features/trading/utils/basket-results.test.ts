import type { OrderView } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import type { BasketLine } from '../../../lib/trading/order-window-context';
import { basketResults } from './basket-results';

const line = (key: string, tradingSymbol: string): BasketLine => ({
  key,
  displayName: tradingSymbol,
  line: { exchange: 'NFO', tradingSymbol, orderType: 'MARKET', transactionType: 'BUY', quantity: 65 },
});

function order(tradingSymbol: string, status: OrderView['status'], statusMessage: string | null = null): OrderView {
  return {
    id: `${tradingSymbol}-${status}`,
    brokerOrderId: null,
    mode: 'paper',
    exchange: 'NFO',
    tradingSymbol,
    instrumentToken: 1,
    transactionType: 'BUY',
    product: 'MIS',
    orderType: 'MARKET',
    variety: 'regular',
    validity: 'DAY',
    quantity: 65,
    filledQuantity: 0,
    pendingQuantity: 65,
    price: null,
    triggerPrice: null,
    averagePrice: null,
    status,
    statusMessage,
    tag: 't',
    slice: { index: 1, count: 1 },
    modifications: 0,
    placedAt: '2026-11-27T05:00:00Z',
    updatedAt: '2026-11-27T05:00:00Z',
  };
}

describe('basket results', () => {
  it('shows each line placed, or rejected with the broker reason', () => {
    const results = basketResults(
      [line('a', 'NIFTY26DEC24000CE'), line('b', 'NIFTY26DEC24000PE'), line('c', 'NIFTY26DECFUT')],
      [order('NIFTY26DEC24000CE', 'OPEN'), order('NIFTY26DEC24000PE', 'REJECTED', 'Insufficient funds.')],
    );
    expect(results.map((result) => [result.status, result.message])).toEqual([
      ['placed', 'OPEN'],
      ['rejected', 'Insufficient funds.'],
      ['rejected', 'No order was created for this line.'],
    ]);
  });
});
