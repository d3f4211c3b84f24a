import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { closeHttp } from './shutdown';

let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
  t.app.get('/api/v1/__test/slow', async () => {
    await new Promise((r) => setTimeout(r, 400));
    return { code: 200, data: 'finished' };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await t.close();
});

describe('graceful shutdown of HTTP', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    const inFlight = fetch(`${base}/api/v1/__test/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const closing = closeHttp(t.app, 10_000);

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, data: 'finished' });
    await closing;
    // Closed once the request was done, long before the 10 s deadline would cut connections.
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
