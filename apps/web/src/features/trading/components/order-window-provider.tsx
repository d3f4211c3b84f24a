import type { BrokerAccount, OrderLineInput } from '@fnodesk/contracts';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { OrderWindowContext, type BasketLine, type OrderWindowApi, type TradeRefusal } from '../hooks/use-order-window';
import type { OpenOrderWindow } from '../utils/order-window-state';
import { BasketModal } from './basket-modal';
import { OrderWindowHost } from './order-window-host';

export interface OrderWindowProviderProps {
  /** The user's tradable, logged-in accounts; the default one first. */
  accounts: readonly BrokerAccount[];
  /** Why the user cannot trade (no QuikTrade plan, no logged-in tradable account); null when they can. */
  refusal: TradeRefusal | null;
  children: ReactNode;
}

/**
 * Mounts the order window and the basket once for the signed-in app; any page opens them through
 * `useOrderWindow()`. Each opening starts from the spec's defaults, so closing or placing resets the window.
 */
export function OrderWindowProvider({ accounts, refusal, children }: OrderWindowProviderProps) {
  const [request, setRequest] = useState<(OpenOrderWindow & { brokerId?: string }) | null>(null);
  const [opening, setOpening] = useState(0);
  const [basket, setBasket] = useState<readonly BasketLine[]>([]);
  const [basketShown, setBasketShown] = useState(false);
  const nextKey = useRef(0);
  const account = accounts[0] ?? null;
  const windowAccount =
    request === null ? null : (accounts.find((candidate) => candidate.id === request.brokerId) ?? account);

  const open = useCallback(
    (next: OpenOrderWindow & { brokerId?: string }) => {
      if (refusal !== null) return;
      setRequest(next);
      setOpening((count) => count + 1);
    },
    [refusal],
  );
  const addToBasket = useCallback((displayName: string, line: OrderLineInput) => {
    nextKey.current += 1;
    const key = `line-${nextKey.current}`;
    setBasket((lines) => [...lines, { key, displayName, line }]);
  }, []);

  const api = useMemo<OrderWindowApi>(
    () => ({ account, refusal, open, basket, openBasket: () => setBasketShown(true) }),
    [account, refusal, open, basket],
  );
  return (
    <OrderWindowContext.Provider value={api}>
      {children}
      {request !== null && windowAccount !== null && (
        <OrderWindowHost
          key={opening}
          request={request}
          account={windowAccount}
          onAddToBasket={addToBasket}
          onClose={() => setRequest(null)}
        />
      )}
      {basketShown && account !== null && (
        <BasketModal
          account={account}
          lines={basket}
          onRemove={(key) => setBasket((lines) => lines.filter((line) => line.key !== key))}
          onExecuted={() => setBasket([])}
          onClose={() => setBasketShown(false)}
        />
      )}
    </OrderWindowContext.Provider>
  );
}
