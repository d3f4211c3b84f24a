// The order window any page opens (ARCHITECTURE §8): the context lives here so pages and shared components reach it
// without importing the trading feature, which provides it.
import type {
  BrokerAccount,
  Instrument,
  OrderLineInput,
  OrderType,
  Product,
  Validity,
  Variety,
} from '@fnodesk/contracts';
import { createContext, useContext } from 'react';

/** Buy or sell. */
export type OrderSide = 'BUY' | 'SELL';

/** What the window is opened with: an instrument (or its token) and a side; an existing order for Modify. */
export interface OpenOrderWindow {
  /** The instrument, when the page has it; otherwise the window looks the token up. */
  instrument?: Instrument;
  instrumentToken: number;
  side?: OrderSide;
  /** The account to trade on; default the user's default tradable account. */
  brokerId?: string;
  /** Modify mode: the order as it stands. */
  order?: {
    orderId: string;
    orderType: OrderType;
    product: Product;
    validity: Validity;
    variety: Variety;
    quantity: number;
    price: number;
    triggerPrice: number;
  };
}

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
  /** Every logged-in tradable account, the default first. */
  accounts: readonly BrokerAccount[];
  /** Why the window cannot be opened; null when it can. */
  refusal: TradeRefusal | null;
  /** Opens the window for an instrument (CREATE) or an existing order (Modify). */
  open(request: OpenOrderWindow): void;
  basket: readonly BasketLine[];
  /** Adds lines to the basket (each leg of a strategy an order), in order. */
  addToBasket(lines: readonly Omit<BasketLine, 'key'>[]): void;
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
