import Razorpay from 'razorpay';
import { AppError } from '../../platform/errors';
import type { PaymentProvider } from './payment-provider';
import { isValidCheckoutSignature, isValidWebhookSignature } from './payment-signature';

/** Razorpay's checkout script, loaded by the web app only when Razorpay takes the payments. */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** Razorpay credentials and where its API is. */
export interface RazorpaySettings {
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string | undefined;
  readonly apiUrl: string;
}

// The SDK has no option for its base URL; its axios instance is reachable, untyped, at `api.rq`.
interface AxiosDefaultsHolder {
  rq: { defaults: { baseURL?: string; timeout?: number } };
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Razorpay through its official SDK. Orders are created server side; signatures are checked here with a
 * constant-time comparison (the SDK's helpers compare with `===`).
 */
export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const rzp = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  const api = rzp.api as unknown as AxiosDefaultsHolder;
  api.rq.defaults.baseURL = settings.apiUrl;
  api.rq.defaults.timeout = REQUEST_TIMEOUT_MS;
  const { webhookSecret } = settings;

  return {
    name: 'razorpay',
    keyId: settings.keyId,
    async createOrder(request) {
      try {
        const order = await rzp.orders.create({
          amount: request.amountPaise,
          currency: request.currency,
          receipt: request.receipt,
          notes: { ...request.notes },
        });
        return { id: order.id };
      } catch (error) {
        // Fail closed: no order, no checkout. Only the status is kept for the log: an HTTP client's error object
        // can carry the request's credentials.
        const status = (error as { statusCode?: unknown }).statusCode;
        throw new AppError('SERVICE_UNAVAILABLE', 'Payments are temporarily unavailable. Please try again shortly.', {
          headers: { 'retry-after': '5' },
          cause: new Error(`Razorpay order creation failed (${typeof status === 'number' ? status : 'no response'})`),
        });
      }
    },
    verifyCheckout: (orderId, paymentId, signature) =>
      isValidCheckoutSignature(orderId, paymentId, signature, settings.keySecret),
    verifyWebhook:
      webhookSecret === undefined
        ? null
        : (rawBody, signature) => isValidWebhookSignature(rawBody, signature, webhookSecret),
  };
}
