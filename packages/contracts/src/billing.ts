import { z } from 'zod';
import { textSchema } from './text';
import { EntitlementsSchema } from './accounts';

/**
 * Plans, pricing, promo codes, payments, subscriptions and referrals (spec accounts-plans-brokers §3, §5, §7, §9;
 * signed-in-app `/subscriptions`, `/refer`). Amounts on the wire are rupees with two decimals, except the payment
 * order's `amount`, which is in paise as the card-payment provider expects. The server computes every amount; no
 * request carries a price.
 */

/** Texts shown to people, exactly as the spec writes them (typos included). */
export const BILLING_MESSAGES = {
  promoApplied: (code: string) => `promo Code ${code} applied successfully. `,
  promoNotValid: 'Promo code not valid.',
  promoNotForPlan: (code: string) => `Promo code ${code} not valid for the seleted Plan `,
  promoExpired: 'This promo code has expired.',
  promoExhausted: 'This promo code has already been used up.',
  promoUsedByYou: 'You have already used this promo code.',
  trialUsedDiscover: 'Free Trial is provided once per user and you have used it. Please purchase a Plan to continue.',
  trialUsedQuikTrade:
    'Trial can be availed only once per user and you have already availed it. Please consider purchasing a plan to continue.',
  trialActivatedDiscover: 'Thanks, Discover Free Trial has been Activated',
  trialActivatedQuikTrade: 'Thanks, QuikTrade Free Trial has been Activated',
  trialActivatedLegacy: 'Thanks,Your Free Trial has been Activated',
  subscriptionActivated: 'Thanks,Your Suscription has been Activated',
  pleaseLoginTitle: 'Please login',
  pleaseLoginMessage: 'So we can map your account!',
  areYouSure: 'Are You Sure?',
  trialExpired: 'Trial Expired',
} as const;

/** Product code: 'd' = Discover (analysis), 'qt' = QuikTrade (execution). */
export const ProductTypeSchema = z.enum(['d', 'qt']);
/** Product code. */
export type ProductType = z.infer<typeof ProductTypeSchema>;

/** Product names as people read them. */
export const PRODUCT_NAMES: Readonly<Record<ProductType, string>> = { d: 'Discover', qt: 'QuikTrade' };

/** What a package is: the product's free trial, a plan, or an add-on (extra tradable broker accounts). */
export const PackageKindSchema = z.enum(['trial', 'plan', 'addon']);
/** What a package is. */
export type PackageKind = z.infer<typeof PackageKindSchema>;

/** The price table of `/payment` in rupees (spec §2), computed on the server by the §9 formula. */
export const PriceBreakdownSchema = z.object({
  netPrice: z.number(),
  discount: z.number(),
  promoDiscount: z.number(),
  totalDiscount: z.number(),
  /** 'You Saved': total discount in whole percent of the net price. */
  savedPercent: z.number().int(),
  /** The plan's own discount in whole percent (the card badge). */
  discountPercent: z.number().int(),
  priceAfterDiscount: z.number(),
  pricePerMonth: z.number(),
  gst: z.number(),
  finalPrice: z.number(),
});
/** The price table of `/payment` in rupees. */
export type PriceBreakdown = z.infer<typeof PriceBreakdownSchema>;

const PackageIdSchema = textSchema()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'Unknown plan');

/** A plan or package of `package-list` (spec §3). */
export const PackageSchema = z.object({
  id: z.string(),
  planName: z.string(),
  /** Product and plan name, e.g. 'QuikTrade Scalper'. */
  planType: z.string(),
  product: ProductTypeSchema,
  kind: PackageKindSchema,
  /** Price after discount, before GST (0 for a package that is only granted). */
  price: z.number(),
  gst: z.number(),
  finalPrice: z.number(),
  /** Spec §3/§9 `costPerDay`: 30 days at the list price; null for fixed-price and free packages. */
  costPerDay: z.number().nullable(),
  /** Spec §3/§9 `costPerMonth`: 30 days at this plan's price; null for fixed-price and free packages. */
  costPerMonth: z.number().nullable(),
  numberOfDays: z.number().int(),
  /** Spec §3: 0 = QuikTrade, 1 = Discover. */
  active: z.union([z.literal(0), z.literal(1)]),
  promoCode: z.string().nullable(),
  /** Whether it can be paid for (free trials are only granted). */
  purchasable: z.boolean(),
  /** Broker accounts tradable at once that it gives (plans) or adds (add-ons). */
  brokerAccounts: z.number().int(),
  breakdown: PriceBreakdownSchema.nullable(),
});
/** A plan or package. */
export type Package = z.infer<typeof PackageSchema>;

/** `GET package-list` query: `product_type=qt` for QuikTrade, Discover otherwise. */
export const PackageListQuerySchema = z.object({ product_type: ProductTypeSchema.optional() });

/** `GET package-list` data. */
export const PackageListSchema = z.object({ packages: z.array(PackageSchema) });

/** A promo code as typed: trimmed, 1–32 letters, digits, '-' or '_'. */
export const PromoCodeInputSchema = textSchema()
  .trim()
  .min(1, BILLING_MESSAGES.promoNotValid)
  .max(32, BILLING_MESSAGES.promoNotValid)
  .regex(/^[A-Za-z0-9_-]+$/, BILLING_MESSAGES.promoNotValid);

/** `POST promo-code`: checks a code for a package (sent lower-cased, spec §5). */
export const PromoCodeRequestSchema = z.object({
  packageId: PackageIdSchema,
  promoCode: PromoCodeInputSchema,
  productType: ProductTypeSchema.optional(),
});
/** `POST promo-code` body. */
export type PromoCodeRequest = z.infer<typeof PromoCodeRequestSchema>;

/**
 * Why a promo code is not valid at all: unknown or inactive, past its end, every redemption taken, or already
 * redeemed by this user as often as it may be.
 */
export const PromoRefusalSchema = z.enum(['PROMO_INVALID', 'PROMO_EXPIRED', 'PROMO_EXHAUSTED', 'PROMO_USED']);
/** Why a promo code is not valid at all. */
export type PromoRefusal = z.infer<typeof PromoRefusalSchema>;

/** What to tell someone whose promo code was refused, per reason. */
export const PROMO_REFUSAL_MESSAGES: Readonly<Record<PromoRefusal, string>> = {
  PROMO_INVALID: BILLING_MESSAGES.promoNotValid,
  PROMO_EXPIRED: BILLING_MESSAGES.promoExpired,
  PROMO_EXHAUSTED: BILLING_MESSAGES.promoExhausted,
  PROMO_USED: BILLING_MESSAGES.promoUsedByYou,
};

/** One package's price with the promo applied. */
export const PromoPlanSchema = z.object({
  packageId: z.string(),
  price: z.number(),
  promoDiscount: z.number(),
  gst: z.number(),
  finalPrice: z.number(),
  breakdown: PriceBreakdownSchema,
});

/**
 * `POST promo-code` data (spec §3 promo result): `plans` lists the packages of the product the code applies to;
 * no entry for the chosen package means 'not valid for the selected plan'.
 */
export const PromoResultSchema = z.object({
  isValidPromo: z.boolean(),
  /** The code as it will be ordered (upper-cased). */
  promoCode: z.string(),
  /** The chosen package's final price with the promo, or null when it does not apply to it. */
  finalPrice: z.number().nullable(),
  plans: z.array(PromoPlanSchema),
  reason: PromoRefusalSchema.nullable(),
});
/** `POST promo-code` data. */
export type PromoResult = z.infer<typeof PromoResultSchema>;

/** `POST initiate-subscription`: which package, with which promo. Nothing else; the server sets the amount. */
export const InitiateSubscriptionRequestSchema = z
  .object({
    packageId: PackageIdSchema,
    promoCode: textSchema()
      .trim()
      .max(32)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(PromoCodeInputSchema.optional()),
    /** Host label of the site the purchase was made on (white-label partners). */
    path: textSchema().trim().max(253).optional(),
    productType: ProductTypeSchema.optional(),
  })
  .strict();
/** `POST initiate-subscription` body. */
export type InitiateSubscriptionRequest = z.input<typeof InitiateSubscriptionRequestSchema>;

/** Which payment provider takes the card: the built-in test checkout or Razorpay. */
export const PaymentProviderSchema = z.enum(['test', 'razorpay']);
/** Which payment provider takes the card. */
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

/** The plan an order or payment is for. */
export const OrderPlanSchema = z.object({
  id: z.string(),
  planName: z.string(),
  planType: z.string(),
  product: ProductTypeSchema,
  kind: PackageKindSchema,
  numberOfDays: z.number().int(),
});

/** `POST initiate-subscription` data (spec §3 subscription order): what the checkout is opened with. */
export const SubscriptionOrderSchema = z.object({
  packageId: z.string(),
  /** In paise. */
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  /** Merchant name shown by the checkout. */
  name: z.string(),
  description: z.string(),
  order_id: z.string(),
  /** The provider's public key id. */
  key: z.string(),
  provider: PaymentProviderSchema,
  receipt: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  plan: OrderPlanSchema,
  promoCode: z.string().nullable(),
  breakdown: PriceBreakdownSchema,
  /** ISO date-time after which Pay makes a new order. */
  expiresAt: z.string(),
});
/** The payment order the checkout is opened with. */
export type SubscriptionOrder = z.infer<typeof SubscriptionOrderSchema>;

/** `GET payment-orders/:orderId` params (a renewal's pay link, or a reload of `/payment`). */
export const PaymentOrderParamsSchema = z.object({ orderId: textSchema().trim().min(1).max(64) });

/** Entitlements plus the number of broker accounts tradable at once (spec §3 login-status `accounts`). */
export const UserEntitlementsSchema = EntitlementsSchema.extend({ accounts: z.number().int().nonnegative() });
/** Entitlements plus the number of broker accounts tradable at once. */
export type UserEntitlements = z.infer<typeof UserEntitlementsSchema>;

/** `POST subscription-status`: what the checkout returned. The promo is informational; the order fixed it. */
export const SubscriptionStatusRequestSchema = z.object({
  razorpayPaymentId: textSchema().trim().min(1).max(64),
  razorpayOrderId: textSchema().trim().min(1).max(64),
  razorpaySignature: textSchema().trim().min(1).max(256),
  promoCode: textSchema().trim().max(32).optional(),
});
/** `POST subscription-status` body. */
export type SubscriptionStatusRequest = z.infer<typeof SubscriptionStatusRequestSchema>;

/** `POST subscription-status` data: the activated period. Repeats answer the same. */
export const SubscriptionActivationSchema = z.object({
  paymentId: z.string(),
  receiptNumber: z.string(),
  packageId: z.string(),
  planName: z.string(),
  product: ProductTypeSchema,
  packageStartTime: z.string(),
  packageEndTime: z.string(),
  message: z.string(),
  entitlements: UserEntitlementsSchema,
});
/** `POST subscription-status` data. */
export type SubscriptionActivation = z.infer<typeof SubscriptionActivationSchema>;

/** `GET start-user-trial` query. */
export const StartTrialQuerySchema = z.object({ product_type: ProductTypeSchema });

/** `GET start-user-trial` data. */
export const TrialActivationSchema = z.object({
  product: ProductTypeSchema,
  packageId: z.string(),
  validTill: z.string(),
  message: z.string(),
  entitlements: UserEntitlementsSchema,
});
/** `GET start-user-trial` data. */
export type TrialActivation = z.infer<typeof TrialActivationSchema>;

/** One payment of `subscription-payments` (spec §3 subscription payment). */
export const SubscriptionPaymentSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  packageId: z.string(),
  planName: z.string(),
  planType: z.string(),
  product: ProductTypeSchema,
  /** Rupees paid, GST included. */
  amount: z.number(),
  paidAt: z.string(),
  packageStartTime: z.string(),
  packageEndTime: z.string(),
});
/** One payment. */
export type SubscriptionPayment = z.infer<typeof SubscriptionPaymentSchema>;

/** `GET subscription-payments` data, newest first. */
export const SubscriptionPaymentsSchema = z.object({ payments: z.array(SubscriptionPaymentSchema) });

/** Where a subscription stands now. */
export const SubscriptionStatusSchema = z.enum(['active', 'upcoming', 'expired']);

/** One entitlement period of `subscriptions` ('My Plans'). */
export const SubscriptionEntrySchema = z.object({
  id: z.string(),
  packageId: z.string(),
  planName: z.string(),
  planType: z.string(),
  product: ProductTypeSchema,
  kind: PackageKindSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  status: SubscriptionStatusSchema,
  autoRenew: z.boolean(),
  /** Whether auto-renewal can be switched on (paid plans and add-ons that are still sold and not yet ended). */
  renewable: z.boolean(),
  brokerAccounts: z.number().int(),
});
/** One entitlement period. */
export type SubscriptionEntry = z.infer<typeof SubscriptionEntrySchema>;

/** `GET subscriptions` data, newest first. */
export const SubscriptionsSchema = z.object({ subscriptions: z.array(SubscriptionEntrySchema) });

/** `PUT subscriptions/:id` params. */
export const SubscriptionParamsSchema = z.object({ id: z.uuid() });
/** `PUT subscriptions/:id` body: switch auto-renewal on, or cancel it. */
export const UpdateSubscriptionRequestSchema = z.object({ autoRenew: z.boolean() }).strict();

/** `GET payment-receipts/:id` params. */
export const ReceiptParamsSchema = z.object({ id: z.uuid() });

/** A payment's receipt with the GST breakup. */
export const ReceiptSchema = z.object({
  receiptNumber: z.string(),
  paymentId: z.string(),
  paidAt: z.string(),
  provider: PaymentProviderSchema,
  providerPaymentId: z.string(),
  providerOrderId: z.string(),
  merchant: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  customer: z.object({ name: z.string(), email: z.string(), mobile: z.string() }),
  item: OrderPlanSchema.extend({ packageStartTime: z.string(), packageEndTime: z.string() }),
  amounts: z.object({
    netPrice: z.number(),
    discount: z.number(),
    promoCode: z.string().nullable(),
    promoDiscount: z.number(),
    priceAfterDiscount: z.number(),
    gstPercent: z.number(),
    gst: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    /** Rounding of the total to a whole rupee (may be negative). */
    roundOff: z.number(),
    total: z.number(),
  }),
});
/** A payment's receipt. */
export type Receipt = z.infer<typeof ReceiptSchema>;

/** A card the built-in test checkout knows, and what it does. */
export const TestCardSchema = z.object({ number: z.string(), outcome: z.enum(['success', 'declined']) });

/** `GET payment-config` data: how the web app takes payments on this deployment, and whom to contact. */
export const PaymentConfigSchema = z.object({
  provider: PaymentProviderSchema,
  merchantName: z.string(),
  /** Razorpay's checkout script, loaded only when Razorpay is configured. */
  checkoutScriptUrl: z.string().nullable(),
  /** The built-in test checkout's cards (empty with Razorpay). */
  testCards: z.array(TestCardSchema),
  support: z.object({ email: z.string(), phone: z.string() }),
});
/** `GET payment-config` data. */
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** `POST test-checkout/pay`: the built-in test checkout's card form (test provider only). */
export const TestCheckoutRequestSchema = z
  .object({
    orderId: textSchema().trim().min(1).max(64),
    /** The amount the checkout showed, in paise; it must equal the order's. */
    amount: z.number().int().positive().max(100_000_000),
    cardNumber: textSchema()
      .max(32)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
    expiry: textSchema()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY'),
    cvv: textSchema()
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit CVV'),
    name: textSchema().trim().min(1, 'Enter the name on the card').max(100),
  })
  .strict();
/** `POST test-checkout/pay` body. */
export type TestCheckoutRequest = z.input<typeof TestCheckoutRequestSchema>;

/** What a checkout hands back on success (Razorpay's handler response, renamed as `subscription-status` takes it). */
export const CheckoutSuccessSchema = z.object({
  razorpayPaymentId: z.string(),
  razorpayOrderId: z.string(),
  razorpaySignature: z.string(),
});
/** What a checkout hands back on success. */
export type CheckoutSuccess = z.infer<typeof CheckoutSuccessSchema>;

/** One earning of `referral-earnings`. */
export const ReferralEarningSchema = z.object({
  at: z.string(),
  /** The referred user's first name and initial only. */
  referredUser: z.string(),
  planName: z.string(),
  /** What they paid before GST, in rupees. */
  base: z.number(),
  earning: z.number(),
});

/** `GET /data/v1/referral-earnings` data: the user's code and link, and what referred users' payments earned. */
export const ReferralEarningsSchema = z.object({
  referralCode: z.string(),
  referralLink: z.string(),
  /** Share of a referred user's payment (before GST) credited to the referrer, in percent. */
  percent: z.number(),
  signups: z.number().int(),
  payingUsers: z.number().int(),
  totalEarnings: z.number(),
  earnings: z.array(ReferralEarningSchema),
});
/** `GET /data/v1/referral-earnings` data. */
export type ReferralEarnings = z.infer<typeof ReferralEarningsSchema>;
