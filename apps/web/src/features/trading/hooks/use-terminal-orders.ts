import type { BrokerAccount, OrderLineInput, OrderView } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { cancelOrder, newIdempotencyKey, placeBulkOrders, type TerminalOrderOrigin } from '../api/place-orders';
import { invalidateTrading } from '../api/risk-settings';
import { toastOrderFailed, toastOrderPlaced } from '../components/order-toasts';
import { isModifiable } from '../utils/order-groups';

const REFUSED = new Set(['REJECTED', 'FAILED']);

/** What the terminal does with orders on one account: send lines (one request per click), cancel every open order. */
export interface TerminalOrders {
  /** Places the lines as one bulk order in the order given; resolves to the orders created (none on failure). */
  send(lines: readonly OrderLineInput[], origin: TerminalOrderOrigin): Promise<readonly OrderView[]>;
  /** Cancels every open order (Exit Orders, F7). */
  cancelAll(orders: readonly OrderView[]): Promise<void>;
  /** A request is on its way. */
  busy: boolean;
}

/**
 * The terminal's order sender: every click is one `bulk-orders` request with its origin and a fresh
 * Idempotency-Key; success and failure are the spec's toasts (§8), a refused slice names its reason, and the
 * account's books reload at once (the order events reload them again as fills arrive).
 */
export function useTerminalOrders(account: BrokerAccount): TerminalOrders {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const send = useCallback(
    async (lines: readonly OrderLineInput[], origin: TerminalOrderOrigin) => {
      const first = lines[0];
      if (first === undefined) return [];
      setPending((count) => count + 1);
      try {
        const answer = await placeBulkOrders(account.id, lines, { origin, idempotencyKey: newIdempotencyKey() });
        const refused = answer.orders.filter((order) => REFUSED.has(order.status));
        if (refused.length > 0) {
          toast.error(
            refused.map((order) => `${order.tradingSymbol}: ${order.statusMessage ?? order.status}`).join(' · '),
          );
        } else {
          toastOrderPlaced(account, first, answer.orders[0]?.averagePrice ?? null);
        }
        return answer.orders;
      } catch (error) {
        toastOrderFailed(error);
        return [];
      } finally {
        setPending((count) => count - 1);
        void invalidateTrading(queryClient, account.id);
      }
    },
    [account, queryClient],
  );
  const cancelAll = useCallback(
    async (orders: readonly OrderView[]) => {
      const open = orders.filter(isModifiable);
      if (open.length === 0) {
        toast.info('There are no open orders to cancel.');
        return;
      }
      setPending((count) => count + 1);
      try {
        const results = await Promise.allSettled(
          open.map((order) => cancelOrder(account.id, order.id, newIdempotencyKey())),
        );
        const failed = results.filter((result) => result.status === 'rejected');
        if (failed.length > 0) toastOrderFailed(failed[0]?.reason);
        else toast.success(`Cancelled ${open.length} open order${open.length === 1 ? '' : 's'}.`);
      } finally {
        setPending((count) => count - 1);
        void invalidateTrading(queryClient, account.id);
      }
    },
    [account.id, queryClient],
  );
  return { send, cancelAll, busy: pending > 0 };
}
