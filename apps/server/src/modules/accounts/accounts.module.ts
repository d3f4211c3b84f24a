import type { Clock } from '@fnodesk/domain';
import type { Database } from '@fnodesk/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Config } from '../../platform/config';
import type { SecretBox } from '../../platform/secret-box';
import { createAccountsRepository } from './accounts.repository';
import { registerAccountsRoutes } from './accounts.routes';
import { createAccountsService, DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './accounts.service';
import { noEntitlementsProvider, type EntitlementsProvider } from './entitlements';
import { createGoogleVerifier } from './google-verifier';
import { createDeviceTokens } from './device-tokens';
import type { Mailer } from './mail/mail.port';
import { registerMailboxRoutes } from './mail/mailbox.routes';
import { createOutboxMailer } from './mail/outbox-mailer';
import { createSmtpMailer } from './mail/smtp-mailer';
import { createArgon2Hasher, type PasswordHasher } from './password-hasher';
import { createSessionService } from './session.service';
import { createThrottle } from './throttle';
import { createTwoFactor } from './two-factor';

/** What the accounts module is built from. */
export interface AccountsModuleDeps {
  config: Config;
  database: Database;
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  version: string;
  /** Signs device tokens (and seals TOTP seeds) under the secrets key. */
  box: SecretBox;
  /** Entitlements from billing and brokers; none until those modules provide them. */
  entitlements?: EntitlementsProvider;
  /** Replaces the mailer chosen from config (tests capture mail this way). */
  mailer?: Mailer;
  hasher?: PasswordHasher;
}

/** True when `url`'s host is this machine (localhost, 127.0.0.0/8 or ::1). */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/** Builds the accounts module: the session resolver for the auth plugin, the service, and its routes. */
export async function createAccountsModule(deps: AccountsModuleDeps) {
  const { config, clock, bus } = deps;
  const logger = deps.logger.child({ module: 'accounts' });
  const repository = createAccountsRepository(deps.database.db);
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
      : createOutboxMailer({ repository, clock, logger, mailboxUrl: `${config.http.publicUrl}/dev/mailbox` }));
  if (mailer.driver === 'outbox' && !isLoopbackUrl(config.http.publicUrl)) {
    logger.warn(
      { publicUrl: config.http.publicUrl },
      'SMTP_URL is unset, so account mail (verification and reset links) is only kept in the outbox and logged, ' +
        'while PUBLIC_URL is not a loopback address: users will not receive their mail. Set SMTP_URL.',
    );
  }
  const sessions = createSessionService({ repository, clock, bus, logger });
  await sessions.start();
  // One flood guard per client address for logins and registrations from unknown devices.
  const perAddress = [
    { max: config.accounts.loginAttemptsPerIpPerMinute, windowMs: 60_000 },
    { max: config.accounts.loginAttemptsPerIpPerHour, windowMs: 3_600_000 },
  ];
  const limits: AccountLimits = {
    ...DEFAULT_ACCOUNT_LIMITS,
    loginAttemptsPerIp: perAddress,
    registrationsPerIp: perAddress,
  };
  const service = createAccountsService({
    repository,
    sessions,
    hasher: deps.hasher ?? createArgon2Hasher(),
    throttle: createThrottle({ repository, clock }),
    devices: createDeviceTokens(deps.box),
    twoFactor: createTwoFactor({ repository, box: deps.box, clock, issuer: config.site.brandName }),
    mailer,
    entitlements: deps.entitlements ?? noEntitlementsProvider,
    google: config.google ? createGoogleVerifier(config.google) : undefined,
    clock,
    logger,
    publicUrl: config.http.publicUrl,
    limits,
  });

  return {
    sessions,
    service,
    mailer,
    /** Registers `/api/v1` account routes and, with the embedded outbox, `/dev/mailbox`. */
    register(app: FastifyInstance): void {
      registerAccountsRoutes(app, {
        accounts: service,
        publicConfig: {
          googleClientId: config.google?.clientId ?? null,
          version: deps.version,
          brandName: config.site.brandName,
          channels: {
            email: config.site.channels.email,
            phone: config.site.channels.phone,
            whatsappUrl: config.site.channels.whatsappUrl ?? null,
            telegramUrl: config.site.channels.telegramUrl ?? null,
            youtubeUrl: config.site.channels.youtubeUrl ?? null,
            blogUrl: config.site.channels.blogUrl ?? null,
            twitterUrl: config.site.channels.twitterUrl ?? null,
          },
          demoFormUrl: config.site.demoFormUrl ?? null,
          feed: {
            urls: [...config.feed.urls],
            refreshMs: config.market.refreshMs,
            replay: config.feed.source === 'sim' && config.feed.marketClock === 'replay',
            alwaysOpen: config.feed.source === 'sim' && config.feed.marketClock === 'always',
          },
        },
      });
      if (mailer.driver === 'outbox') {
        registerMailboxRoutes(app, {
          repository,
          public: config.mail.mailboxPublic,
          trustProxy: config.http.trustProxy,
        });
      }
    },
    /** Lets queued mail finish, then closes the mailer. */
    async close(): Promise<void> {
      await service.settled();
      await mailer.close();
    },
  };
}

/** The accounts module. */
export type AccountsModule = Awaited<ReturnType<typeof createAccountsModule>>;
