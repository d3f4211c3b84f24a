import type { OrderView } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import type { BasketLine } from '../../../lib/trading/order-window-context';
import { orderViewFixture } from '../test/trading-fixtures';
import { basketResults } from './basket-results';

const line = (key: string, tradingSymbol: string): BasketLine => ({
  key,
  displayName: tradingSymbol,
  line: { exchange: 'NFO', tradingSymbol, orderType: 'MARKET', transactionType: 'BUY', quantity: 65 },
});

const order = (tradingSymbol: string, status: OrderView['status'], statusMessage: string | null = null) =>
  orderViewFixture({ id: `${tradingSymbol}-${status}`, mode: 'paper', tradingSymbol, status, statusMessage });

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
