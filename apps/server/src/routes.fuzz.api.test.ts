import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../test/signed-in-user';
import { createTestApp, type TestApp, UNLIMITED_LOGINS_BY_ADDRESS } from '../test/test-app';
import type { RouteEntry } from './platform/route-table';

/**
 * The fuzz tier: every route the server registers, generated from its route table (a route added tomorrow is
 * covered without touching this file), gets garbage in its path parameters, query, body and headers. No answer is
 * a 5xx, every answer is the envelope, a refusal quotes nothing of the request, and the canary secrets reach no log
 * line and no answer.
 */

const SEED = 20_261_128;
// The tier's whole budget of cases: as routes are added each gets fewer, never under 50 nor over 200.
const TOTAL_CASES = 5_000;
const MIN_CASES = 50;
const MAX_CASES = 200;
const MARKER = 'zqxEchoMarker';
const PASSWORD_CANARY = 'Canary-Fuzz-Pw-2b8e41c9';
const BROKER_SECRET_CANARY = 'canaryfuzzsecret7d1a93e5';
const BROKER_KEY_CANARY = 'canaryfuzzkey4c0e8b72';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...UNLIMITED_LOGINS_BY_ADDRESS },
    logLevel: 'info',
  });
  await t.app.ready();
  user = await signUpAndLogIn(t, { tag: 'fuzz' });
  // The canary password: set through change-password, so the tier's own user holds it.
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/change-password',
    headers: authHeaders(user),
    payload: { currentPassword: 'Nifty@Expiry-Tuesday9', newPassword: PASSWORD_CANARY },
  });
  expect(changed.statusCode).toBe(200);
  const broker = await t.app.inject({
    method: 'POST',
    url: '/api/v1/brokers',
    headers: authHeaders(user),
    payload: {
      name: 'Fuzz Kite',
      type: 'zerodha',
      configuration: { userName: 'FZ1234', apiKey: BROKER_KEY_CANARY, secret: BROKER_SECRET_CANARY },
    },
  });
  expect(broker.statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
});

const DEEP_JSON = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;
const ONE_MB = JSON.stringify({ blob: `${MARKER}${'x'.repeat(1_048_576)}` });
const NEARLY_ONE_MB = JSON.stringify({ blob: `${MARKER}${'y'.repeat(1_000_000)}` });

/** Text no field should take whole: control characters, lone surrogates, prototype names, numbers as strings. */
const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    `a\u0000${MARKER}`,
    '\u0007\u001b[31m',
    '\t\n\r',
    '\ud800',
    `${MARKER}\udfff`,
    '__proto__',
    'constructor',
    'prototype',
    '1e309',
    'NaN',
    '-0',
    '0x1F',
    '  12  ',
    '',
    `%00${MARKER}`,
    '../../etc/passwd',
    `<script>${MARKER}</script>`,
    `'; drop table users; --${MARKER}`,
  ),
  fc.string({ maxLength: 40 }).map((s) => `${MARKER}${s}`),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyText, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'length'), nastyText),
);

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

interface Case {
  params: string[];
  query: Record<string, string>;
  body: Body;
  auth: boolean;
}

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}

const paramValue = fc.oneof(
  nastyText.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom('%FF', '%00', '%2F', '..%2F..', '%E0%A4%A', 'a'.repeat(600), '%61', '__proto__', 'constructor'),
  fc.uuid(),
);

function casesFor(route: RouteEntry): fc.Arbitrary<Case> {
  const paramCount = (route.url.match(/:[A-Za-z]+/g) ?? []).length;
  const queryKeys = [...keysOf(route.schema.querystring), '__proto__', 'constructor', 'q'];
  const bodyKeys = keysOf(route.schema.body);
  const query = fc.dictionary(
    fc.constantFrom(...queryKeys),
    nastyText.map((s) => s.replace(/[\ud800-\udfff]/g, '')),
    { maxKeys: 4 },
  );
  const shaped = fc.record(Object.fromEntries([...bodyKeys, '__proto__', 'extra'].map((k) => [k, nastyValue])), {
    requiredKeys: [],
  });
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 5, arbitrary: shaped.map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: nastyValue.map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          text: fc.constantFrom(
            '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
            `{"${MARKER}":`,
            '[',
            'null',
            '"text"',
            '12',
            DEEP_JSON,
            DEEP_OBJECT,
            ONE_MB,
            NEARLY_ONE_MB,
            `\u0000${MARKER}`,
          ),
          contentType: fc.constantFrom(
            'application/json',
            'text/plain;charset=UTF-8',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'multipart/form-data; boundary=x',
          ),
        })
        .map((raw): Body => ({ kind: 'raw', ...raw })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
  return fc.record({
    params: fc.array(paramValue, { minLength: paramCount, maxLength: paramCount }),
    query,
    body,
    // A session logged out by the tier itself would leave the rest unauthenticated.
    auth: route.url.includes('logout') ? fc.constant(false) : fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  });
}

function urlOf(route: RouteEntry, c: Case): string {
  let i = 0;
  const path = route.url.replace(/:[A-Za-z]+/g, () => c.params[i++] ?? 'x');
  const query = new URLSearchParams(c.query).toString();
  return query ? `${path}?${query}` : path;
}

/** The routes the tier covers: everything but the WebSocket, the SPA's files and pages, and HEAD twins. */
function fuzzedRoutes(): RouteEntry[] {
  return t.app.routes.filter(
    (r) => !r.websocket && r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url !== '/' && !r.url.includes('*'),
  );
}

function casesPerRoute(routeCount: number): number {
  return Math.max(MIN_CASES, Math.min(MAX_CASES, Math.floor(TOTAL_CASES / Math.max(1, routeCount))));
}

describe(`every route, generated from the route table (fast-check seed ${SEED})`, () => {
  it('covers the routes of every module', () => {
    const urls = fuzzedRoutes().map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/v1/user', '/api/v1/brokers/:id/reveal', '/api/v1/promo-code', '/healthz']),
    );
    expect(urls.some((u) => u.startsWith('/data/v1/'))).toBe(true);
  });

  it('no 5xx, the envelope everywhere, no echo in refusals, no canary in answers or logs', async () => {
    const routes = fuzzedRoutes();
    const runs = casesPerRoute(routes.length);
    console.info(`fuzz tier: ${routes.length} routes × ${runs} cases, fast-check seed ${SEED}`);
    let address = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(casesFor(route), async (c) => {
          address += 1;
          const headers: Record<string, string> = c.auth ? authHeaders(user) : {};
          let payload: string | undefined;
          if (c.body.kind === 'json') {
            payload = JSON.stringify(c.body.value) ?? 'null';
            headers['content-type'] = 'application/json';
          } else if (c.body.kind === 'raw') {
            payload = c.body.text;
            headers['content-type'] = c.body.contentType;
          }
          const withBody = route.method !== 'GET' && payload !== undefined;
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
            url: urlOf(route, c),
            remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            headers: withBody ? headers : c.auth ? authHeaders(user) : {},
            ...(withBody ? { payload } : {}),
          });
          const where = `${route.method} ${route.url} → ${res.statusCode}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.body, where).not.toContain(PASSWORD_CANARY);
          expect(res.body, where).not.toContain(BROKER_SECRET_CANARY);
          // The mailbox pages are HTML and the OpenAPI document is a document; their refusals are still checked.
          if (route.url.startsWith('/dev/') || (route.url.endsWith('/openapi.json') && res.statusCode < 400)) return;
          const envelope = JSON.parse(res.body) as { code?: unknown; errorCode?: unknown; error?: unknown };
          expect(envelope.code, where).toBe(res.statusCode);
          if (res.statusCode >= 400) {
            expect(envelope.errorCode, where).toMatch(/^[A-Z][A-Z_]+$/);
            expect(envelope.error, where).toBeTypeOf('string');
            expect(res.body, where).not.toContain(MARKER);
          }
        }),
        { seed: SEED, numRuns: runs },
      );
    }
    const logs = t.logs();
    expect(logs).not.toContain(PASSWORD_CANARY);
    expect(logs).not.toContain(BROKER_SECRET_CANARY);
    expect(logs).not.toContain(BROKER_KEY_CANARY);
  }, 600_000);
});
