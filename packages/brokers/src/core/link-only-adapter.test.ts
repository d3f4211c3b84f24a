import { describe, expect, it } from 'vitest';
import { createDhanAdapter } from '../dhan/dhan-adapter';
import { createFyersAdapter } from '../fyers/fyers-adapter';
import { createBrokerHttp } from './broker-http';

const account = { accountId: 'a1', userName: 'CLIENT1', apiKey: 'app-id' };
const session = { accessToken: 'never-issued', expiresAt: new Date() };

describe('brokers whose login this installation cannot finish', () => {
  it("refuse the callback with BROKER_UNAVAILABLE, saying the account stays 'Submitted'", async () => {
    const adapter = createFyersAdapter();
    await expect(adapter.completeLogin({ account, params: { auth_code: 'x', state: 's' } })).rejects.toMatchObject({
      code: 'BROKER_UNAVAILABLE',
      retryable: false,
      message:
        "Completing a Fyers login needs Fyers's servers, which this installation does not reach. The account stays 'Submitted'.",
    });
    await expect(adapter.details(account, session)).rejects.toMatchObject({ code: 'BROKER_UNAVAILABLE' });
    await expect(adapter.logout(account, session)).resolves.toBeUndefined();
  });

  it('Dhan: a refused consent becomes BROKER_REJECTED without the partner secret', async () => {
    const http = createBrokerHttp({
      brokerId: 'dhan',
      brokerName: 'Dhan',
      sleep: async () => {},
      fetch: async (_url, init) =>
        new Response(`{"errorMessage":"invalid partner ${String(new Headers(init?.headers).get('partner_secret'))}"}`, {
          status: 401,
        }),
    });
    const adapter = createDhanAdapter({ http, partnerApp: { apiKey: 'pid', apiSecret: 'canary-partner-secret' } });
    const error = await adapter
      .loginUrl({ account, callbackUrl: 'https://app.example/broker/callback/dhan', state: 's' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BROKER_REJECTED' });
    expect((error as Error).message).toContain('HTTP 401');
    expect((error as Error).message).not.toContain('canary-partner-secret');
  });

  it('Dhan: sends the partner id and secret as headers to generate the consent', async () => {
    let seen: Headers | undefined;
    let seenUrl = '';
    const http = createBrokerHttp({
      brokerId: 'dhan',
      brokerName: 'Dhan',
      sleep: async () => {},
      fetch: async (url, init) => {
        seen = new Headers(init?.headers);
        seenUrl = url instanceof Request ? url.url : url.toString();
        return new Response('{"consentId":"c-1","consentStatus":"GENERATED"}');
      },
    });
    const adapter = createDhanAdapter({ http, partnerApp: { apiKey: 'pid', apiSecret: 'psecret' } });
    await expect(
      adapter.loginUrl({ account, callbackUrl: 'https://app.example/broker/callback/dhan', state: 's' }),
    ).resolves.toBe('https://auth.dhan.co/consent-login?consentId=c-1');
    expect(seenUrl).toBe('https://auth.dhan.co/partner/generate-consent');
    expect(seen?.get('partner_id')).toBe('pid');
    expect(seen?.get('partner_secret')).toBe('psecret');
  });
});
