import { describe, expect, it } from 'vitest';
import { createBrokerRegistry, type BrokerAccountAuth, type BrokerRegistry } from '../src/index';

// The login URL of every tile: the broker's documented page and parameters, the state carried where the broker
// sends it back, every value URL-encoded.

const STATE = 'st&te=1/+?';
const account: BrokerAccountAuth = { accountId: 'a1', userName: 'CL IENT&1', apiKey: 'key&with=odd/chars' };
const callbackFor = (type: string) => `https://app.example/broker/callback/${type}`;

const registry: BrokerRegistry = createBrokerRegistry({
  fetch: async () => new Response(JSON.stringify({ consentId: 'consent-42' }), { status: 200 }),
  sleep: async () => {},
  partnerApps: { dhan: { apiKey: 'dhan-partner', apiSecret: 'dhan-partner-secret' } },
});

async function loginUrl(id: string, who: BrokerAccountAuth = account): Promise<URL> {
  const adapter = registry.byId(id);
  if (!adapter) throw new Error(`no adapter ${id}`);
  return new URL(
    await adapter.loginUrl({ account: who, callbackUrl: callbackFor(adapter.manifest.type), state: STATE }),
  );
}

const page = (url: URL) => `${url.origin}${url.pathname}`;
const query = (url: URL) => Object.fromEntries(url.searchParams);

describe('login URLs of the broker tiles', () => {
  it('Paper Trading: the callback with state and user name', async () => {
    const url = await loginUrl('papertrading');
    expect(page(url)).toBe(callbackFor('papertrading'));
    expect(query(url)).toEqual({ state: STATE, userName: 'CL IENT&1' });
    expect(url.search).toContain('state=st%26te%3D1%2F%2B%3F');
  });

  it('Zerodha: Kite login v3 with api_key and the state in redirect_params', async () => {
    const url = await loginUrl('zerodha');
    expect(page(url)).toBe('https://kite.zerodha.com/connect/login');
    expect(query(url)).toEqual({
      v: '3',
      api_key: account.apiKey,
      redirect_params: `state=${encodeURIComponent(STATE).replace(/%20/g, '+')}`,
    });
    expect(new URLSearchParams(url.searchParams.get('redirect_params') ?? '').get('state')).toBe(STATE);
  });

  it('5Paisa: vendor login with VendorKey, ResponseURL and State', async () => {
    const url = await loginUrl('5paisa');
    expect(page(url)).toBe('https://dev-openapi.5paisa.com/WebVendorLogin/VLogin/Index');
    expect(query(url)).toEqual({ VendorKey: account.apiKey, ResponseURL: callbackFor('5paisa'), State: STATE });
  });

  it('Aliceblue: ANT with the appcode', async () => {
    const url = await loginUrl('aliceblue');
    expect(page(url)).toBe('https://ant.aliceblueonline.com/');
    expect(query(url)).toEqual({ appcode: account.apiKey });
  });

  it('Angel One: publisher login with api_key and state', async () => {
    const url = await loginUrl('angelone');
    expect(page(url)).toBe('https://smartapi.angelbroking.com/publisher-login');
    expect(query(url)).toEqual({ api_key: account.apiKey, state: STATE });
  });

  it('Fyers: generate-authcode with client_id, redirect_uri, response_type=code and state', async () => {
    const url = await loginUrl('fyers');
    expect(page(url)).toBe('https://api-t1.fyers.in/api/v3/generate-authcode');
    expect(query(url)).toEqual({
      client_id: account.apiKey,
      redirect_uri: callbackFor('fyers'),
      response_type: 'code',
      state: STATE,
    });
  });

  it('Dhan: the consent login with the consent id Dhan handed out', async () => {
    const url = await loginUrl('dhan');
    expect(page(url)).toBe('https://auth.dhan.co/consent-login');
    expect(query(url)).toEqual({ consentId: 'consent-42' });
  });

  it('Dhan: without partner keys, a MISSING_CREDENTIALS error', async () => {
    const bare = createBrokerRegistry().byId('dhan');
    await expect(bare?.loginUrl({ account, callbackUrl: callbackFor('dhan'), state: STATE })).rejects.toMatchObject({
      code: 'MISSING_CREDENTIALS',
    });
  });

  it('Upstox: the authorization dialog with response_type=code, client_id, redirect_uri and state', async () => {
    const url = await loginUrl('upstox');
    expect(page(url)).toBe('https://api.upstox.com/v2/login/authorization/dialog');
    expect(query(url)).toEqual({
      response_type: 'code',
      client_id: account.apiKey,
      redirect_uri: callbackFor('upstox'),
      state: STATE,
    });
  });

  it('FlatTrade: the auth page with app_key', async () => {
    const url = await loginUrl('flattrade');
    expect(page(url)).toBe('https://auth.flattrade.in/');
    expect(query(url)).toEqual({ app_key: account.apiKey });
  });

  it('ICICI Direct: Breeze login with the URL-encoded api_key; the registered callback carries the base64 user name', async () => {
    const url = await loginUrl('icici');
    expect(page(url)).toBe('https://api.icicidirect.com/apiuser/login');
    expect(url.search).toBe(`?api_key=${encodeURIComponent(account.apiKey ?? '')}`);
    const registered = new URL(registry.byId('icici')?.redirectUrlFor(callbackFor('icici'), account) ?? '');
    expect(Buffer.from(registered.searchParams.get('userName') ?? '', 'base64').toString('utf8')).toBe('CL IENT&1');
  });

  it.each(['firstock', 'kotakneo', 'shoonya', 'xts-jainam', 'xts-openxts', 'xts-jainamduck'])(
    '%s: the app callback with state and user name, for the TOTP/password login the server makes',
    async (id) => {
      const url = await loginUrl(id);
      expect(page(url)).toBe(callbackFor(registry.byId(id)?.manifest.type ?? ''));
      expect(query(url)).toEqual({ state: STATE, userName: 'CL IENT&1' });
    },
  );

  it('asks for the API key of tiles that need the user’s own app, naming nothing secret', async () => {
    for (const id of ['upstox', 'flattrade', 'icici', 'fyers']) {
      await expect(loginUrl(id, { accountId: 'a2', userName: 'X' })).rejects.toMatchObject({
        code: 'MISSING_CREDENTIALS',
      });
    }
  });

  it('lets a deployment point a tile at another login host', async () => {
    const custom = createBrokerRegistry({ loginBaseUrls: { upstox: 'https://uat.upstox.example/login' } });
    const url = new URL(
      (await custom.byId('upstox')?.loginUrl({ account, callbackUrl: callbackFor('upstox'), state: STATE })) ?? '',
    );
    expect(page(url)).toBe('https://uat.upstox.example/login');
  });
});
