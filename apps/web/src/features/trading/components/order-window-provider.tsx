import type { BrokerAccount, Instrument, OrderLineInput } from '@fnodesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import {
  OrderWindowContext,
  type BasketLine,
  type OpenOrderWindow,
  type OrderWindowApi,
  type TradeRefusal,
} from '../../../lib/trading/order-window-context';
import { fetchData } from '../../../lib/use-data-query';
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
  const [request, setRequest] = useState<OpenOrderWindow | null>(null);
  const [opening, setOpening] = useState(0);
  const [basket, setBasket] = useState<readonly BasketLine[]>([]);
  const [basketShown, setBasketShown] = useState(false);
  const nextKey = useRef(0);
  const account = accounts[0] ?? null;
  const windowAccount =
    request === null ? null : (accounts.find((candidate) => candidate.id === request.brokerId) ?? account);

  const open = useCallback(
    (next: OpenOrderWindow) => {
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

  const instrument = useWindowInstrument(request);
  const api = useMemo<OrderWindowApi>(
    () => ({
      account,
      accounts,
      refusal,
      open,
      basket,
      addToBasket: (lines) => lines.forEach(({ displayName, line }) => addToBasket(displayName, line)),
      openBasket: () => setBasketShown(true),
    }),
    [account, accounts, refusal, open, basket, addToBasket],
  );
  return (
    <OrderWindowContext.Provider value={api}>
      {children}
      {request !== null && windowAccount !== null && instrument.data !== undefined && (
        <OrderWindowHost
          key={opening}
          request={{ ...request, instrument: instrument.data }}
          account={windowAccount}
          onAddToBasket={addToBasket}
          onClose={() => setRequest(null)}
        />
      )}
      {basket.length > 0 && !basketShown && account !== null && (
        // The basket's lines wait here between pages until the user opens it to see the margin and Execute.
        <Button
          variant="primary"
          className="position-fixed bottom-0 end-0 m-3 shadow"
          style={{ zIndex: 1040 }}
          onClick={() => setBasketShown(true)}
        >
          Basket ({basket.length})
        </Button>
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

// The window needs the instrument's lot, tick and freeze; a page that has only the token gets them from `instruments`.
function useWindowInstrument(request: OpenOrderWindow | null) {
  const token = request?.instrument === undefined ? (request?.instrumentToken ?? null) : null;
  const looked = useQuery({
    queryKey: ['order-window-instrument', token],
    queryFn: async ({ signal }): Promise<Instrument> => {
      const answer = await fetchData('instruments', { tokens: [token ?? 0] }, { signal });
      const found = answer.data.find((candidate) => candidate.instrumentToken === token);
      if (found === undefined) {
        // The window stays shut; the toast says why.
        const message = `Instrument ${token ?? ''} was not found.`;
        toast.error(message);
        throw new Error(message);
      }
      return found;
    },
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (request?.instrument !== undefined) return { data: request.instrument, error: null };
  return { data: looked.data, error: looked.error };
}
