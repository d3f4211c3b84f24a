import {
  InitiateSubscriptionRequestSchema,
  PackageListQuerySchema,
  PaymentOrderParamsSchema,
  PromoCodeRequestSchema,
  ReceiptParamsSchema,
  StartTrialQuerySchema,
  SubscriptionParamsSchema,
  SubscriptionStatusRequestSchema,
  TestCheckoutRequestSchema,
  UpdateSubscriptionRequestSchema,
  type PaymentConfig,
} from '@fnodesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../platform/errors';
import { budgetCheck } from '../../platform/rate-limit';
import type { BillingService } from './billing.service';
import type { ReferralService } from './referral.service';

const ok = <T>(data: T) => ({ code: 200, data });

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw errors.sessionExpired();
  return request.user.userId;
}

function headerOf(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

// Guessing promo codes or card numbers is cheap for a script; these routes get a tighter budget per address.
const GUARDED = { rateLimit: { max: 30, timeWindow: 60_000 } };
// A promo code can be tried through `promo-code` or by starting an order with it: both count in one budget per
// address and one per user (an order started without a code guesses nothing and is not counted).
const PROMO_GUESSES = { bucket: 'promo-code', max: 30, timeWindow: 60_000 };

/** The billing routes of `/api/v1` and `/data/v1` (spec §7): thin routes over the billing and referral services. */
export function registerBillingRoutes(
  parent: FastifyInstance,
  deps: {
    billing: BillingService;
    referrals: ReferralService;
    paymentConfig: PaymentConfig;
    /** Registers `POST test-checkout/pay` (the built-in test checkout). */
    testCheckout: boolean;
    /** Registers the Razorpay webhook. */
    webhook: boolean;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { billing, referrals } = deps;
  // Authenticated before anything else is read, so a request without a live session learns nothing.
  const authed = { onRequest: app.authenticate };
  const promoGuessesByAddress = budgetCheck(app, { ...PROMO_GUESSES, per: 'address' });
  const promoGuessesByUser = budgetCheck(app, { ...PROMO_GUESSES, per: 'user' });

  app.get('/api/v1/payment-config', async () => ok(deps.paymentConfig));

  app.get('/api/v1/package-list', { schema: { querystring: PackageListQuerySchema } }, async (request) =>
    ok({ packages: await billing.packageList(request.query.product_type ?? 'd') }),
  );

  app.post(
    '/api/v1/promo-code',
    {
      onRequest: [app.authenticate, promoGuessesByUser],
      config: { rateLimit: PROMO_GUESSES },
      schema: { body: PromoCodeRequestSchema },
    },
    async (request) => ok(await billing.checkPromo(userIdOf(request), request.body)),
  );

  app.post(
    '/api/v1/initiate-subscription',
    {
      ...authed,
      schema: { body: InitiateSubscriptionRequestSchema },
      preHandler: async (request) => {
        if (request.body.promoCode === undefined) return;
        await promoGuessesByAddress(request);
        await promoGuessesByUser(request);
      },
    },
    async (request) => ok(await billing.initiate(userIdOf(request), request.body)),
  );

  app.get(
    '/api/v1/payment-orders/:orderId',
    { ...authed, schema: { params: PaymentOrderParamsSchema } },
    async (request) => ok(await billing.paymentOrder(userIdOf(request), request.params.orderId)),
  );

  app.post(
    '/api/v1/subscription-status',
    { ...authed, schema: { body: SubscriptionStatusRequestSchema } },
    async (request) => ok(await billing.confirmCheckout(userIdOf(request), request.body, request.id)),
  );

  app.get('/api/v1/start-user-trial', { ...authed, schema: { querystring: StartTrialQuerySchema } }, async (request) =>
    ok(await billing.startTrial(userIdOf(request), request.query.product_type, request.id)),
  );

  app.get('/api/v1/subscription-payments', authed, async (request) =>
    ok({ payments: await billing.subscriptionPayments(userIdOf(request)) }),
  );

  app.get('/api/v1/subscriptions', authed, async (request) =>
    ok({ subscriptions: await billing.subscriptions(userIdOf(request)) }),
  );

  app.put(
    '/api/v1/subscriptions/:id',
    { ...authed, schema: { params: SubscriptionParamsSchema, body: UpdateSubscriptionRequestSchema } },
    async (request) =>
      ok(await billing.setAutoRenew(userIdOf(request), request.params.id, request.body.autoRenew, request.id)),
  );

  app.get('/api/v1/payment-receipts/:id', { ...authed, schema: { params: ReceiptParamsSchema } }, async (request) =>
    ok(await billing.receipt(userIdOf(request), request.params.id)),
  );

  app.get('/data/v1/referral-earnings', authed, async (request) => ok(await referrals.earnings(userIdOf(request))));

  if (deps.testCheckout) {
    app.post(
      '/api/v1/test-checkout/pay',
      { ...authed, config: GUARDED, schema: { body: TestCheckoutRequestSchema } },
      async (request) => ok(await billing.testCheckoutPay(userIdOf(request), request.body)),
    );
  }

  if (deps.webhook) {
    app.post('/api/v1/payments/razorpay/webhook', async (request) => {
      const outcome = await billing.handleWebhook(
        {
          rawBody: request.rawBody ?? '',
          signature: headerOf(request, 'x-razorpay-signature'),
          eventId: headerOf(request, 'x-razorpay-event-id'),
          body: request.body,
        },
        request.id,
      );
      return ok({ outcome });
    });
  }
}
