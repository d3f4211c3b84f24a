import type { OrderView } from '@fnodesk/contracts';
import type { BasketLine } from '../../../lib/trading/order-window-context';

/** What happened to one line after Execute. */
export interface BasketResult {
  key: string;
  displayName: string;
  status: 'placed' | 'rejected';
  message: string;
}

/** The results of an Execute, line by line, from the orders the server created (a line may be several slices). */
export function basketResults(lines: readonly BasketLine[], orders: readonly OrderView[]): BasketResult[] {
  return lines.map((basketLine) => {
    const mine = orders.filter(
      (order) =>
        order.tradingSymbol === basketLine.line.tradingSymbol &&
        order.transactionType === basketLine.line.transactionType,
    );
    const rejected = mine.find((order) => order.status === 'REJECTED' || order.status === 'FAILED');
    return {
      key: basketLine.key,
      displayName: basketLine.displayName,
      status: rejected === undefined && mine.length > 0 ? 'placed' : 'rejected',
      message:
        rejected !== undefined
          ? (rejected.statusMessage ?? rejected.status)
          : mine.length > 0
            ? mine.map((order) => order.status).join(', ')
            : 'No order was created for this line.',
    };
  });
}
