import { describe, expect, it } from 'vitest';
import { kitePostbackChecksum, verifyKitePostback } from './zerodha-postback';

const SECRET = 'postback-secret-123';
const body = (checksum: string) => ({
  order_id: '220303000308932',
  order_timestamp: '2026-11-20 10:15:02',
  status: 'COMPLETE',
  checksum,
});

describe('Kite postback checksum', () => {
  it('is the SHA-256 of order_id + order_timestamp + api_secret', () => {
    // printf '%s' '2203030003089322026-11-20 10:15:02postback-secret-123' | sha256sum
    expect(kitePostbackChecksum('220303000308932', '2026-11-20 10:15:02', SECRET)).toBe(
      '0c0f1fb22dcb4a05d062fc59d865324c40a4fc730da086672b110e0a5b9e1c37',
    );
  });

  it('accepts a postback signed with the account secret', () => {
    const good = kitePostbackChecksum('220303000308932', '2026-11-20 10:15:02', SECRET);
    expect(verifyKitePostback(body(good), SECRET)).toBe(true);
    expect(verifyKitePostback(body(good.toUpperCase()), SECRET)).toBe(true);
  });

  it('refuses a postback signed with another secret, altered, or missing fields', () => {
    const good = kitePostbackChecksum('220303000308932', '2026-11-20 10:15:02', SECRET);
    expect(verifyKitePostback(body(kitePostbackChecksum('220303000308932', '2026-11-20 10:15:02', 'x')), SECRET)).toBe(
      false,
    );
    expect(verifyKitePostback({ ...body(good), order_timestamp: '2026-11-20 10:15:03' }, SECRET)).toBe(false);
    expect(verifyKitePostback(body(good.slice(1)), SECRET)).toBe(false);
    expect(verifyKitePostback({ order_id: '1' }, SECRET)).toBe(false);
    expect(verifyKitePostback(null, SECRET)).toBe(false);
    expect(verifyKitePostback(body(good), '')).toBe(false);
  });
});
