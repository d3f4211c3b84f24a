import { brokerManifest } from '@fnodesk/contracts';
import { KiteConnect } from 'kiteconnect';
import { systemClock, type Clock } from '@fnodesk/domain';
import type {
  BrokerAccountAuth,
  BrokerCallContext,
  BrokerManifest,
  BrokerSession,
  TradingBrokerAdapter,
} from '../core/broker-adapter';
import { BrokerError } from '../core/broker-error';
import { clockSleep, createTokenBucket, type RateLimit, type TokenBucket } from '../core/broker-http';
import { withQuery } from '../core/login-url';
import { nextIstSixAm } from '../core/session-expiry';
import { mapKiteError, type KiteCallKind } from './kite-error-mapper';
import { createKiteOrders, createKitePortfolio, kiteOrderUpdates } from './zerodha-trading';

/** Kite Connect's API root and login page. */
export const KITE_API_ROOT = 'https://api.kite.trade';
export const KITE_LOGIN_URL = 'https://kite.zerodha.com/connect/login';

/** The Zerodha tile (code 0): the only broker that sends real orders. */
export const ZERODHA_MANIFEST: BrokerManifest = brokerManifest('zerodha');

/** Settings of the Zerodha adapter. */
export interface ZerodhaAdapterDeps {
  /** Kite Connect API root (`root` of the SDK); tests point it at the fake Kite server. */
  readonly apiRoot?: string;
  /** Kite's login page. */
  readonly loginUrl?: string;
  /** Per-request timeout of the SDK; default 7 s, the SDK's own. */
  readonly timeoutMs?: number;
  readonly clock?: Pick<Clock, 'now' | 'setTimeout'>;
  /** Waits for the rate limiter; default real time whatever the clock. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Default 10 requests a second, Kite's general limit. */
  readonly rateLimit?: RateLimit;
  /**
   * Orders (place, modify, cancel) per account: Kite refuses the 11th in a second with 429 (trading.md §1.7), so the
   * default spaces them evenly at 9 a second, one at a time, which never puts 11 into any one-second window.
   */
  readonly orderRateLimit?: RateLimit;
}

/**
 * Whether the Zerodha login must ask the user for a TOTP first (accounts §5): auto-login is on and no TOTP seed is
 * stored, so the server cannot make the code itself. An empty answer is refused with 'You need to enter TOTP!'.
 */
export function needsTotpPrompt(account: {
  readonly autoLogin: boolean;
  readonly totpSecret?: string | null;
}): boolean {
  return account.autoLogin && !account.totpSecret?.trim();
}

function requireCredentials(account: BrokerAccountAuth): { apiKey: string; apiSecret: string } {
  const apiKey = account.apiKey?.trim();
  const apiSecret = account.apiSecret?.trim();
  if (!apiKey || !apiSecret) {
    throw new BrokerError(
      'MISSING_CREDENTIALS',
      'Enter the API key and API secret of your Kite Connect app for this account first.',
      { brokerId: 'zerodha', retryable: false },
    );
  }
  return { apiKey, apiSecret };
}

/**
 * Zerodha through the official `kiteconnect` SDK: Kite's redirect login, `generateSession` (the SDK signs the
 * request token with SHA-256 of api_key + request_token + api_secret), logout by invalidating the token, details
 * from the profile and equity margins. Every SDK rejection becomes a `BrokerError` without secrets.
 */
export function createZerodhaAdapter(deps: ZerodhaAdapterDeps = {}): TradingBrokerAdapter {
  const clock = deps.clock ?? systemClock;
  const root = deps.apiRoot ?? KITE_API_ROOT;
  // Kite counts requests in wall time: the limiters earn their tokens back on the system clock whatever `clock` is
  // (a test's fake clock nobody advances would otherwise never refill them).
  const bucket = createTokenBucket(
    deps.rateLimit ?? { perSecond: 10 },
    systemClock,
    deps.sleep ?? clockSleep(systemClock),
  );

  const kite = (apiKey: string, accessToken?: string) =>
    new KiteConnect({ api_key: apiKey, root, timeout: deps.timeoutMs ?? 7_000, access_token: accessToken });

  async function call<T>(kind: KiteCallKind, secrets: (string | undefined)[], fn: () => Promise<T>): Promise<T> {
    await bucket.take();
    try {
      return await fn();
    } catch (error) {
      throw mapKiteError(error, kind, secrets);
    }
  }

  const orderBuckets = new Map<string, TokenBucket>();
  const orderLimit = deps.orderRateLimit ?? { perSecond: 9, burst: 1 };
  const trading = {
    client(context: BrokerCallContext) {
      const apiKey = context.account.apiKey?.trim();
      if (!apiKey) {
        throw new BrokerError(
          'MISSING_CREDENTIALS',
          'Enter the API key of your Kite Connect app for this account first.',
          {
            brokerId: 'zerodha',
            retryable: false,
          },
        );
      }
      return kite(apiKey, context.session.accessToken);
    },
    call<T>(context: BrokerCallContext, fn: () => Promise<T>): Promise<T> {
      return call('authenticated', [context.account.apiSecret, context.session.accessToken], fn);
    },
    orderBucket(accountId: string): TokenBucket {
      let bucket = orderBuckets.get(accountId);
      if (!bucket) {
        bucket = createTokenBucket(orderLimit, systemClock, clockSleep(systemClock));
        orderBuckets.set(accountId, bucket);
      }
      return bucket;
    },
  };

  return {
    manifest: ZERODHA_MANIFEST,
    orders: createKiteOrders(trading),
    portfolio: createKitePortfolio(trading),
    orderUpdates: kiteOrderUpdates,

    async loginUrl({ account, state }) {
      const apiKey = account.apiKey?.trim();
      if (!apiKey) {
        throw new BrokerError(
          'MISSING_CREDENTIALS',
          'Enter the API key of your Kite Connect app for this account first.',
          {
            brokerId: 'zerodha',
            retryable: false,
          },
        );
      }
      // Kite appends `redirect_params` (URL-encoded) to the app's registered redirect URL, so the state comes back.
      return withQuery(deps.loginUrl ?? KITE_LOGIN_URL, {
        v: '3',
        api_key: apiKey,
        redirect_params: new URLSearchParams({ state }).toString(),
      });
    },

    redirectUrlFor: (callbackUrl) => callbackUrl,

    async completeLogin({ account, params }): Promise<BrokerSession> {
      const { apiKey, apiSecret } = requireCredentials(account);
      if (params.status !== undefined && params.status !== 'success') {
        throw new BrokerError('BROKER_REJECTED', 'The Zerodha login was not completed.', { brokerId: 'zerodha' });
      }
      const requestToken = params.request_token;
      if (!requestToken) {
        throw new BrokerError('BAD_CALLBACK', 'Zerodha did not send a request token back.', { brokerId: 'zerodha' });
      }
      const kc = kite(apiKey);
      const secrets = [apiSecret, requestToken];
      const session = await call('session', secrets, () => kc.generateSession(requestToken, apiSecret));
      // A Kite login names its user; a different one than the account's means the user logged in to another account.
      if (session.user_id && session.user_id.toUpperCase() !== account.userName.trim().toUpperCase()) {
        await kc.invalidateAccessToken(session.access_token).catch(() => undefined);
        throw new BrokerError(
          'BROKER_REJECTED',
          `You logged in to Kite as ${session.user_id}, but this account is ${account.userName}.`,
          { brokerId: 'zerodha' },
        );
      }
      return {
        accessToken: session.access_token,
        expiresAt: nextIstSixAm(new Date(clock.now())),
        brokerUserName: session.user_name,
      };
    },

    async logout(account, session) {
      const { apiKey, apiSecret } = requireCredentials(account);
      try {
        await call('authenticated', [apiSecret, session.accessToken], () =>
          kite(apiKey, session.accessToken).invalidateAccessToken(session.accessToken),
        );
      } catch (error) {
        // A token Kite no longer knows is already logged out.
        if (!(error instanceof BrokerError && error.code === 'SESSION_EXPIRED')) throw error;
      }
    },

    tokenExpiry: nextIstSixAm,

    async details(account, session) {
      const { apiKey, apiSecret } = requireCredentials(account);
      const kc = kite(apiKey, session.accessToken);
      const secrets = [apiSecret, session.accessToken];
      const profile = await call('authenticated', secrets, () => kc.getProfile());
      const margins = await call('authenticated', secrets, () => kc.getMargins());
      const equity = margins.equity;
      return {
        userName: profile.user_name,
        userShortName: profile.user_shortname,
        email: profile.email,
        exchanges: profile.exchanges,
        availableCash: equity?.available.cash,
        usedMargin: equity?.utilised.debits,
        netMargin: equity?.net,
      };
    },
  };
}
