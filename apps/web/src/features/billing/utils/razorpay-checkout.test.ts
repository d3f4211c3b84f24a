import type { SubscriptionOrder } from '@fnodesk/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openRazorpayCheckout } from './razorpay-checkout';

// Only the fields the checkout reads; the plan and price breakdown play no part in opening it.
const ORDER = {
  packageId: 'Starter',
  amount: 117_900,
  currency: 'INR',
  name: 'FNO Desk',
  description: 'Discover Starter',
  order_id: 'order_Ab12Cd34Ef56Gh',
  receipt: 'rcpt_1',
  provider: 'razorpay',
  key: 'rzp_test_key',
  prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919876543210' },
  promoCode: null,
  expiresAt: '2026-11-20T04:30:00.000Z',
} as unknown as SubscriptionOrder;

afterEach(() => {
  delete window.Razorpay;
});

describe('Razorpay Checkout', () => {
  it('offers no retry on the same order and closes itself when the order expires', async () => {
    const opened: Record<string, unknown>[] = [];
    window.Razorpay = class {
      constructor(options: Record<string, unknown>) {
        opened.push(options);
        queueMicrotask(() => (options.modal as { ondismiss: () => void }).ondismiss());
      }
      open() {}
      on() {}
    } as unknown as NonNullable<typeof window.Razorpay>;

    const outcome = await openRazorpayCheckout(
      'https://checkout.example/v1/checkout.js',
      ORDER,
      Date.parse('2026-11-20T04:10:00.000Z'),
    );
    expect(outcome).toEqual({ kind: 'dismissed' });
    expect(opened[0]).toMatchObject({ order_id: ORDER.order_id, retry: { enabled: false }, timeout: 1200 });
  });
});
