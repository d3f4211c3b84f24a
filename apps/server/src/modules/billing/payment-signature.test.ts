import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkoutSignature,
  hmacHex,
  isValidCheckoutSignature,
  isValidWebhookSignature,
  providerStyleId,
} from './payment-signature';
import { loadTestPaymentSecret, TEST_PAYMENT_SECRET_FILE } from './test-payment-provider';

const SECRET = 'key-secret-for-signature-tests';
const SEED = 20_261_120;

/** Changes one character of `text` at `index` to another character of the same alphabet. */
function mutate(text: string, index: number, alphabet: string, pick: number): string {
  const i = index % text.length;
  const current = text[i] ?? '';
  const choices = alphabet.replace(current, '');
  return `${text.slice(0, i)}${choices[pick % choices.length] ?? ''}${text.slice(i + 1)}`;
}

describe('payment signatures (G6, T6)', () => {
  it('matches Razorpay: HMAC-SHA256 of order_id|payment_id, hex', () => {
    // Razorpay's documented example shape: the same message and key give the same hex digest.
    expect(checkoutSignature('order_ABC', 'pay_XYZ', SECRET)).toBe(hmacHex('order_ABC|pay_XYZ', SECRET));
    expect(checkoutSignature('order_ABC', 'pay_XYZ', SECRET)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the right signature and refuses 10,000 one-character mutations of it', () => {
    const orderId = providerStyleId('order');
    const paymentId = providerStyleId('pay');
    const good = checkoutSignature(orderId, paymentId, SECRET);
    expect(isValidCheckoutSignature(orderId, paymentId, good, SECRET)).toBe(true);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (index, pick) => {
        const bad = mutate(good, index, '0123456789abcdef', pick);
        expect(isValidCheckoutSignature(orderId, paymentId, bad, SECRET)).toBe(false);
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('refuses a signature checked against another order or payment, or of another length', () => {
    const good = checkoutSignature('order_A', 'pay_1', SECRET);
    expect(isValidCheckoutSignature('order_B', 'pay_1', good, SECRET)).toBe(false);
    expect(isValidCheckoutSignature('order_A', 'pay_2', good, SECRET)).toBe(false);
    expect(isValidCheckoutSignature('order_A', 'pay_1', good.slice(0, -1), SECRET)).toBe(false);
    expect(isValidCheckoutSignature('order_A', 'pay_1', `${good}0`, SECRET)).toBe(false);
    expect(isValidCheckoutSignature('order_A', 'pay_1', '', SECRET)).toBe(false);
  });

  it('refuses 10,000 webhook bodies changed by one character under the original signature', () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { amount: 117900 } } } });
    const signature = hmacHex(body, SECRET);
    expect(isValidWebhookSignature(body, signature, SECRET)).toBe(true);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (index, pick) => {
        const tampered = mutate(body, index, 'abcdefghijklmnopqrstuvwxyz0123456789{}":,._', pick);
        expect(isValidWebhookSignature(tampered, signature, SECRET)).toBe(false);
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('makes Razorpay-style ids', () => {
    expect(providerStyleId('order')).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(providerStyleId('pay')).not.toBe(providerStyleId('pay'));
  });
});

describe('test checkout secret', () => {
  it('uses the configured secret when there is one', () => {
    expect(loadTestPaymentSecret('configured-secret-value', '/nonexistent')).toBe('configured-secret-value');
  });

  it('generates one into the data directory once, readable only by its owner, and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fnodesk-secret-'));
    try {
      const first = loadTestPaymentSecret(undefined, join(dir, 'data'));
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      const file = join(dir, 'data', TEST_PAYMENT_SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(loadTestPaymentSecret(undefined, join(dir, 'data'))).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
