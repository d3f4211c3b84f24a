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
