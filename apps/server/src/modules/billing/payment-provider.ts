import type { PaymentProviderName } from '@fnodesk/contracts';

/** What an order is created with at the provider. */
export interface ProviderOrderRequest {
  readonly amountPaise: number;
  readonly currency: 'INR';
  readonly receipt: string;
  readonly notes: Readonly<Record<string, string>>;
}

/**
 * The payments port: the built-in test provider by default, Razorpay when configured. Both sign checkouts the same
 * way (HMAC-SHA256 of `order_id|payment_id` with the key secret), so the verification code is shared.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The public key id the checkout is opened with. */
  readonly keyId: string;
  /** Creates an order at the provider and returns its id. */
  createOrder(request: ProviderOrderRequest): Promise<{ id: string }>;
  /** Whether `signature` is the provider's checkout signature for the stored order id and this payment id. */
  verifyCheckout(orderId: string, paymentId: string, signature: string): boolean;
  /** Whether a webhook's raw body carries a valid signature; null when this provider takes no webhooks. */
  verifyWebhook: ((rawBody: string, signature: string) => boolean) | null;
}
