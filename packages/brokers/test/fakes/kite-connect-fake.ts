import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nextIstSixAm } from '../../src/core/session-expiry';
import { generateTotp } from '../../src/core/totp';
import { createKiteOrderBook, type KiteFakeHolding, type KiteOrderBookHooks } from './kite-order-book-fake';

export * from './kite-order-book-fake';

/** A Kite Connect app registered with the fake: its key, secret and registered redirect URL. */
export interface KiteFakeApp {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly redirectUrl: string;
  /** Where Kite POSTs the postbacks of orders placed with this app's key. */
  readonly postbackUrl?: string;
}

/** A Kite user the fake's login page accepts. */
export interface KiteFakeUser {
  readonly userId: string;
  readonly password: string;
  /** Base32 TOTP seed; the page accepts the current code and the ones either side of it. */
  readonly totpSecret: string;
  readonly userName: string;
  readonly userShortName?: string;
  readonly email?: string;
  /** Equity margins in rupees. */
  readonly margins?: { readonly cash: number; readonly debits: number };
  readonly holdings?: readonly KiteFakeHolding[];
}

/** Settings of the fake. */
export interface KiteConnectFakeOptions {
  readonly apps: readonly KiteFakeApp[];
  readonly users: readonly KiteFakeUser[];
  /** Time source for TOTP checks, token ages and login times; default the system clock. */
  readonly clock?: { now(): number };
  /** Kite's instrument token of a contract, for the order and trade books; default 0. */
  readonly instrumentToken?: (exchange: string, tradingSymbol: string) => number | undefined;
  /** How long a request token may wait for its exchange; default 5 minutes. */
  readonly requestTokenTtlMs?: number;
}

/** One request the fake received (method and path; never the query or body). */
export interface KiteFakeRequest {
  readonly method: string;
  readonly path: string;
}

/** A running fake Kite Connect server, with the order book's test hooks (`fill`, `rejectNext`, postbacks…). */
export interface KiteConnectFake extends KiteOrderBookHooks {
  /** API root (`root` of the kiteconnect SDK), `http://127.0.0.1:PORT`. */
  readonly baseUrl: string;
  /** The login page, `{baseUrl}/connect/login`. */
  readonly loginUrl: string;
  /** Every request so far, in order. */
  readonly requests: readonly KiteFakeRequest[];
  /** Access tokens that still work (not logged out, and before their 06:00 IST expiry on the fake's clock). */
  activeAccessTokens(): number;
  /** Invalidates every access token, as Kite does at 06:00 IST. */
  expireAccessTokens(): void;
  /** While down, every API call answers 503 as during a Kite outage. */
  setDown(down: boolean): void;
  /** The access tokens that still work, with their app and user (for tests that call Kite as a user directly). */
  sessions(): { apiKey: string; userId: string; accessToken: string }[];
  /** Registers (or replaces) an app's postback URL. */
  setPostbackUrl(apiKey: string, url: string | undefined): void;
  close(): Promise<void>;
}

interface RequestTokenRecord {
  readonly apiKey: string;
  readonly userId: string;
  readonly issuedAt: number;
  used: boolean;
}

interface AccessTokenRecord {
  readonly apiKey: string;
  readonly userId: string;
  /** Kite invalidates every access token at the next 06:00 IST. */
  readonly expiresAt: number;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Kite's `YYYY-MM-DD HH:MM:SS` in IST. */
function kiteTime(epochMs: number): string {
  return new Date(epochMs + 19_800_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The profile fields Kite returns for `user`, both from `/user/profile` and inside a new session. */
function profileOf(user: KiteFakeUser) {
  return {
    user_id: user.userId,
    user_type: 'individual',
    email: user.email ?? `${user.userId.toLowerCase()}@example.com`,
    user_name: user.userName,
    user_shortname: user.userShortName ?? user.userName.split(' ')[0],
    broker: 'ZERODHA',
    exchanges: ['NSE', 'NFO', 'BSE', 'BFO', 'CDS', 'MCX'],
    products: ['CNC', 'NRML', 'MIS'],
    order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
    avatar_url: null,
    meta: { demat_consent: 'consent' },
  };
}

function loginPage(apiKey: string, redirectParams: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kite - Zerodha (test double)</title></head>
<body>
<h1>Login to Kite</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/connect/login">
<input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">
<input type="hidden" name="redirect_params" value="${escapeHtml(redirectParams)}">
<label>User ID <input name="user_id" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<label>TOTP <input name="totp" inputmode="numeric" autocomplete="one-time-code"></label>
<button type="submit">Login</button>
</form>
</body></html>`;
}

/**
 * Starts a local Kite Connect server on 127.0.0.1 speaking the documented protocol: the login page
 * (`GET /connect/login?v=3&api_key&redirect_params`, a form of user id, password and TOTP whose POST redirects to the
 * app's registered URL with `request_token`, `action=login`, `type=login`, `status=success` and the redirect params),
 * `POST /session/token` (checksum = sha256(api_key + request_token + api_secret); request tokens are single-use and
 * short-lived; access tokens expire at the next 06:00 IST on the fake's clock), `GET /user/profile`, `GET /user/margins[/equity]` and `DELETE /session/token`,
 * the order, trade, portfolio and margin routes of `createKiteOrderBook` (several users, each their own book), with
 * `Authorization: token api_key:access_token`, and Kite's error bodies (`{status:"error", message, error_type}`).
 */
export async function startKiteConnectFake(options: KiteConnectFakeOptions): Promise<KiteConnectFake> {
  const now = () => options.clock?.now() ?? Date.now();
  const ttl = options.requestTokenTtlMs ?? 5 * 60_000;
  const apps = new Map<string, KiteFakeApp>(options.apps.map((a) => [a.apiKey, a]));
  const users = new Map(options.users.map((u) => [u.userId.toUpperCase(), u]));
  const requestTokens = new Map<string, RequestTokenRecord>();
  const accessTokens = new Map<string, AccessTokenRecord>();
  const requests: KiteFakeRequest[] = [];
  let down = false;
  const book = createKiteOrderBook({
    now,
    appOf: (apiKey) => apps.get(apiKey),
    holdingsOf: (userId) => users.get(userId.toUpperCase())?.holdings ?? [],
    ...(options.instrumentToken ? { instrumentToken: options.instrumentToken } : {}),
  });

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, data: unknown) => json(res, 200, { status: 'success', data });
  const kiteError = (res: ServerResponse, status: number, errorType: string, message: string) =>
    json(res, status, { status: 'error', message, data: null, error_type: errorType });
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };

  const authenticate = (req: IncomingMessage): AccessTokenRecord | undefined => {
    const match = /^token ([^:]+):(.+)$/.exec(req.headers.authorization ?? '');
    if (!match) return undefined;
    const record = accessTokens.get(match[2] ?? '');
    return record && record.apiKey === match[1] && now() < record.expiresAt ? record : undefined;
  };

  const validTotp = (user: KiteFakeUser, code: string) =>
    [-1, 0, 1].some((step) => sameText(generateTotp(user.totpSecret, now(), step), code.trim()));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname });

    if (url.pathname === '/connect/login') {
      if (req.method === 'GET') {
        const apiKey = url.searchParams.get('api_key') ?? '';
        if (url.searchParams.get('v') !== '3' || !apps.has(apiKey)) {
          return html(res, 400, '<!doctype html><title>Kite</title><p>Invalid `api_key`.</p>');
        }
        return html(res, 200, loginPage(apiKey, url.searchParams.get('redirect_params') ?? ''));
      }
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const apiKey = form.get('api_key') ?? '';
        const redirectParams = form.get('redirect_params') ?? '';
        const app = apps.get(apiKey);
        if (!app) return html(res, 400, '<!doctype html><title>Kite</title><p>Invalid `api_key`.</p>');
        const user = users.get((form.get('user_id') ?? '').trim().toUpperCase());
        if (!user || !sameText(user.password, form.get('password') ?? '')) {
          return html(res, 401, loginPage(apiKey, redirectParams, 'Invalid username or password.'));
        }
        if (!validTotp(user, form.get('totp') ?? '')) {
          return html(res, 401, loginPage(apiKey, redirectParams, 'Invalid TOTP.'));
        }
        const requestToken = randomBytes(16).toString('hex');
        requestTokens.set(requestToken, { apiKey, userId: user.userId, issuedAt: now(), used: false });
        const target = new URL(app.redirectUrl);
        for (const [key, value] of new URLSearchParams(redirectParams)) target.searchParams.append(key, value);
        target.searchParams.set('action', 'login');
        target.searchParams.set('type', 'login');
        target.searchParams.set('status', 'success');
        target.searchParams.set('request_token', requestToken);
        res.writeHead(302, { location: target.toString() });
        res.end();
        return;
      }
    }

    if (down) return kiteError(res, 503, 'GeneralException', 'Kite is temporarily unavailable.');

    if (url.pathname === '/session/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const apiKey = form.get('api_key');
      const requestToken = form.get('request_token');
      const checksum = form.get('checksum');
      if (!apiKey || !requestToken || !checksum) {
        return kiteError(res, 400, 'InputException', 'Missing `api_key`, `request_token` or `checksum`.');
      }
      const app = apps.get(apiKey);
      if (!app) return kiteError(res, 403, 'TokenException', 'Invalid `api_key`.');
      const record = requestTokens.get(requestToken);
      if (!record || record.used || record.apiKey !== apiKey || now() - record.issuedAt > ttl) {
        return kiteError(res, 403, 'TokenException', 'Token is invalid or has expired.');
      }
      if (!sameText(sha256(apiKey + requestToken + app.apiSecret), checksum.toLowerCase())) {
        return kiteError(res, 403, 'TokenException', 'Invalid `checksum`.');
      }
      record.used = true;
      const user = users.get(record.userId.toUpperCase());
      if (!user) return kiteError(res, 403, 'TokenException', 'Token is invalid or has expired.');
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, {
        apiKey,
        userId: user.userId,
        expiresAt: nextIstSixAm(new Date(now())).getTime(),
      });
      return ok(res, {
        ...profileOf(user),
        api_key: apiKey,
        access_token: accessToken,
        public_token: randomBytes(16).toString('hex'),
        refresh_token: '',
        enctoken: randomBytes(16).toString('base64'),
        login_time: kiteTime(now()),
      });
    }

    if (url.pathname === '/session/token' && req.method === 'DELETE') {
      const auth = authenticate(req);
      const token = url.searchParams.get('access_token') ?? '';
      const record = accessTokens.get(token);
      if (!auth || !record || record.apiKey !== url.searchParams.get('api_key') || now() >= record.expiresAt) {
        return kiteError(res, 403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
      }
      accessTokens.delete(token);
      return ok(res, true);
    }

    if (req.method === 'GET' && (url.pathname === '/user/profile' || url.pathname.startsWith('/user/margins'))) {
      const auth = authenticate(req);
      if (!auth) return kiteError(res, 403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
      const user = users.get(auth.userId.toUpperCase());
      if (!user) return kiteError(res, 403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
      if (url.pathname === '/user/profile') {
        return ok(res, profileOf(user));
      }
      const cash = user.margins?.cash ?? 100_000;
      const debits = user.margins?.debits ?? 0;
      const segment = (enabled: boolean) => ({
        enabled,
        net: enabled ? cash - debits : 0,
        available: {
          adhoc_margin: 0,
          cash: enabled ? cash : 0,
          opening_balance: enabled ? cash : 0,
          live_balance: enabled ? cash - debits : 0,
          collateral: 0,
          intraday_payin: 0,
        },
        utilised: {
          debits: enabled ? debits : 0,
          exposure: 0,
          m2m_realised: 0,
          m2m_unrealised: 0,
          option_premium: 0,
          payout: 0,
          span: enabled ? debits : 0,
          holding_sales: 0,
          turnover: 0,
          liquid_collateral: 0,
          stock_collateral: 0,
          delivery: 0,
        },
      });
      if (url.pathname === '/user/margins') return ok(res, { equity: segment(true), commodity: segment(false) });
      if (url.pathname === '/user/margins/equity') return ok(res, segment(true));
      if (url.pathname === '/user/margins/commodity') return ok(res, segment(false));
    }

    const caller = authenticate(req);
    const body = req.method === 'GET' || req.method === 'DELETE' ? '' : await readBody(req);
    if (!caller) return kiteError(res, 403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
    const answer = await book.handle(caller, req.method ?? 'GET', url, body);
    if (answer) return book.respond(res, req, answer);
    return kiteError(res, 404, 'GeneralException', 'Route not found');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => kiteError(res, 500, 'GeneralException', 'Internal error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    ...book.hooks,
    baseUrl,
    loginUrl: `${baseUrl}/connect/login`,
    requests,
    activeAccessTokens: () => [...accessTokens.values()].filter((t) => now() < t.expiresAt).length,
    expireAccessTokens: () => accessTokens.clear(),
    setDown: (value) => {
      down = value;
    },
    sessions: () =>
      [...accessTokens.entries()]
        .filter(([, t]) => now() < t.expiresAt)
        .map(([accessToken, t]) => ({ apiKey: t.apiKey, userId: t.userId, accessToken })),
    setPostbackUrl: (apiKey, postbackUrl) => {
      const app = apps.get(apiKey);
      if (!app) throw new Error(`The fake Kite has no app ${apiKey}`);
      apps.set(apiKey, { ...app, postbackUrl });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** What a user types on Kite's login page. */
export interface KiteLoginCredentials {
  readonly userId: string;
  readonly password: string;
  readonly totp: string;
}

/**
 * Does what a browser does on the fake's login page: opens the login URL, fills in the form and submits it. Resolves
 * with the redirect target (the app's callback with `request_token` and the state); rejects with the page's error
 * when the fake refuses the credentials.
 */
export async function submitKiteLoginForm(loginUrl: string, credentials: KiteLoginCredentials): Promise<string> {
  const page = await fetch(loginUrl);
  const body = await page.text();
  if (page.status !== 200) throw new Error(`The Kite login page answered HTTP ${page.status}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1];
  if (!action) throw new Error('The Kite login page has no form');
  const form = new URLSearchParams();
  for (const match of body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    const decoded = (match[2] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&gt;/g, '>')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
    form.append(match[1] ?? '', decoded);
  }
  form.append('user_id', credentials.userId);
  form.append('password', credentials.password);
  form.append('totp', credentials.totp);
  const submitted = await fetch(new URL(action, loginUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location) {
    const text = await submitted.text();
    const error = /<p class="error"[^>]*>([^<]*)<\/p>/.exec(text)?.[1] ?? `HTTP ${submitted.status}`;
    throw new Error(`Kite refused the login: ${error}`);
  }
  return location;
}
