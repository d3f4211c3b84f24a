import { describe, expect, it } from 'vitest';
import { BROKER_TYPES, LOGIN_TYPE_CODES, XTS_SUB_TYPES } from '@fnodesk/contracts';
import { tradesThrough, type BrokerAccountAuth, type BrokerAdapter, type BrokerSession } from './broker-adapter';
import { BrokerError } from './broker-error';

/** What the contract suite feeds an adapter. Put canary values in every secret: the suite checks none leaks. */
export interface AdapterContractFixtures {
  /** A complete account (API key, secret and TOTP seed set where the broker uses them). */
  readonly account: BrokerAccountAuth;
  /** `{PUBLIC_URL}/broker/callback/{type}`. */
  readonly callbackUrl: string;
  readonly state: string;
  /** Callback parameters for a login the broker refuses or cannot complete (must not succeed unless offline). */
  readonly refusedCallbackParams?: Readonly<Record<string, string>>;
  /** A session whose token the broker does not know. */
  readonly staleSession?: BrokerSession;
  /** Further values that must never appear in an error message (passwords, request tokens). */
  readonly extraSecrets?: readonly string[];
}

/** Login type codes whose tile goes to /broker-setup first (accounts §4). */
export const SETUP_SCREEN_CODES: ReadonlySet<number> = new Set([0, 3, 7, 9, 10, 11, 13, 14]);
/** Types whose authentication modal collects a TOTP or password (accounts §2). */
export const MODAL_LOGIN_TYPES: ReadonlySet<string> = new Set(['shoonya', 'xts', 'kotakneo']);

const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;
const SIX_AM_MS = 6 * 3_600_000;

function carriesState(url: URL, state: string): boolean {
  for (const value of url.searchParams.values()) {
    if (value === state) return true;
    // Kite style: the state inside a URL-encoded `redirect_params` query string.
    if (value.includes('=') && new URLSearchParams(value).get('state') === state) return true;
  }
  return false;
}

async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * The contract every registered adapter passes: a sane manifest, capabilities consistent with the spec, a login URL
 * that carries the state or the documented parameters, 06:00 IST expiry, and `BrokerError`s only, never quoting a
 * secret. `makeAdapter` is called inside each test, so a suite may start fakes in `beforeAll`.
 */
export function describeBrokerAdapterContract(
  name: string,
  makeAdapter: () => BrokerAdapter,
  fixtures: AdapterContractFixtures,
): void {
  const secrets = [
    fixtures.account.apiSecret,
    fixtures.account.totpSecret,
    fixtures.staleSession?.accessToken,
    ...(fixtures.extraSecrets ?? []),
  ].filter((s): s is string => typeof s === 'string' && s.length >= 4);

  const expectSafeBrokerError = (error: unknown) => {
    expect(error).toBeInstanceOf(BrokerError);
    const message = (error as BrokerError).message;
    for (const secret of secrets) expect(message).not.toContain(secret);
    const json = JSON.stringify(error);
    for (const secret of secrets) expect(json).not.toContain(secret);
  };

  describe(`broker adapter contract: ${name}`, () => {
    it('has a sane manifest', () => {
      const { manifest } = makeAdapter();
      expect(manifest.id).toMatch(/^[a-z0-9-]+$/);
      expect(BROKER_TYPES).toContain(manifest.type);
      expect(Object.values(LOGIN_TYPE_CODES)).toContain(manifest.loginTypeCode);
      expect(manifest.displayName.trim()).not.toBe('');
      expect(manifest.exchanges.length).toBeGreaterThan(0);
      if (manifest.type === 'xts') expect(XTS_SUB_TYPES).toContain(manifest.subType);
      else expect(manifest.subType).toBeUndefined();
    });

    it('declares capabilities consistent with the spec', () => {
      const { manifest } = makeAdapter();
      const c = manifest.capabilities;
      expect(c.realOrders).toBe(manifest.type === 'zerodha');
      expect(c.quickTrade).toBe(manifest.type !== 'icici');
      expect(c.setupScreen).toBe(SETUP_SCREEN_CODES.has(manifest.loginTypeCode));
      expect(c.offlineLogin).toBe(manifest.type === 'papertrading');
      if (c.collectTOTPForLogin || c.collectPasswordForLogin) expect(MODAL_LOGIN_TYPES.has(manifest.type)).toBe(true);
      if (c.offlineLogin) expect(c.apiCredentials).toBe(false);
    });

    it('has the order, portfolio and order-update parts exactly when it sends real orders', () => {
      const adapter = makeAdapter();
      expect(tradesThrough(adapter)).toBe(adapter.manifest.capabilities.realOrders);
    });

    it('builds a login URL that is absolute https (or the callback) and carries the state', async () => {
      const adapter = makeAdapter();
      const raw = await adapter.loginUrl({
        account: fixtures.account,
        callbackUrl: fixtures.callbackUrl,
        state: fixtures.state,
      });
      const url = new URL(raw);
      if (raw.startsWith(fixtures.callbackUrl)) {
        expect(url.searchParams.get('state')).toBe(fixtures.state);
        expect(url.searchParams.get('userName')).toBe(fixtures.account.userName);
      } else {
        expect(url.protocol === 'https:' || url.hostname === '127.0.0.1').toBe(true);
        if (adapter.manifest.capabilities.stateInCallback) expect(carriesState(url, fixtures.state)).toBe(true);
      }
      for (const secret of secrets) expect(raw).not.toContain(secret);
    });

    it('refuses a login URL without credentials with a BrokerError, or builds one without them', async () => {
      const adapter = makeAdapter();
      const bare: BrokerAccountAuth = { accountId: fixtures.account.accountId, userName: fixtures.account.userName };
      const error = await thrown(() =>
        adapter.loginUrl({ account: bare, callbackUrl: fixtures.callbackUrl, state: fixtures.state }),
      );
      if (error !== undefined) expectSafeBrokerError(error);
    });

    it('gives the redirect URL to register as the callback URL (ICICI: plus the base64 user name)', () => {
      const adapter = makeAdapter();
      const url = adapter.redirectUrlFor(fixtures.callbackUrl, fixtures.account);
      expect(url.startsWith(fixtures.callbackUrl)).toBe(true);
      expect(() => new URL(url)).not.toThrow();
    });

    it('expires sessions at the next 06:00 IST', () => {
      const adapter = makeAdapter();
      for (const at of [Date.UTC(2026, 10, 20, 0, 29), Date.UTC(2026, 10, 20, 0, 30), Date.UTC(2026, 10, 20, 12, 0)]) {
        const expiry = adapter.tokenExpiry(new Date(at)).getTime();
        expect(expiry).toBeGreaterThan(at);
        expect(expiry - at).toBeLessThanOrEqual(DAY_MS);
        expect((((expiry + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS).toBe(SIX_AM_MS);
      }
    });

    it('refuses a callback it cannot complete with a BrokerError that quotes no secret', async () => {
      const adapter = makeAdapter();
      const error = await thrown(() =>
        adapter.completeLogin({ account: fixtures.account, params: fixtures.refusedCallbackParams ?? {} }),
      );
      if (adapter.manifest.capabilities.offlineLogin && error === undefined) return;
      expectSafeBrokerError(error);
    });

    it('reports details of a session the broker does not know with a BrokerError that quotes no secret', async () => {
      const adapter = makeAdapter();
      if (adapter.manifest.capabilities.offlineLogin || !fixtures.staleSession) return;
      const session = fixtures.staleSession;
      expectSafeBrokerError(await thrown(() => adapter.details(fixtures.account, session)));
    });
  });
}
