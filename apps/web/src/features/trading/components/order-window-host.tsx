import type { BrokerAccount, OrderLineInput } from '@fnodesk/contracts';
import { systemClock } from '@fnodesk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useTicks } from '../../../lib/feed/use-ticks';
import { marginLineOf } from '../../../lib/trading/basket-margins';
import { fetchOrderMargin } from '../api/fetch-margins';
import { modifyOrder, newIdempotencyKey, placeBulkOrders, retryLostOrderRequest } from '../api/place-orders';
import { invalidateTrading, useRiskSettings } from '../api/risk-settings';
import { useFunds } from '../api/trading-queries';
import { tradingKey } from '../../../lib/trading/trading-paths';
import { modifyRequestOf, orderLineOf } from '../utils/order-line';
import { openDraft, orderWindowReducer, viewOf, type OpenDraftRequest } from '../utils/order-window-state';
import { toastOrderFailed, toastOrderPlaced } from './order-toasts';
import { OrderWindowPanel, type LiveQuote } from './order-window-panel';

/** The window's live quote: last price and best bid/ask from the feed's full ticks. */
function useLiveQuote(token: number): LiveQuote {
  const { ticks } = useTicks([token], 'full');
  const tick = ticks.get(token);
  return {
    ltp: tick?.lp ?? null,
    bid: tick?.depth?.buy[0]?.p ?? null,
    ask: tick?.depth?.sell[0]?.p ?? null,
  };
}

export interface OrderWindowHostProps {
  request: OpenDraftRequest;
  account: BrokerAccount;
  onAddToBasket: (displayName: string, line: OrderLineInput) => void;
  onClose: () => void;
}

/** One open order window: its draft, live prices, margin and risk read-out, and what its buttons send. */
export function OrderWindowHost({ request, account, onAddToBasket, onClose }: OrderWindowHostProps) {
  const [draft, dispatch] = useReducer(orderWindowReducer, request, openDraft);
  const quote = useLiveQuote(draft.instrument.instrumentToken);
  const risk = useRiskSettings(account.id).data ?? null;
  const funds = useFunds(account.id).data ?? null;
  const view = viewOf(draft, {
    ltp: quote.ltp,
    risk:
      risk === null
        ? null
        : {
            maxPositions: risk.maxPositions,
            positionsTaken: risk.positionsTaken,
            riskPercentagePerTrade: risk.riskPercentagePerTrade,
            riskPerTradeAmount: risk.riskPerTradeAmount,
            availableCash: funds?.equity.available.cash ?? 0,
          },
    idealRewardToRisk: risk?.idealRewardToRisk ?? null,
    now: systemClock.now(),
  });
  const line = orderLineOf(draft, view);
  // The margin follows the line's margin fields only (not its target, stop or tag), not every live price.
  const marginKey = line === null ? null : JSON.stringify(marginLineOf(line));
  const margin = useQuery({
    queryKey: [...tradingKey(account.id), 'order-margin', marginKey],
    queryFn: ({ signal }) => fetchOrderMargin(account.id, line as OrderLineInput, signal),
    enabled: line !== null,
    retry: false,
    staleTime: 30_000,
  });
  useEffect(() => {
    // Spec §8: margin call errors are stored, not shown.
    // eslint-disable-next-line no-console -- the browser console is where a failed margin call is reported.
    if (margin.error !== null) console.warn('[order-window] margin not loaded', margin.error);
  }, [margin.error]);

  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: async ({ sent, key }: { sent: OrderLineInput; key: string }) => {
      if (draft.mode === 'modify' && draft.orderId !== null) {
        return modifyOrder(account.id, draft.orderId, modifyRequestOf(sent), key);
      }
      return placeBulkOrders(account.id, [sent], { origin: 'window', idempotencyKey: key });
    },
    retry: retryLostOrderRequest,
    onSuccess: (_answer, { sent }) => {
      toastOrderPlaced(account, sent, quote.ltp);
      void invalidateTrading(queryClient, account.id);
      onClose();
    },
    onError: toastOrderFailed,
  });

  return (
    <OrderWindowPanel
      draft={draft}
      view={view}
      quote={quote}
      requiredMargin={margin.data ?? null}
      busy={send.isPending}
      dispatch={dispatch}
      onPlace={() => {
        if (line !== null) send.mutate({ sent: line, key: newIdempotencyKey() });
      }}
      onModify={() => {
        if (line !== null) send.mutate({ sent: line, key: newIdempotencyKey() });
      }}
      onAddToBasket={() => {
        if (line === null) return;
        onAddToBasket(draft.instrument.displayName, line);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
