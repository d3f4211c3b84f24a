import { createBrokerRegistry, type BrokerRegistry } from '@fnodesk/brokers';
import type { Clock } from '@fnodesk/domain';
import type { Database } from '@fnodesk/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Config } from '../../platform/config';
import { createSecretBox, loadSecretKeyRing, type SecretBox } from '../../platform/secret-box';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { createBrokerExpiryJob, type BrokerExpiryJob } from './broker-expiry-job';
import { createBrokersRepository } from './brokers.repository';
import { registerBrokersRoutes } from './brokers.routes';
import { createBrokersService, type Reauthenticate } from './brokers.service';

/** What the brokers module is built from. */
export interface BrokersModuleDeps {
  config: Config;
  database: Database;
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Plans and tradable-account counts (billing's entitlements). */
  entitlements: EntitlementsProvider;
  /** Checks the password (and code) again before secrets are revealed, within the account's failed-login budget. */
  reauthenticate: Reauthenticate;
  /** Replaces the broker registry built from config. */
  registry?: BrokerRegistry;
  /** Replaces the secret box built from config. */
  box?: SecretBox;
}

/** The secret box of a configuration: `SECRETS_KEY` (+ previous keys), else the key file under `DATA_DIR`. */
export function secretBoxOf(config: Config): SecretBox {
  return createSecretBox(() =>
    loadSecretKeyRing({
      secretsKey: config.secrets.key,
      previousKeys: config.secrets.previousKeys,
      dataDir: config.data.dir,
    }),
  );
}

/**
 * Builds the brokers module: broker accounts with their sealed secrets, the login life cycle through the adapters of
 * `@fnodesk/brokers`, the routes, and the 06:00 IST session expiry job.
 */
export function createBrokersModule(deps: BrokersModuleDeps) {
  const { config, clock } = deps;
  const logger = deps.logger.child({ module: 'brokers' });
  const box = deps.box ?? secretBoxOf(config);
  // Outside tests the key is read (or generated) at start, so a missing or unreadable key fails the boot, not a login.
  if (config.env !== 'test') box.currentKeyId();
  const registry =
    deps.registry ??
    createBrokerRegistry({
      clock,
      zerodha: {
        apiRoot: config.kiteConnect.apiUrl,
        loginUrl: config.kiteConnect.loginUrl,
        timeoutMs: config.kiteConnect.timeoutMs,
      },
      partnerApps: config.brokerPartnerApps,
    });
  const repository = createBrokersRepository(deps.database.db);
  const service = createBrokersService({
    repository,
    registry,
    box,
    entitlements: deps.entitlements,
    reauthenticate: deps.reauthenticate,
    bus: deps.bus,
    clock,
    logger,
    publicUrl: config.http.publicUrl,
  });
  const job: BrokerExpiryJob = createBrokerExpiryJob({ expire: service.expireSessions, clock, logger });

  return {
    service,
    registry,
    /** Registers the routes; with the `jobs` role, starts the expiry job. */
    register(app: FastifyInstance): void {
      registerBrokersRoutes(app, { brokers: service });
      if (config.roles.has('jobs')) job.start();
    },
    /** Ends every session that has run out now; resolves with how many. */
    expireSessions: () => job.run(),
    /** Stops the expiry job. */
    async close(): Promise<void> {
      await job.stop();
    },
  };
}

/** The brokers module. */
export type BrokersModule = ReturnType<typeof createBrokersModule>;
