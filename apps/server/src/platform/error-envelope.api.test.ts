import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const ECHO_CANARY = 'echoCanary7c2e';
const ERROR_CODE = /^[A-Z][A-Z_]+$/;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
});

/** Sends `request` as raw bytes over HTTP/1.1 and returns the status and body of the answer. */
function raw(request: string): Promise<{ status: number; body: string; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

function expectEnvelope(body: string, status: number, errorCode?: string): void {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(expect.arrayContaining(['code', 'error', 'errorCode']));
  expect(parsed.code).toBe(status);
  expect(parsed.errorCode).toMatch(ERROR_CODE);
  if (errorCode) expect(parsed.errorCode).toBe(errorCode);
  expect(parsed).not.toHaveProperty('statusCode');
  expect(parsed).not.toHaveProperty('message');
  expect(body).not.toContain('FST_');
}

describe('every answer the server writes is the envelope, and none echoes the request', () => {
  it('a URL that cannot be decoded (%FF) answers 400 in the envelope, without the URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payment-orders/%FF${ECHO_CANARY}` });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, 400);
    expect(res.body).not.toContain(ECHO_CANARY);
  });

  it('a path parameter over the router’s limit answers 414 URI_TOO_LONG in the envelope, without the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/brokers/${ECHO_CANARY.repeat(60)}/details` });
    expect(res.statusCode).toBe(414);
    expectEnvelope(res.body, 414, 'URI_TOO_LONG');
    expect(res.body).not.toContain(ECHO_CANARY);
  });

  it('a URL over 8 KB answers 414 URI_TOO_LONG in the envelope', async () => {
    const res = await raw(`GET /api/v1/${ECHO_CANARY.repeat(700)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(414);
    expectEnvelope(res.body, 414, 'URI_TOO_LONG');
    expect(res.body).not.toContain(ECHO_CANARY);
  });

  it('headers over the server’s limit answer 431 HEADERS_TOO_LARGE in the envelope', async () => {
    const res = await raw(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.head.toLowerCase()).toContain('content-type: application/json');
    expectEnvelope(res.body, 431, 'HEADERS_TOO_LARGE');
  });

  it('a request that is not HTTP answers 400 in the envelope', async () => {
    const res = await raw('HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 400);
  });

  it.each([
    ['GET', `/api/v1/no-such-${ECHO_CANARY}`],
    ['POST', `/data/v1/no_such_${ECHO_CANARY}`],
    ['GET', `/assets/${ECHO_CANARY}.js`],
  ] as const)('a 404 for %s %s does not echo the path', async (method, url) => {
    const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.body, 404, 'NOT_FOUND');
    expect(res.body).not.toContain(ECHO_CANARY);
  });

  it('413, malformed JSON and an unsupported media type answer in the envelope without echoing the body', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ECHO_CANARY.repeat(100_000) }),
    });
    expect(big.statusCode).toBe(413);
    expectEnvelope(big.body, 413, 'PAYLOAD_TOO_LARGE');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${ECHO_CANARY}",`,
    });
    expectEnvelope(bad.body, 400, 'MALFORMED_JSON');
    const media = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${ECHO_CANARY}`,
    });
    expectEnvelope(media.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
    for (const res of [big, bad, media]) expect(res.body).not.toContain(ECHO_CANARY);
  });
});
