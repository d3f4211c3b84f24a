import type { BrokerAccount, OrderLineInput, OrderView } from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { placeFanOut } from '../api/fan-out';
import { cancelOrder, newIdempotencyKey, placeBulkOrders, type TerminalOrderOrigin } from '../api/place-orders';
import { invalidateTrading } from '../api/risk-settings';
import { toastOrderFailed, toastOrderPlaced } from '../components/order-toasts';
import {
  fanOutAccountIds,
  fanOutSeverity,
  fanOutSummary,
  type FanOutLineOutcome,
  type FanOutReport,
} from '../utils/fan-out';
import { isModifiable } from '../utils/order-groups';

const REFUSED = new Set(['REJECTED', 'FAILED']);

/** How a click may be sent. */
export interface SendOptions {
  /**
   * A new entry from a one-click control (chain, arrows, straddle, strangle): it goes to every account of the fan-out
   * when the fan-out is on. Exits and adjustments concern the selected account's own positions and never fan out.
   */
  fanOut?: boolean;
}

/** What the terminal does with orders on one account: send lines (one request per click), cancel every open order. */
export interface TerminalOrders {
  /**
   * Places the lines as one bulk order in the order given (or, fanned out, one fan-out request per line in that
   * order); resolves to the selected account's orders created (none on failure).
   */
  send(
    lines: readonly OrderLineInput[],
    origin: TerminalOrderOrigin,
    options?: SendOptions,
  ): Promise<readonly OrderView[]>;
  /** Cancels every open order (Exit Orders, F7). */
  cancelAll(orders: readonly OrderView[]): Promise<void>;
  /** A request is on its way. */
  busy: boolean;
  /** The last fan-out click's per-account results; null before one (or once dismissed). */
  fanOutReport: FanOutReport | null;
  dismissFanOutReport: () => void;
}

/**
 * The terminal's order sender: every click is one `bulk-orders` request with its origin and a fresh
 * Idempotency-Key; success and failure are the spec's toasts (§8), a refused slice names its reason, and the
 * account's books reload at once (the order events reload them again as fills arrive).
 *
 * With `fanOut` on (the user has two or more accounts of the terminal's mode enabled for trading and has not turned
 * the fan-out off), a one-click entry instead goes to `quiktrade/fan-out`, one request per line with its own
 * Idempotency-Key, and the per-account results are kept for the terminal to show: a rejection on one account
 * leaves the others' orders standing.
 */
export function useTerminalOrders(account: BrokerAccount, fanOut = false): TerminalOrders {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const [fanOutReport, setFanOutReport] = useState<FanOutReport | null>(null);
  const reports = useRef(0);
  const sendFanOut = useCallback(
    async (lines: readonly OrderLineInput[], origin: TerminalOrderOrigin) => {
      setPending((count) => count + 1);
      const outcomes: FanOutLineOutcome[] = [];
      try {
        // In the order given (a straddle's buy-first or sell-first sequence holds across the accounts); a line whose
        // request fails outright (no plan, no account, no answer) stops the rest of the click.
        for (const line of lines) {
          try {
            outcomes.push({ line, result: await placeFanOut(line, origin, newIdempotencyKey()), error: null });
          } catch (error) {
            outcomes.push({ line, result: null, error: error instanceof Error ? error.message : String(error) });
            break;
          }
        }
        reports.current += 1;
        const report: FanOutReport = { id: reports.current, lines: outcomes };
        setFanOutReport(report);
        const severity = fanOutSeverity(report);
        const summary = fanOutSummary(report);
        if (severity === 'success') toast.success(summary);
        else if (severity === 'warning') toast.warning(summary);
        else toast.error(summary);
        return outcomes.flatMap(
          (outcome) => outcome.result?.results.find((result) => result.brokerId === account.id)?.orders ?? [],
        );
      } finally {
        setPending((count) => count - 1);
        const touched = new Set([account.id, ...fanOutAccountIds({ id: 0, lines: outcomes })]);
        for (const id of touched) void invalidateTrading(queryClient, id);
      }
    },
    [account.id, queryClient],
  );
  const send = useCallback(
    async (lines: readonly OrderLineInput[], origin: TerminalOrderOrigin, options: SendOptions = {}) => {
      const first = lines[0];
      if (first === undefined) return [];
      if (fanOut && options.fanOut === true) return sendFanOut(lines, origin);
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
    [account, queryClient, fanOut, sendFanOut],
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
  const dismissFanOutReport = useCallback(() => setFanOutReport(null), []);
  return { send, cancelAll, busy: pending > 0, fanOutReport, dismissFanOutReport };
}
