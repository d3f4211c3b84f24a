import type { BrokerAccount, OrderLineInput } from '@fnodesk/contracts';
import { createContext, useContext } from 'react';
import type { OpenOrderWindow } from '../utils/order-window-state';

/** Why trading is refused here, with where to fix it; null when the user can trade. */
export interface TradeRefusal {
  message: string;
  /** Where the link goes (pricing or the broker list). */
  href: string;
  linkText: string;
}

/** One basket line: what is sent, and what the basket shows of it. */
export interface BasketLine {
  key: string;
  displayName: string;
  line: OrderLineInput;
}

/** What any page can do with the order window and the basket. */
export interface OrderWindowApi {
  /** The account orders go to (the default logged-in tradable account); null when none. */
  account: BrokerAccount | null;
  /** Why the window cannot be opened; null when it can. */
  refusal: TradeRefusal | null;
  /** Opens the window for an instrument (CREATE) or an existing order (Modify). */
  open(request: OpenOrderWindow & { brokerId?: string }): void;
  basket: readonly BasketLine[];
  /** Shows the basket. */
  openBasket(): void;
}

/** The order window's context (set by the provider the app shell mounts). */
export const OrderWindowContext = createContext<OrderWindowApi | null>(null);

/** The order window and basket, from anywhere below the provider. */
export function useOrderWindow(): OrderWindowApi {
  const api = useContext(OrderWindowContext);
  if (api === null) throw new Error('useOrderWindow needs an OrderWindowProvider above it');
  return api;
}

/** The order window when a provider is mounted, else null (components shown outside the signed-in shell). */
export function useOptionalOrderWindow(): OrderWindowApi | null {
  return useContext(OrderWindowContext);
}
