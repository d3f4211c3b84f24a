import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { PaymentProvider } from './payment-provider';
import { checkoutSignature, isValidCheckoutSignature, providerStyleId } from './payment-signature';

/** The file under DATA_DIR that keeps the generated test-checkout secret. */
export const TEST_PAYMENT_SECRET_FILE = 'test-payment.secret';

/** Public key id of the built-in test checkout. */
export const TEST_PAYMENT_KEY_ID = 'rzp_test_builtin';

/** The built-in test checkout's cards: the first succeeds, the second is declined (as Razorpay's test cards are). */
export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
} as const;

/**
 * The test checkout's signing secret: `configured` when set, else the one generated into `<dataDir>` on first use
 * (32 random bytes, file mode 0600), so signatures stay valid across restarts.
 */
export function loadTestPaymentSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) return configured;
  const file = join(dataDir, TEST_PAYMENT_SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    // 'wx': another process that got here first wins, and its secret is used.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

/** The test provider plus what only the built-in checkout needs: signing a successful test payment. */
export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  /** A new payment id and Razorpay's signature for it, as a real checkout would hand the browser. */
  sign(orderId: string): { paymentId: string; signature: string };
}

/** The built-in provider: orders are local ids; checkouts are signed exactly as Razorpay signs them. */
export function createTestPaymentProvider(secret: string): TestPaymentProvider {
  return {
    name: 'test',
    keyId: TEST_PAYMENT_KEY_ID,
    async createOrder() {
      return { id: providerStyleId('order') };
    },
    verifyCheckout: (orderId, paymentId, signature) => isValidCheckoutSignature(orderId, paymentId, signature, secret),
    verifyWebhook: null,
    sign(orderId) {
      const paymentId = providerStyleId('pay');
      return { paymentId, signature: checkoutSignature(orderId, paymentId, secret) };
    },
  };
}
