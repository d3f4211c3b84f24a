import { randomUUID } from 'node:crypto';
import {
  BROKER_MESSAGES,
  type AddBrokerRequest,
  type BrokerAccount,
  type BrokerCallbackRequest,
  type BrokerDetails,
  type BrokerStatus,
  type BrokerType,
  type RevealedBrokerSecrets,
  type UpdateBrokerRequest,
  paperBrokerId,
} from '@fnodesk/contracts';
import {
  isBrokerError,
  needsTotpPrompt,
  type BrokerAccountAuth,
  type BrokerAdapter,
  type BrokerError,
  type BrokerCallContext,
  type BrokerOrder,
  type TradingBrokerAdapter,
  tradesThrough,
  type BrokerRegistry,
} from '@fnodesk/brokers';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus';
import { AppError, errors } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { announceTierChange, publishUserEvent } from '../feed/feed-channels';
import { callbackUrlOf, effectiveStatus, toBrokerAccount, type OpenedSecrets } from './broker-account-view';
import { issueLoginState, LOGIN_STATE_TTL_MS, verifyLoginState } from './broker-login-state';
import {
  DuplicateBrokerAccount,
  type BrokerAccountRow,
  type BrokersRepository,
  type ExpiredSession,
  type SealedFields,
} from './brokers.repository';
import { decideQuickTrade } from './quick-trade-allowance';

/**
 * Checks a signed-in user's password again, and a code when two-factor sign-in is on; answers 429 itself once the
 * account's failed-login budget is spent (the accounts module's, shared with logins).
 */
export type Reauthenticate = (
  userId: string,
  password: string,
  code: string | undefined,
) => Promise<'ok' | 'wrong-password' | 'code-required' | 'wrong-code'>;

/** Texts of the reveal's second factor. */
export const REVEAL_TEXT = {
  codeRequired: 'Enter the code from your authenticator app to reveal the secrets.',
  codeWrong: 'The code is not correct, or has been used already. Please enter the current code from your app.',
} as const;

/** What the brokers service is built from. */
export interface BrokersServiceDeps {
  readonly repository: BrokersRepository;
  readonly registry: BrokerRegistry;
  readonly box: SecretBox;
  /** Plans and the number of tradable accounts (login-check `accounts`). */
  readonly entitlements: EntitlementsProvider;
  readonly reauthenticate: Reauthenticate;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  readonly publicUrl: string;
}

/** The sealed columns and the field names their contexts use. */
const SEALED = {
  apiKeySealed: 'apiKey',
  secretSealed: 'secret',
  totpSecretSealed: 'totpSecret',
  accessTokenSealed: 'accessToken',
} as const satisfies Record<keyof SealedFields, string>;

/** The additional authenticated data of one sealed value: its table, row and field. */
export function sealContext(accountId: string, column: keyof SealedFields): string {
  return `broker_accounts:${accountId}:${SEALED[column]}`;
}

// Brokers whose login link comes from a call to their API (Dhan's consent id): made on `GET brokers/{id}/login`
// only, never for every account of every list.
const LINK_NEEDS_BROKER_CALL: ReadonlySet<string> = new Set(['dhan']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A private feed event telling the user about one of their broker accounts. */
export interface BrokerAccountEvent {
  readonly kind: 'brokerSessionExpired' | 'brokerPostback';
  readonly accountId: string;
  readonly type: string;
  readonly userName: string;
  readonly message?: string;
  readonly orderId?: string;
  readonly status?: string;
}

/**
 * Broker accounts (accounts §3–§5, §7): adding, the switches, the login life cycle through the broker adapters,
 * details, revealing the secrets to their owner, Kite postbacks and the 06:00 IST expiry. Secrets are sealed before
 * they reach the repository and opened only for the response or the broker call that needs them.
 */
export function createBrokersService(deps: BrokersServiceDeps) {
  const { repository, registry, box, clock, logger, bus, publicUrl } = deps;
  const now = () => new Date(clock.now());

  const seal = (accountId: string, column: keyof SealedFields, value: string | undefined | null) =>
    value ? box.seal(value, sealContext(accountId, column)) : null;
  const open = (row: BrokerAccountRow, column: keyof SealedFields): string | null => {
    const sealed = row[column];
    return sealed === null ? null : box.open(sealed, sealContext(row.id, column));
  };
  const secretsOf = (row: BrokerAccountRow): OpenedSecrets => ({
    apiKey: open(row, 'apiKeySealed'),
    secret: open(row, 'secretSealed'),
    totpSecret: open(row, 'totpSecretSealed'),
    accessToken: open(row, 'accessTokenSealed'),
  });
  const authOf = (row: BrokerAccountRow, secrets: OpenedSecrets): BrokerAccountAuth => ({
    accountId: row.id,
    userName: row.userName,
    ...(row.subType ? { subType: row.subType } : {}),
    ...(secrets.apiKey ? { apiKey: secrets.apiKey } : {}),
    ...(secrets.secret ? { apiSecret: secrets.secret } : {}),
    ...(secrets.totpSecret ? { totpSecret: secrets.totpSecret } : {}),
  });

  /** Records `action` on the user's account `row`, with the account's type as the only detail. */
  const auditAccount = (action: string, userId: string, row: BrokerAccountRow, requestId?: string) =>
    repository.audit({ action, userId, subject: row.id, requestId: requestId ?? null, details: { type: row.type } });

  function adapterOf(row: Pick<BrokerAccountRow, 'type' | 'subType'>): BrokerAdapter {
    const adapter = registry.byType(row.type as BrokerType, row.subType);
    // Rows are only written for types the registry knows; a missing adapter is a deployment fault.
    if (!adapter) throw new Error(`no broker adapter for ${row.type}`);
    return adapter;
  }

  async function mine(userId: string, id: string): Promise<BrokerAccountRow> {
    const row = UUID.test(id) ? await repository.findForUser(userId, id.toLowerCase()) : undefined;
    if (!row) throw errors.notFound('The broker account');
    return row;
  }

  /** A broker's refusal as the API answers it; `stage` tells a login's token refusal from an expired session. */
  function fromBrokerError(error: BrokerError, stage: 'login' | 'session'): AppError {
    switch (error.code) {
      case 'TOTP_REQUIRED':
        return new AppError('VALIDATION_FAILED', BROKER_MESSAGES.totpRequired, { field: 'totp' });
      case 'MISSING_CREDENTIALS':
        return new AppError('VALIDATION_FAILED', error.message, { field: 'configuration.apiKey' });
      case 'SESSION_EXPIRED':
        return stage === 'session'
          ? new AppError('BROKER_TOKEN_EXPIRED', error.message)
          : new AppError('TOKEN_INVALID', error.message, { field: 'params' });
      case 'CHECKSUM_MISMATCH':
      case 'BROKER_REJECTED':
      case 'BAD_CALLBACK':
        return new AppError('TOKEN_INVALID', error.message, { field: 'params' });
      case 'RATE_LIMITED':
        return errors.rateLimited(5);
      case 'BROKER_UNAVAILABLE':
        return error.retryable ? errors.unavailable(error.message) : errors.conflict(error.message);
      case 'BROKER_TIMEOUT':
        return errors.unavailable(error.message);
    }
  }

  async function loginLink(
    userId: string,
    row: BrokerAccountRow,
    adapter: BrokerAdapter,
    auth: BrokerAccountAuth,
    extra: { totp?: string } = {},
  ): Promise<string> {
    const at = clock.now();
    const { state, expiresAt } = issueLoginState(box, { userId, accountId: row.id, now: at });
    const url = await adapter.loginUrl({
      account: auth,
      callbackUrl: callbackUrlOf(publicUrl, row.type as BrokerType),
      state,
      ...(extra.totp ? { totp: extra.totp } : {}),
    });
    if (!adapter.manifest.capabilities.stateInCallback) {
      await repository.upsertPendingLogin({ userId, accountId: row.id, at: new Date(at), expiresAt });
    }
    return url;
  }

  async function present(userId: string, row: BrokerAccountRow, withLink = true): Promise<BrokerAccount> {
    const adapter = adapterOf(row);
    const secrets = secretsOf(row);
    let manualLoginURL = '';
    try {
      if (withLink && !LINK_NEEDS_BROKER_CALL.has(row.type)) {
        manualLoginURL = await loginLink(userId, row, adapter, authOf(row, secrets));
      }
    } catch (error) {
      // No API key yet, or a broker that needs its servers to start a login: the page offers setup instead.
      if (!isBrokerError(error)) throw error;
    }
    return toBrokerAccount(row, secrets, adapter, { publicUrl, manualLoginURL, nowMs: clock.now() });
  }

  async function loggedIn(userId: string, row: BrokerAccountRow, requestId?: string): Promise<void> {
    await auditAccount('broker_login', userId, row, requestId);
    await announceTierChange(bus, userId);
  }

  async function endAtBroker(row: BrokerAccountRow): Promise<void> {
    // A token past 06:00 IST is dead at the broker already; calling with it would be a stale call (G8).
    if (effectiveStatus(row, clock.now()) !== 'loggedIn') return;
    const secrets = secretsOf(row);
    if (!secrets.accessToken || !row.sessionExpiresAt) return;
    try {
      await adapterOf(row).logout(authOf(row, secrets), {
        accessToken: secrets.accessToken,
        expiresAt: row.sessionExpiresAt,
      });
    } catch (error) {
      // The token is dropped here whatever the broker says; it also dies at 06:00 IST.
      logger.warn(
        { accountId: row.id, errorCode: isBrokerError(error) ? error.code : 'UNKNOWN' },
        'broker logout failed',
      );
    }
  }

  /** The user's accounts, as the list shows them. */
  async function list(userId: string, status?: BrokerStatus): Promise<BrokerAccount[]> {
    const at = clock.now();
    const rows = (await repository.listForUser(userId)).filter(
      (row) => status === undefined || effectiveStatus(row, at) === status,
    );
    return Promise.all(rows.map((row) => present(userId, row)));
  }

  /** Adds an account (accounts §7 `POST brokers`); Paper Trading takes the user's own id as its user name. */
  async function add(userId: string, body: AddBrokerRequest, requestId?: string): Promise<BrokerAccount> {
    const subType = body.type === 'xts' ? (body.subType ?? null) : null;
    const adapter = registry.byType(body.type, subType);
    if (!adapter) {
      throw errors.validation(body.type === 'xts' ? 'subType' : 'type', 'This broker is not supported.');
    }
    // API keys may follow later (the setup screen): until then the account has no login link and a login says why.
    const config = body.configuration;
    const id = randomUUID();
    const at = now();
    let row: BrokerAccountRow;
    try {
      row = await repository.insert({
        id,
        userId,
        type: body.type,
        subType,
        name: body.name.trim(),
        userName: body.type === 'papertrading' ? paperBrokerId(userId) : config.userName.trim(),
        status: 'submitted',
        autoLogin: body.autoLogin ?? false,
        apiKeySealed: seal(id, 'apiKeySealed', config.apiKey),
        secretSealed: seal(id, 'secretSealed', config.secret),
        totpSecretSealed: seal(id, 'totpSecretSealed', config.totpSecret),
        // createdAt is the database's own time: the list keeps the order accounts were added in.
        updatedAt: at,
      });
    } catch (error) {
      if (error instanceof DuplicateBrokerAccount) {
        throw new AppError('CONFLICT', BROKER_MESSAGES.nameUsed, { field: 'configuration.userName' });
      }
      throw error;
    }
    await auditAccount('broker_account_added', userId, row, requestId);
    return present(userId, row);
  }

  /** Sets the default account, auto-login or enable-for-trading (accounts §5 allowance). */
  async function update(userId: string, id: string, body: UpdateBrokerRequest): Promise<BrokerAccount> {
    const row = await mine(userId, id);
    const at = now();
    let updated: BrokerAccountRow | undefined;
    if (body.isDefault !== undefined) {
      updated = body.isDefault
        ? await repository.setDefault(userId, row.id, at)
        : await repository.update(userId, row.id, { isDefault: false }, at);
    } else if (body.autoLogin !== undefined) {
      updated = await repository.update(userId, row.id, { autoLogin: body.autoLogin }, at);
    } else if (body.quickTrade !== undefined) {
      if (body.quickTrade) await allowQuickTrade(userId, row);
      updated = await repository.update(userId, row.id, { quickTrade: body.quickTrade }, at);
    }
    if (!updated) throw errors.notFound('The broker account');
    return present(userId, updated);
  }

  async function allowQuickTrade(userId: string, row: BrokerAccountRow): Promise<void> {
    if (row.type === 'icici') {
      throw errors.validation('quickTrade', BROKER_MESSAGES.quickTradeUnsupported);
    }
    if (effectiveStatus(row, clock.now()) !== 'loggedIn') {
      throw new AppError('BROKER_NOT_LOGGED_IN', BROKER_MESSAGES.loginBeforeTrading(row.type, row.userName));
    }
    const [entitlements, paidTradePlan, enabled] = await Promise.all([
      deps.entitlements.forUser(userId),
      repository.hasPaidTradePlan(userId, now()),
      repository.enabledForTrading(userId, row.id),
    ]);
    const decision = decideQuickTrade({
      type: row.type as BrokerType,
      activeTradeSubscription: entitlements.activeTradeSubscription,
      accounts: entitlements.accounts,
      paidTradePlan,
      enabled,
    });
    if (decision.allowed) return;
    if (decision.reason === 'unsupported') throw errors.validation('quickTrade', BROKER_MESSAGES.quickTradeUnsupported);
    // 409s, not a 402: the user has a plan; this one account may not be enabled, and the page says why in place.
    if (decision.reason === 'freePlanPaperOnly') {
      throw new AppError('PAPER_TRADING_ONLY', BROKER_MESSAGES.freePlanPaperOnly, { field: 'quickTrade' });
    }
    throw new AppError('TRADE_ALLOWANCE_EXCEEDED', BROKER_MESSAGES.allowance(decision.allowance), {
      field: 'quickTrade',
    });
  }

  /** Deletes an account, ending its session at the broker first. */
  async function remove(userId: string, id: string, requestId?: string): Promise<BrokerAccount> {
    const row = await mine(userId, id);
    const shown = await present(userId, { ...row, status: 'loggedOut', accessTokenSealed: null }, false);
    await endAtBroker(row);
    const deleted = await repository.delete(userId, row.id);
    if (!deleted) throw errors.notFound('The broker account');
    await auditAccount('broker_account_deleted', userId, row, requestId);
    await announceTierChange(bus, userId);
    return shown;
  }

  /** A login link for the account (`GET brokers/{id}/login`); Zerodha with auto-login and no TOTP seed asks for one. */
  async function loginUrl(userId: string, id: string, totp?: string): Promise<{ loginUrl: string }> {
    const row = await mine(userId, id);
    const adapter = adapterOf(row);
    const secrets = secretsOf(row);
    if (
      row.type === 'zerodha' &&
      needsTotpPrompt({ autoLogin: row.autoLogin, totpSecret: secrets.totpSecret }) &&
      !totp
    ) {
      throw errors.validation('totp', BROKER_MESSAGES.totpRequired);
    }
    try {
      return { loginUrl: await loginLink(userId, row, adapter, authOf(row, secrets), totp ? { totp } : {}) };
    } catch (error) {
      if (isBrokerError(error)) throw fromBrokerError(error, 'login');
      throw error;
    }
  }

  /** Finds the account a callback is for and uses its state (or pending login) once. */
  async function claimCallback(userId: string, body: BrokerCallbackRequest): Promise<BrokerAccountRow> {
    const at = now();
    const state = body.params.state;
    if (state !== undefined) {
      const verified = verifyLoginState(box, state, { userId, now: at.getTime() });
      if (verified === 'expired')
        throw new AppError('TOKEN_INVALID', BROKER_MESSAGES.loginLinkExpired, { field: 'state' });
      if (verified === 'invalid')
        throw new AppError('TOKEN_INVALID', BROKER_MESSAGES.loginLinkInvalid, { field: 'state' });
      const row = await repository.findForUser(userId, verified.accountId);
      if (!row || row.type !== body.type) {
        throw new AppError('TOKEN_INVALID', BROKER_MESSAGES.loginLinkInvalid, { field: 'state' });
      }
      const first = await repository.claimLoginState({
        stateHash: verified.hash,
        userId,
        accountId: row.id,
        at,
        expiresAt: verified.expiresAt,
      });
      if (!first) throw new AppError('TOKEN_INVALID', BROKER_MESSAGES.loginLinkUsed, { field: 'state' });
      return row;
    }
    // Brokers that do not send the state back: the user's newest pending login of this type, preferring the account
    // whose user name the callback names.
    const pending = await repository.pendingLogins(userId, at);
    const rows = await repository.listForUser(userId);
    const candidates = pending
      .map((p) => rows.find((r) => r.id === p.accountId))
      .filter((r): r is BrokerAccountRow => r !== undefined && r.type === body.type)
      .filter((r) => !adapterOf(r).manifest.capabilities.stateInCallback);
    const named = Object.values(body.params).map((v) => v.trim().toUpperCase());
    const row = candidates.find((r) => named.includes(r.userName.toUpperCase())) ?? candidates[0];
    if (!row || !(await repository.claimPendingLogin(userId, row.id, at))) {
      throw new AppError('TOKEN_INVALID', BROKER_MESSAGES.loginLinkInvalid, { field: 'state' });
    }
    return row;
  }

  /** Completes a login from the callback's parameters (`POST brokers/callback`). */
  async function callback(userId: string, body: BrokerCallbackRequest, requestId?: string): Promise<BrokerAccount> {
    const row = await claimCallback(userId, body);
    const adapter = adapterOf(row);
    const secrets = secretsOf(row);
    let accessToken: string;
    try {
      ({ accessToken } = await adapter.completeLogin({ account: authOf(row, secrets), params: body.params }));
    } catch (error) {
      if (!isBrokerError(error)) throw error;
      if (error.code === 'BROKER_UNAVAILABLE' && !error.retryable && row.status !== 'loggedIn') {
        // A login this installation cannot finish: the account stays 'Submitted' (issue 8), and says why.
        await repository.update(userId, row.id, { status: 'submitted' }, now());
      }
      logger.info({ accountId: row.id, errorCode: error.code }, 'broker login refused');
      throw fromBrokerError(error, 'login');
    }
    const at = now();
    const stored = await repository.markLoggedIn(userId, row.id, {
      accessTokenSealed: box.seal(accessToken, sealContext(row.id, 'accessTokenSealed')),
      at,
      expiresAt: adapter.tokenExpiry(at),
    });
    if (!stored) throw errors.notFound('The broker account');
    await loggedIn(userId, stored, requestId);
    return present(userId, stored);
  }

  /** Logs the account out (`GET brokers/{id}/logout`): status loggedOut, enable-for-trading off. */
  async function logout(userId: string, id: string, requestId?: string): Promise<BrokerAccount> {
    const row = await mine(userId, id);
    await endAtBroker(row);
    const updated = await repository.markLoggedOut(userId, row.id, now());
    if (!updated) throw errors.notFound('The broker account');
    await auditAccount('broker_logout', userId, row, requestId);
    await announceTierChange(bus, userId);
    return present(userId, updated);
  }

  /** Profile and margins from the broker (`GET brokers/{id}/details`). */
  async function details(userId: string, id: string): Promise<BrokerDetails> {
    const row = await mine(userId, id);
    const secrets = secretsOf(row);
    if (row.status !== 'loggedIn' || !secrets.accessToken || !row.sessionExpiresAt) {
      throw new AppError('BROKER_NOT_LOGGED_IN', BROKER_MESSAGES.notLoggedIn(row.type, row.userName));
    }
    // Never call a broker with yesterday's token (G8): past 06:00 IST the session is over, swept or not.
    if (row.sessionExpiresAt.getTime() <= clock.now()) {
      throw new AppError('BROKER_TOKEN_EXPIRED', BROKER_MESSAGES.sessionEnded(row.userName));
    }
    try {
      const d = await adapterOf(row).details(authOf(row, secrets), {
        accessToken: secrets.accessToken,
        expiresAt: row.sessionExpiresAt,
      });
      return {
        userName: d.userName,
        userShortName: d.userShortName ?? null,
        email: d.email ?? null,
        exchanges: [...(d.exchanges ?? [])],
        availableCash: d.availableCash ?? null,
        usedMargin: d.usedMargin ?? null,
        netMargin: d.netMargin ?? null,
      };
    } catch (error) {
      if (isBrokerError(error)) throw fromBrokerError(error, 'session');
      throw error;
    }
  }

  /**
   * The secret, TOTP seed and (while logged in) the access token in full, after the user's password is checked
   * again.
   */
  async function reveal(
    userId: string,
    id: string,
    password: string,
    code: string | undefined,
    requestId?: string,
  ): Promise<RevealedBrokerSecrets> {
    const row = await mine(userId, id);
    const found = await deps.reauthenticate(userId, password, code);
    if (found === 'wrong-password') {
      throw new AppError('INVALID_CREDENTIALS', BROKER_MESSAGES.wrongPassword, { field: 'password' });
    }
    if (found === 'code-required') throw new AppError('TOTP_REQUIRED', REVEAL_TEXT.codeRequired, { field: 'code' });
    if (found === 'wrong-code') throw new AppError('TOTP_INVALID', REVEAL_TEXT.codeWrong, { field: 'code' });
    await auditAccount('broker_secrets_revealed', userId, row, requestId);
    return {
      secret: open(row, 'secretSealed'),
      totpSecret: open(row, 'totpSecretSealed'),
      apiToken: effectiveStatus(row, clock.now()) === 'loggedIn' ? open(row, 'accessTokenSealed') : null,
    };
  }

  /** Where verified order updates go (the trading module registers itself at start). */
  let orderUpdateSink: ((accountId: string, update: BrokerOrder) => Promise<void>) | undefined;

  /**
   * The adapter and the opened session of a logged-in account whose broker trades for real, for one order call;
   * undefined when the account has no live session (logged out, or past its 06:00 IST expiry).
   */
  async function liveAccess(
    accountId: string,
  ): Promise<{ adapter: TradingBrokerAdapter; context: BrokerCallContext } | undefined> {
    const row = await repository.findById(accountId);
    if (!row || effectiveStatus(row, clock.now()) !== 'loggedIn' || !row.sessionExpiresAt) return undefined;
    const adapter = adapterOf(row);
    const accessToken = open(row, 'accessTokenSealed');
    if (!tradesThrough(adapter) || !accessToken) return undefined;
    return {
      adapter,
      context: {
        account: authOf(row, secretsOf(row)),
        session: { accessToken, expiresAt: row.sessionExpiresAt },
      },
    };
  }

  /**
   * A Kite order postback for an account: verified by the Zerodha adapter with the account's API secret, recorded,
   * handed to the trading module (which applies it to the order book exactly once) and passed to the user's feed.
   */
  async function zerodhaPostback(accountId: string, body: unknown, requestId?: string): Promise<void> {
    const row = UUID.test(accountId) ? await repository.findById(accountId.toLowerCase()) : undefined;
    if (!row || row.type !== 'zerodha') throw errors.notFound('The broker account');
    const adapter = adapterOf(row);
    if (!tradesThrough(adapter)) throw errors.notFound('The broker account');
    let update: BrokerOrder;
    try {
      update = adapter.orderUpdates.fromPostback(authOf(row, secretsOf(row)), body);
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The postback checksum does not match.');
    }
    const fields = body as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 64) : undefined);
    const orderId = text(fields.order_id);
    const status = text(fields.status);
    if (orderUpdateSink) await orderUpdateSink(row.id, update);
    await repository.audit({
      action: 'broker_postback',
      userId: row.userId,
      subject: row.id,
      requestId: requestId ?? null,
      details: { orderId: orderId ?? null, status: status ?? null },
    });
    await tellUser(row.userId, {
      kind: 'brokerPostback',
      accountId: row.id,
      type: row.type,
      userName: row.userName,
      ...(orderId ? { orderId } : {}),
      ...(status ? { status } : {}),
    });
  }

  async function tellUser(userId: string, event: BrokerAccountEvent): Promise<void> {
    const user = await repository.userOf(userId);
    if (!user) return;
    try {
      await publishUserEvent(bus, userId, { channel: user.websocketChannel, d: event });
    } catch (error) {
      // The notice is a courtesy; the account's state is already right in the database.
      logger.warn({ err: error, userId }, 'broker event could not be published');
    }
  }

  /**
   * Logs out every session that has run out (the 06:00 IST expiry): status loggedOut, enable-for-trading off, token
   * dropped, tier announced, the user told on their feed channel and the audit log. Returns the sessions ended.
   */
  async function expireSessions(): Promise<ExpiredSession[]> {
    const at = now();
    const expired = await repository.expireSessions(at);
    for (const session of expired) {
      await repository.audit({
        action: 'broker_session_expired',
        userId: session.userId,
        subject: session.id,
        details: { type: session.type },
      });
      await announceTierChange(bus, session.userId);
      await tellUser(session.userId, {
        kind: 'brokerSessionExpired',
        accountId: session.id,
        type: session.type,
        userName: session.userName,
        message: BROKER_MESSAGES.sessionEnded(session.userName),
      });
    }
    await repository.deleteExpiredLoginStates(new Date(at.getTime() - LOGIN_STATE_TTL_MS));
    return expired;
  }

  return {
    list,
    add,
    update,
    remove,
    loginUrl,
    callback,
    logout,
    details,
    reveal,
    zerodhaPostback,
    liveAccess,
    /** Registers where verified broker order updates go. */
    onOrderUpdate(sink: (accountId: string, update: BrokerOrder) => Promise<void>): void {
      orderUpdateSink = sink;
    },
    expireSessions,
  };
}

/** The brokers service. */
export type BrokersService = ReturnType<typeof createBrokersService>;
