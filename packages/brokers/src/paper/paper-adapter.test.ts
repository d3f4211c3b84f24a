import { describe, expect, it } from 'vitest';
import { createFakeClock } from '@fnodesk/domain';
import { BrokerError } from '../core/broker-error';
import { createPaperAdapter } from './paper-adapter';

const account = { accountId: 'acc-1', userName: 'USER42' };
const callbackUrl = 'https://app.example/broker/callback/papertrading';

describe('paper trading adapter', () => {
  it('logs in through the app callback itself, carrying the state and user name', async () => {
    const adapter = createPaperAdapter();
    const url = new URL(await adapter.loginUrl({ account, callbackUrl, state: 's t&1' }));
    expect(`${url.origin}${url.pathname}`).toBe(callbackUrl);
    expect(url.searchParams.get('state')).toBe('s t&1');
    expect(url.searchParams.get('userName')).toBe('USER42');
  });

  it('completes a login offline with a fresh random token expiring at the next 06:00 IST', async () => {
    // 20-Nov-2026 15:00 IST.
    const clock = createFakeClock(Date.UTC(2026, 10, 20, 9, 30));
    const adapter = createPaperAdapter({ clock });
    const params = { state: 'abc', userName: 'USER42' };
    const first = await adapter.completeLogin({ account, params });
    const second = await adapter.completeLogin({ account, params });
    expect(first.accessToken).toMatch(/^[0-9a-f]{64}$/);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(first.expiresAt.toISOString()).toBe('2026-11-21T00:30:00.000Z');
    expect(first.brokerUserName).toBe('USER42');
  });

  it('refuses a callback carrying another user name', async () => {
    const adapter = createPaperAdapter();
    await expect(adapter.completeLogin({ account, params: { state: 'abc', userName: 'OTHER' } })).rejects.toThrowError(
      BrokerError,
    );
  });

  it('logs out without any broker and reports the account as its details', async () => {
    const adapter = createPaperAdapter();
    const session = { accessToken: 'x'.repeat(64), expiresAt: new Date() };
    await expect(adapter.logout(account, session)).resolves.toBeUndefined();
    const details = await adapter.details(account, session);
    expect(details.userName).toBe('USER42');
    expect(details.exchanges).toContain('NFO');
  });
});
