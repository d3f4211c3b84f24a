// The margin a basket of order lines needs (spec §7 basketMargins): leg by leg (initial) and hedged (final). Shared by
// the order window's basket and any page that prices a set of orders (the strategy builder).
import { BasketMarginsSchema, type OrderLineInput } from '@fnodesk/contracts';
import type { z } from 'zod';
import { apiFetch } from '../api-client';
import { brokerPath } from './trading-paths';

/** `fetch-basket-margins` data. */
export type BasketMargins = z.infer<typeof BasketMarginsSchema>;

type MarginFields =
  | 'exchange'
  | 'tradingSymbol'
  | 'variety'
  | 'validity'
  | 'product'
  | 'orderType'
  | 'transactionType'
  | 'quantity'
  | 'price'
  | 'triggerPrice';

/** The part of an order line its margin depends on (no target, stop, tag or slicing). */
export function marginLineOf(line: OrderLineInput): Pick<OrderLineInput, MarginFields> {
  const { exchange, tradingSymbol, variety, validity, product, orderType, transactionType, quantity } = line;
  return {
    exchange,
    tradingSymbol,
    variety,
    validity,
    product,
    orderType,
    transactionType,
    quantity,
    ...(line.price === undefined ? {} : { price: line.price }),
    ...(line.triggerPrice === undefined ? {} : { triggerPrice: line.triggerPrice }),
  };
}

/** `POST brokers/{id}/fetch-basket-margins` (spec §7 basketMargins): initial (leg by leg) and final (hedged). */
export function fetchBasketMargins(
  brokerId: string,
  lines: readonly OrderLineInput[],
  signal?: AbortSignal,
): Promise<BasketMargins> {
  return apiFetch(brokerPath(brokerId, '/fetch-basket-margins'), {
    method: 'POST',
    body: { orders: lines.map(marginLineOf), considerPositions: true },
    schema: BasketMarginsSchema,
    signal,
  });
}
