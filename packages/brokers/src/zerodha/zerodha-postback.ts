import { createHash, timingSafeEqual } from 'node:crypto';

/** Kite's postback checksum: hex SHA-256 of `order_id + order_timestamp + api_secret`. */
export function kitePostbackChecksum(orderId: string, orderTimestamp: string, apiSecret: string): string {
  return createHash('sha256')
    .update(orderId + orderTimestamp + apiSecret)
    .digest('hex');
}

/**
 * True when a Kite order postback was signed with the account's API secret. The comparison runs in constant time;
 * a body missing `order_id`, `order_timestamp` or `checksum`, or an empty secret, is never valid.
 */
export function verifyKitePostback(body: unknown, apiSecret: string): boolean {
  if (typeof body !== 'object' || body === null || apiSecret === '') return false;
  const { order_id: orderId, order_timestamp: orderTimestamp, checksum } = body as Record<string, unknown>;
  if (typeof orderId !== 'string' || typeof orderTimestamp !== 'string' || typeof checksum !== 'string') return false;
  const expected = Buffer.from(kitePostbackChecksum(orderId, orderTimestamp, apiSecret), 'utf8');
  const given = Buffer.from(checksum.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
