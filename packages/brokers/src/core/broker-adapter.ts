import type { BrokerManifest } from '@fnodesk/contracts';

/**
 * The one interface every broker integration implements (ARCHITECTURE §6). An adapter holds only the broker's
 * mapping and protocol; state (accounts, sessions, secrets) lives with the server, which hands the adapter what a
 * call needs and stores what it returns.
 *
 * The manifest comes from the one table in `@fnodesk/contracts`; the capability parts `orders`, `portfolio` and the
 * order-update stream are optional: link-only brokers implement the login life cycle alone.
 */

export { BROKER_TYPES, LOGIN_TYPE_CODES, type BrokerType, type LoginTypeCode } from '@fnodesk/contracts';

// The manifest (type, login code, tile, setup screen, capabilities) is one table in contracts, shared with the web.
export type { BrokerCapabilities, BrokerExchange, BrokerManifest } from '@fnodesk/contracts';

/** What the server knows about an account, secrets decrypted, handed to an adapter for one call. */
export interface BrokerAccountAuth {
  readonly accountId: string;
  /** The broker client / user id (`userName` in the spec). */
  readonly userName: string;
  readonly subType?: string;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  readonly totpSecret?: string;
}

/** Asks for the URL the browser goes to in order to log in. */
export interface LoginUrlRequest {
  readonly account: BrokerAccountAuth;
  /** `{PUBLIC_URL}/broker/callback/{type}`: where the broker (or the app) sends the browser back. */
  readonly callbackUrl: string;
  /** Single-use, short-lived, bound to the user and account; must come back unchanged in the callback. */
  readonly state: string;
  /** A TOTP the user typed for this login, when the broker wants one. */
  readonly totp?: string;
  readonly password?: string;
}

/** Completes a login from the parameters the callback received (`state` already checked by the server). */
export interface CompleteLoginRequest {
  readonly account: BrokerAccountAuth;
  /** Every query parameter of the callback, `state` included. */
  readonly params: Readonly<Record<string, string>>;
}

/** A broker session as the server stores it. */
export interface BrokerSession {
  /** The broker's access token; encrypted at rest by the server. */
  readonly accessToken: string;
  /** When the token stops working (most Indian brokers: the next 06:00 IST). */
  readonly expiresAt: Date;
  /** The broker's own name for the user, when it sends one. */
  readonly brokerUserName?: string;
}

/** Account details shown by `GET brokers/{id}/details`. */
export interface BrokerAccountDetails {
  readonly userName: string;
  readonly userShortName?: string;
  readonly email?: string;
  readonly exchanges?: readonly string[];
  /** Equity segment margins in rupees, when the broker reports them. */
  readonly availableCash?: number;
  readonly usedMargin?: number;
  readonly netMargin?: number;
}

/** One broker integration. */
export interface BrokerAdapter {
  readonly manifest: BrokerManifest;
  /**
   * The URL the browser navigates to for a login (`manualLoginURL`). Async because some brokers (Dhan) hand out a
   * consent id from their API first; throws `BrokerError` (MISSING_CREDENTIALS when keys are missing).
   */
  loginUrl(request: LoginUrlRequest): Promise<string>;
  /**
   * The redirect URL the user registers in their broker app: `callbackUrl` itself for most brokers; for ICICI it
   * also carries the base64 user name (accounts §2), since ICICI sends nothing that names the account.
   */
  redirectUrlFor(callbackUrl: string, account: BrokerAccountAuth): string;
  /** Turns the callback's parameters into a session; throws `BrokerError` when the broker refuses. */
  completeLogin(request: CompleteLoginRequest): Promise<BrokerSession>;
  /** Ends the session at the broker where the broker supports it. */
  logout(account: BrokerAccountAuth, session: BrokerSession): Promise<void>;
  /** When a session started at `loggedInAt` expires. */
  tokenExpiry(loggedInAt: Date): Date;
  /** Profile and margins of a logged-in account. */
  details(account: BrokerAccountAuth, session: BrokerSession): Promise<BrokerAccountDetails>;
}

/** The order fields a broker call carries (our enums; Kite's spelling is the same). */
export interface BrokerOrderRequest {
  readonly variety: string;
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly transactionType: 'BUY' | 'SELL';
  readonly quantity: number;
  readonly product: string;
  readonly orderType: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  readonly validity: string;
  readonly price?: number | null;
  readonly triggerPrice?: number | null;
  /** −1 automatic, 1–100 %, required on MARKET and SL-M. */
  readonly marketProtection?: number | null;
  /** Our tag (≤ 20 characters): the key to find the order in the broker's book after an ambiguous send. */
  readonly tag: string;
}

/** What a modification changes. */
export interface BrokerOrderChange {
  readonly orderType: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  readonly quantity: number;
  readonly price: number | null;
  readonly triggerPrice: number | null;
  readonly validity: string;
  readonly marketProtection?: number | null;
}

/**
 * Our order states a broker's status maps to (trading.md §1.5): working (`OPEN`, `TRIGGER_PENDING`, `PARTIAL`),
 * terminal, or `SENT` for the broker's interim states.
 */
export type BrokerOrderStatus = 'SENT' | 'OPEN' | 'TRIGGER_PENDING' | 'PARTIAL' | 'COMPLETE' | 'CANCELLED' | 'REJECTED';

/** One order in the broker's book, or one order update (postback). */
export interface BrokerOrder {
  readonly orderId: string;
  readonly status: BrokerOrderStatus;
  /** The broker's own status text (`TRIGGER PENDING`, `VALIDATION PENDING`…). */
  readonly brokerStatus: string;
  readonly statusMessage: string | null;
  readonly tag: string | null;
  readonly variety: string;
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly instrumentToken: number;
  readonly transactionType: 'BUY' | 'SELL';
  readonly product: string;
  readonly orderType: string;
  readonly validity: string;
  readonly quantity: number;
  readonly filledQuantity: number;
  readonly pendingQuantity: number;
  readonly price: number | null;
  readonly triggerPrice: number | null;
  readonly averagePrice: number | null;
  /** The broker's order time, as it sent it (Kite: `YYYY-MM-DD HH:MM:SS` IST). */
  readonly orderTimestamp: string;
}

/** One fill in the broker's trade book. */
export interface BrokerTrade {
  readonly tradeId: string;
  readonly orderId: string;
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly instrumentToken: number;
  readonly transactionType: 'BUY' | 'SELL';
  readonly product: string;
  readonly quantity: number;
  readonly price: number;
  readonly filledAt: Date;
}

/** One net position at the broker. */
export interface BrokerPosition {
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly instrumentToken: number;
  readonly product: string;
  readonly quantity: number;
  readonly averagePrice: number;
  readonly lastPrice: number | null;
  readonly buyQuantity: number;
  readonly sellQuantity: number;
  readonly buyValue: number;
  readonly sellValue: number;
  readonly realisedPnl: number;
  readonly unrealisedPnl: number;
  readonly pnl: number;
}

/** One delivery holding at the broker. */
export interface BrokerHolding {
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly instrumentToken: number;
  readonly quantity: number;
  readonly averagePrice: number;
  readonly lastPrice: number | null;
  readonly pnl: number;
}

/** Equity funds at the broker, rupees. */
export interface BrokerFunds {
  readonly openingBalance: number;
  readonly cash: number;
  readonly liveBalance: number;
  readonly debits: number;
  readonly span: number;
  readonly exposure: number;
  readonly optionPremium: number;
  readonly realisedPnl: number;
  readonly unrealisedPnl: number;
}

/** One leg of a margin request. */
export interface BrokerMarginLeg {
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly transactionType: 'BUY' | 'SELL';
  readonly variety: string;
  readonly product: string;
  readonly orderType: string;
  readonly quantity: number;
  readonly price?: number | null;
  readonly triggerPrice?: number | null;
}

/** The margin one order (or a basket) needs, rupees. */
export interface BrokerMargin {
  readonly tradingSymbol: string;
  readonly span: number;
  readonly exposure: number;
  readonly optionPremium: number;
  readonly total: number;
}

/** A position's product conversion. */
export interface BrokerConversion {
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly transactionType: 'BUY' | 'SELL';
  readonly quantity: number;
  readonly oldProduct: string;
  readonly newProduct: string;
}

/** The account and session a capability call runs with. */
export interface BrokerCallContext {
  readonly account: BrokerAccountAuth;
  readonly session: BrokerSession;
}

/** Orders at the broker: place, modify, cancel, the order book, history and trades. */
export interface BrokerOrders {
  /**
   * Places one order (queued under the broker's per-account order rate); resolves with the broker's order id.
   * BROKER_TIMEOUT and BROKER_UNAVAILABLE mean *unknown*, not failed: find the order by tag before any retry.
   */
  place(context: BrokerCallContext, order: BrokerOrderRequest): Promise<{ orderId: string }>;
  modify(context: BrokerCallContext, variety: string, orderId: string, change: BrokerOrderChange): Promise<void>;
  cancel(context: BrokerCallContext, variety: string, orderId: string): Promise<void>;
  /** The day's order book. */
  list(context: BrokerCallContext): Promise<BrokerOrder[]>;
  /** An order's states, oldest first. */
  history(context: BrokerCallContext, orderId: string): Promise<BrokerOrder[]>;
  /** The day's fills, or one order's. */
  trades(context: BrokerCallContext, orderId?: string): Promise<BrokerTrade[]>;
}

/** The account's portfolio and margins at the broker. */
export interface BrokerPortfolio {
  positions(context: BrokerCallContext): Promise<BrokerPosition[]>;
  holdings(context: BrokerCallContext): Promise<BrokerHolding[]>;
  funds(context: BrokerCallContext): Promise<BrokerFunds>;
  orderMargins(context: BrokerCallContext, legs: readonly BrokerMarginLeg[]): Promise<BrokerMargin[]>;
  basketMargins(
    context: BrokerCallContext,
    legs: readonly BrokerMarginLeg[],
    considerPositions: boolean,
  ): Promise<{ initial: { total: number }; final: { total: number }; orders: BrokerMargin[] }>;
  convert(context: BrokerCallContext, conversion: BrokerConversion): Promise<void>;
}

/** Order updates the broker pushes (Kite: postbacks to the app's URL). */
export interface BrokerOrderUpdates {
  /**
   * Verifies a pushed update with the account's secret and maps it; throws `BrokerError` CHECKSUM_MISMATCH when it
   * was not signed with that secret.
   */
  fromPostback(account: BrokerAccountAuth, body: unknown): BrokerOrder;
}

/** A broker that trades for real: the login life cycle plus the order, portfolio and order-update parts. */
export interface TradingBrokerAdapter extends BrokerAdapter {
  readonly orders: BrokerOrders;
  readonly portfolio: BrokerPortfolio;
  readonly orderUpdates: BrokerOrderUpdates;
}

/** True when an adapter has the order, portfolio and order-update parts. */
export function tradesThrough(adapter: BrokerAdapter): adapter is TradingBrokerAdapter {
  const parts = adapter as Partial<TradingBrokerAdapter>;
  return parts.orders !== undefined && parts.portfolio !== undefined && parts.orderUpdates !== undefined;
}
