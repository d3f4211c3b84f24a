import type { CheckoutSuccess, SubscriptionOrder } from '@fnodesk/contracts';

/** What Razorpay Checkout's `handler` receives on success. */
interface RazorpayHandlerResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The options of Razorpay Checkout used here. */
interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  handler: (response: RazorpayHandlerResponse) => void;
  modal: { ondismiss: () => void };
  retry: { enabled: boolean };
  /** Seconds until the checkout closes itself. */
  timeout: number;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: { error?: { description?: string } }) => void): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads Razorpay's checkout script once (only ever called when Razorpay takes the payments). */
export function loadRazorpayCheckout(scriptUrl: string): Promise<RazorpayConstructor> {
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    if (window.Razorpay) {
      resolve(window.Razorpay);
      return;
    }
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load')));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Razorpay could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** What a checkout ended with: the signed payment, the user closing it, or a failed payment's reason. */
export type CheckoutOutcome =
  { kind: 'paid'; checkout: CheckoutSuccess } | { kind: 'dismissed' } | { kind: 'failed'; message: string };

/**
 * Opens Razorpay Checkout for a server-made order and resolves with how it ended. One order is one attempt: the
 * server closes an order whose payment failed or whose time ran out and never activates a payment made on it
 * afterwards, so the checkout offers no retry on the same order and closes itself when the order expires (Pay
 * makes a new order).
 */
export async function openRazorpayCheckout(
  scriptUrl: string,
  order: SubscriptionOrder,
  nowMs: number = Date.now(),
): Promise<CheckoutOutcome> {
  const Razorpay = await loadRazorpayCheckout(scriptUrl);
  return new Promise<CheckoutOutcome>((resolve) => {
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: order.description,
      order_id: order.order_id,
      prefill: order.prefill,
      handler: (response) =>
        resolve({
          kind: 'paid',
          checkout: {
            razorpayPaymentId: response.razorpay_payment_id,
            razorpayOrderId: response.razorpay_order_id,
            razorpaySignature: response.razorpay_signature,
          },
        }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
      retry: { enabled: false },
      timeout: Math.max(1, Math.floor((Date.parse(order.expiresAt) - nowMs) / 1000)),
    });
    checkout.on('payment.failed', (response) =>
      resolve({ kind: 'failed', message: response.error?.description ?? 'The payment failed. No money was taken.' }),
    );
    checkout.open();
  });
}
