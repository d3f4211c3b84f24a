import { OrderMarginsSchema, type OrderLineInput } from '@fnodesk/contracts';
import { apiFetch } from '../../../lib/api-client';
import { marginLineOf } from '../../../lib/trading/basket-margins';
import { brokerPath } from '../../../lib/trading/trading-paths';

/** `POST brokers/{id}/fetch-margins` (spec §7 brokerOrderMargin): the required margin of one order. */
export async function fetchOrderMargin(brokerId: string, line: OrderLineInput, signal?: AbortSignal): Promise<number> {
  const data = await apiFetch(brokerPath(brokerId, '/fetch-margins'), {
    method: 'POST',
    body: { orders: [marginLineOf(line)] },
    schema: OrderMarginsSchema,
    signal,
  });
  const first = data.margins[0];
  if (first === undefined) throw new Error('fetch-margins answered without a margin');
  return first.total;
}
