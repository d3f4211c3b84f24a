import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` with `secret`, hex-encoded: how Razorpay signs checkouts and webhooks. */
export function hmacHex(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** The checkout signature Razorpay gives the browser: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

/** Compares a presented hex signature with the expected one in constant time (after a length check). */
export function signatureMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `signature` is Razorpay's checkout signature for this (stored) order id and payment id. */
export function isValidCheckoutSignature(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return signatureMatches(signature, checkoutSignature(orderId, paymentId, keySecret));
}

/** Whether `signature` is the webhook signature of the raw body (Razorpay's `X-Razorpay-Signature`). */
export function isValidWebhookSignature(rawBody: string, signature: string, webhookSecret: string): boolean {
  return signatureMatches(signature, hmacHex(rawBody, webhookSecret));
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-style id: prefix, underscore, 14 random base-62 characters (`order_…`, `pay_…`). */
export function providerStyleId(prefix: string): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += BASE62[randomInt(BASE62.length)];
  return `${prefix}_${id}`;
}
