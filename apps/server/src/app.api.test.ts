import { AnyEnvelopeSchema } from '@fnodesk/contracts';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import type { SessionResolver } from './platform/auth';

const PASSWORD_CANARY = 'canary-password-7f3a91c2e5';
const SECRET_CANARY = 'canary-secret-b81d04e6f9';
const GOOD_SECRET = 'good-secret-0123456789';

const sessions: SessionResolver = {
  resolve: async (secret) => (secret === GOOD_SECRET ? { userId: 'u-1', email: 'trader@example.in' } : null),
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ sessions, env: { CORS_ORIGINS: 'https://partner.example.in' } });
  const { app } = t;
  app.post('/api/v1/__test/echo', async (request) => ({ code: 200, data: request.body ?? null }));
  app.post(
    '/api/v1/__test/validated',
    { schema: { body: z.object({ email: z.email(), password: z.string().min(8), qty: z.number().int().positive() }) } },
    async (request) => ({ code: 200, data: { qty: request.body.qty } }),
  );
  app.post('/api/v1/__test/explode', async () => {
    throw new Error('database exploded: internal detail 42');
  });
  app.get('/api/v1/__test/me', { preHandler: app.authenticate }, async (request) => ({
    code: 200,
    data: request.user,
  }));
  app.get('/api/v1/__test/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
    code: 200,
    data: 'ok',
  }));
  await app.ready();
});

afterAll(async () => {
  await t.close();
});

function envelope(body: string) {
  return AnyEnvelopeSchema.parse(JSON.parse(body));
}

describe('health', () => {
  it('answers 200 with database and bus ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const body = envelope(res.body);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ status: 'ok', database: { ok: true }, bus: { ok: true } });
  });

  it('answers the server time at /v1/timestamp from the clock port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/timestamp' });
    expect(envelope(res.body).data).toEqual({ now: t.clock.now() });
  });
});

describe('request bodies', () => {
  it('accepts JSON sent as application/json', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__test/echo', payload: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(envelope(res.body).data).toEqual({ a: 1 });
  });

  it('accepts JSON sent as text/plain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/echo',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{"lots":2}',
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res.body).data).toEqual({ lots: 2 });
  });

  it('rejects malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.in", ',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toMatchObject({ code: 400, errorCode: 'MALFORMED_JSON' });
  });

  it('rejects a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1_048_576) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res.body)).toMatchObject({ code: 413, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'rejects content type %s with 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { 'content-type': contentType },
        payload: 'a=1',
      });
      expect(res.statusCode).toBe(415);
      expect(envelope(res.body)).toMatchObject({ code: 415, errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
    },
  );

  it('drops prototype-poisoning keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res.body).data).toEqual({ a: 1 });
  });

  it('names the failing field on a schema violation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/validated',
      payload: { email: 'a@b.in', password: 'longenough', qty: -3 },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toMatchObject({ code: 400, errorCode: 'VALIDATION_FAILED', field: 'qty' });
  });

  it('names a missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/validated',
      payload: { email: 'a@b.in', qty: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'password' });
  });
});

describe('routing and errors', () => {
  it.each([
    ['GET', '/api/v1/no-such-route'],
    ['POST', '/api/v1/no-such-route'],
    ['GET', '/data/v1/no_such_dataset'],
    ['DELETE', '/v1/nothing'],
    ['GET', '/assets/missing-chunk.js'],
  ] as const)('answers %s %s with a 404 envelope', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(envelope(res.body)).toMatchObject({ code: 404, errorCode: 'NOT_FOUND' });
  });

  it('serves the SPA for unknown page paths (history fallback)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pages/option-chain-charts',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the SPA at the root path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a year of immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a static directory path with 404, never 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res.body)).toMatchObject({ code: 404, errorCode: 'NOT_FOUND' });
  });

  it('answers an unexpected error with a generic 500 and keeps the detail in the log only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__test/explode', payload: {} });
    expect(res.statusCode).toBe(500);
    const body = envelope(res.body);
    expect(body).toMatchObject({ code: 500, errorCode: 'INTERNAL' });
    expect(res.body).not.toContain('exploded');
    expect(t.logs()).toContain('database exploded: internal detail 42');
  });

  it('echoes a well-formed x-request-id and makes one otherwise', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-abc-123' } });
    expect(given.headers['x-request-id']).toBe('trace-abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id!' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('authentication', () => {
  it('answers 403 SESSION_EXPIRED without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__test/me' });
    expect(res.statusCode).toBe(403);
    expect(envelope(res.body)).toMatchObject({ code: 403, errorCode: 'SESSION_EXPIRED', sessionExpired: true });
  });

  it('answers 403 for an unknown secret', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/__test/me',
      headers: { userid: 'u-1', secret: 'not-a-session' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('derives the user from the secret and only compares the userid header', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/__test/me',
      headers: { userid: 'u-2', secret: GOOD_SECRET },
    });
    expect(other.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/__test/me',
      headers: { userid: 'u-1', secret: GOOD_SECRET },
    });
    expect(own.statusCode).toBe(200);
    expect(envelope(own.body).data).toEqual({ userId: 'u-1', email: 'trader@example.in' });
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED with Retry-After past a route limit', async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/v1/__test/limited', remoteAddress: '10.9.8.7' });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope(last?.body ?? '{}')).toMatchObject({ code: 429, errorCode: 'RATE_LIMITED' });
  });

  it('counts clients apart', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__test/limited', remoteAddress: '10.9.8.8' });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers and CORS', () => {
  it('sends a strict CSP with no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=31536000');
  });

  it('allows the configured origin exactly', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/__test/echo',
      headers: { origin: 'https://partner.example.in', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example.in');
  });

  it.each([
    'null',
    'https://evil.example',
    'https://partner.example.in.evil.example',
    'https://evilpartner.example.in',
    'http://partner.example.in',
    'https://partner.example.in:8443',
    'https://PARTNER.example.in.',
  ])('never reflects the hostile origin %s', async (origin) => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('secrets stay out of logs and responses', () => {
  it('never logs or echoes a password or the secret header', async () => {
    const responses = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: `/api/v1/__test/me?secret=${SECRET_CANARY}`,
        headers: { userid: 'u-1', secret: SECRET_CANARY },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/__test/validated',
        headers: { secret: SECRET_CANARY },
        payload: { email: 'not-an-email', password: PASSWORD_CANARY, qty: 1 },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { 'content-type': 'application/json', secret: SECRET_CANARY },
        payload: `{"password":"${PASSWORD_CANARY}", broken`,
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/__test/explode',
        headers: { secret: SECRET_CANARY },
        payload: { password: PASSWORD_CANARY },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/no-such-route',
        headers: { secret: SECRET_CANARY },
        payload: { password: PASSWORD_CANARY },
      }),
    ]);
    t.app.log.info({ body: { password: PASSWORD_CANARY, nested: { secret: SECRET_CANARY } } }, 'backstop');

    const logs = t.logs();
    expect(logs.length).toBeGreaterThan(1000);
    expect(logs).not.toContain(PASSWORD_CANARY);
    expect(logs).not.toContain(SECRET_CANARY);
    for (const res of responses) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(PASSWORD_CANARY);
      expect(res.body).not.toContain(SECRET_CANARY);
      expect(JSON.stringify(res.headers)).not.toContain(SECRET_CANARY);
    }
  });
});
