import type { PaymentConfig } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { Database } from '@fnodesk/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { Mailer } from '../accounts/mail/mail.port';
import { createBillingEntitlements, NO_BROKER_LOGINS, type BrokerLoginStatus } from './billing-entitlements';
import { createBillingRepository } from './billing.repository';
import { registerBillingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import type { PaymentProvider } from './payment-provider';
import { createRazorpayProvider, RAZORPAY_CHECKOUT_SCRIPT } from './razorpay-provider';
import { createReferralService } from './referral.service';
import { createRenewalJob, type RenewalJob } from './renewal-job';
import {
  createTestPaymentProvider,
  loadTestPaymentSecret,
  TEST_CARDS,
  type TestPaymentProvider,
} from './test-payment-provider';

/** The merchant name the checkout and receipts show. */
export const MERCHANT_NAME = 'FNO Desk';

/** What the billing module is built from. */
export interface BillingModuleDeps {
  config: Config;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Whether a user has a broker account logged in; nobody until broker linking provides it. */
  brokers?: BrokerLoginStatus;
  /** Told after a period starts, to announce the user's tier change to the feed. */
  onSubscriptionStarted?: (userId: string) => void;
}

/**
 * Builds the billing module: the entitlement provider (read by accounts, the data tiers and page guards), the
 * payment provider chosen from config (Razorpay when its keys are set, else the built-in test checkout), the
 * services and their routes, and the renewal job.
 */
export function createBillingModule(deps: BillingModuleDeps) {
  const { config, clock } = deps;
  const logger = deps.logger.child({ module: 'billing' });
  const repository = createBillingRepository(deps.database.db);
  const entitlements = createBillingEntitlements({ repository, clock, brokers: deps.brokers ?? NO_BROKER_LOGINS });

  const razorpay = config.billing.razorpay;
  let testProvider: TestPaymentProvider | null = null;
  let provider: PaymentProvider;
  if (razorpay) {
    provider = createRazorpayProvider(razorpay);
  } else {
    testProvider = createTestPaymentProvider(loadTestPaymentSecret(config.billing.testPaymentSecret, config.data.dir));
    provider = testProvider;
  }

  const service = createBillingService({
    repository,
    entitlements,
    provider,
    testProvider,
    clock,
    logger,
    merchantName: MERCHANT_NAME,
    referralPercent: config.billing.referralPercent,
    support: config.billing.support,
    ...(deps.onSubscriptionStarted ? { onSubscriptionStarted: deps.onSubscriptionStarted } : {}),
  });
  const referrals = createReferralService({
    repository,
    clock,
    publicUrl: config.http.publicUrl,
    referralPercent: config.billing.referralPercent,
  });
  const paymentConfig: PaymentConfig = {
    provider: provider.name,
    merchantName: MERCHANT_NAME,
    checkoutScriptUrl: razorpay ? RAZORPAY_CHECKOUT_SCRIPT : null,
    testCards: testProvider
      ? [
          { number: TEST_CARDS.success, outcome: 'success' },
          { number: TEST_CARDS.declined, outcome: 'declined' },
        ]
      : [],
    support: config.billing.support,
  };
  let renewals: RenewalJob | undefined;

  return {
    entitlements,
    service,
    referrals,
    provider,
    /** Registers the billing routes; with the `jobs` role, starts the renewal sweep mailing through `mailer`. */
    register(app: FastifyInstance, options: { mailer: Mailer }): void {
      registerBillingRoutes(app, {
        billing: service,
        referrals,
        paymentConfig,
        testCheckout: testProvider !== null,
        webhook: provider.verifyWebhook !== null,
      });
      renewals = createRenewalJob({ service, mailer: options.mailer, clock, logger, publicUrl: config.http.publicUrl });
      if (config.roles.has('jobs')) renewals.start();
    },
    /** Runs the renewal sweep now; resolves with the number of renewal orders made. */
    runRenewals(): Promise<number> {
      if (!renewals) throw new Error('the billing module is not registered yet');
      return renewals.run();
    },
    /** Stops the renewal sweep. */
    async close(): Promise<void> {
      await renewals?.stop();
    },
  };
}

/** The billing module. */
export type BillingModule = ReturnType<typeof createBillingModule>;
