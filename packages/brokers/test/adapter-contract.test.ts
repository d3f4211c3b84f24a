import { afterAll, beforeAll } from 'vitest';
import { createBrokerRegistry, type BrokerAdapter, type BrokerRegistry } from '../src/index';
import { describeBrokerAdapterContract, startKiteConnectFake, type KiteConnectFake } from '../src/testing';

// Every registered adapter passes the contract. Zerodha runs against the fake Kite server; Dhan's consent call
// against a stub answering as Dhan does.

const CANARY = {
  apiSecret: 'canary-api-secret-5e1f',
  totpSecret: 'canary-totp-seed-77aa',
  accessToken: 'canary-stale-access-token-31',
  requestToken: 'canary-request-token-c0ffee',
};

let fake: KiteConnectFake;
let registry: BrokerRegistry;

const dhanFetch = (async () =>
  new Response(JSON.stringify({ consentId: 'consent-8c1', consentStatus: 'GENERATED' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch;

beforeAll(async () => {
  fake = await startKiteConnectFake({
    apps: [{ apiKey: 'APIKEY-zerodha', apiSecret: 'another-secret', redirectUrl: 'https://app.example/cb' }],
    users: [],
  });
  registry = createBrokerRegistry({
    fetch: dhanFetch,
    sleep: async () => {},
    zerodha: { apiRoot: fake.baseUrl, loginUrl: fake.loginUrl, timeoutMs: 2_000 },
    partnerApps: {
      '5paisa': { apiKey: 'partner-5paisa' },
      aliceblue: { apiKey: 'partner-aliceblue' },
      angelone: { apiKey: 'partner-angelone' },
      fyers: { apiKey: 'partner-fyers' },
      dhan: { apiKey: 'partner-dhan', apiSecret: 'canary-partner-secret-dhan' },
    },
  });
});
afterAll(async () => {
  await fake.close();
});

for (const listed of createBrokerRegistry().adapters) {
  const { id, type } = listed.manifest;
  describeBrokerAdapterContract(id, (): BrokerAdapter => registry.byId(id) ?? listed, {
    account: {
      accountId: `acc-${id}`,
      userName: 'CLIENT01',
      subType: listed.manifest.subType,
      apiKey: `APIKEY-${id}`,
      apiSecret: CANARY.apiSecret,
      totpSecret: CANARY.totpSecret,
    },
    callbackUrl: `https://app.example/broker/callback/${type}`,
    state: 'state-Zx9_-1',
    refusedCallbackParams: { state: 'state-Zx9_-1', request_token: CANARY.requestToken, status: 'success' },
    staleSession: { accessToken: CANARY.accessToken, expiresAt: new Date('2026-11-21T00:30:00Z') },
    extraSecrets: [CANARY.requestToken, 'canary-partner-secret-dhan'],
  });
}
