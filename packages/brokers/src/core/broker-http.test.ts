import { describe, expect, it } from 'vitest';
import { createFakeClock } from '@fnodesk/domain';
import { createBrokerHttp, createTokenBucket } from './broker-http';

type FetchArgs = Parameters<typeof fetch>;

function scriptedFetch(script: (call: number, init: FetchArgs[1]) => Promise<Response>) {
  const calls: FetchArgs[] = [];
  const fn = (async (...args: FetchArgs) => {
    calls.push(args);
    return script(calls.length, args[1]);
  }) as typeof fetch;
  return { fn, calls };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const base = { brokerId: 'dhan', brokerName: 'Dhan' } as const;

describe('broker HTTP', () => {
  it('retries an idempotent call on 5xx with doubling backoff, then succeeds', async () => {
    const clock = createFakeClock(0);
    const { waits, sleep } = recordingSleep();
    const { fn, calls } = scriptedFetch(async (n) =>
      n < 3 ? new Response('oops', { status: 502 }) : new Response('{"ok":true}', { status: 200 }),
    );
    const http = createBrokerHttp({ ...base, clock, sleep, fetch: fn, backoffMs: 100 });
    const res = await http.request({ method: 'GET', url: 'https://broker.example/x' });
    expect(res).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it('never resends a POST: one attempt, then BROKER_UNAVAILABLE', async () => {
    const { sleep } = recordingSleep();
    const { fn, calls } = scriptedFetch(async () => new Response('down', { status: 503 }));
    const http = createBrokerHttp({ ...base, clock: createFakeClock(0), sleep, fetch: fn });
    await expect(
      http.request({ method: 'POST', url: 'https://broker.example/orders', body: 'a=1' }),
    ).rejects.toMatchObject({
      code: 'BROKER_UNAVAILABLE',
      message: 'Dhan answered with a server error (HTTP 503).',
    });
    expect(calls).toHaveLength(1);
  });

  it('gives up after the bounded number of retries on network errors, quoting no URL', async () => {
    const { sleep } = recordingSleep();
    const { fn, calls } = scriptedFetch(async () => {
      throw new TypeError('fetch failed for https://broker.example/x?access_token=canary-token');
    });
    const http = createBrokerHttp({ ...base, clock: createFakeClock(0), sleep, fetch: fn, retries: 2 });
    const error = await http
      .request({ method: 'GET', url: 'https://broker.example/x?access_token=canary-token' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BROKER_UNAVAILABLE', message: 'Dhan could not be reached.' });
    expect(JSON.stringify(error) + String(error)).not.toContain('canary-token');
    expect(calls).toHaveLength(3);
  });

  it('times out a call that does not answer, on the injected clock', async () => {
    const clock = createFakeClock(0);
    const { sleep } = recordingSleep();
    const { fn } = scriptedFetch(
      (_n, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const http = createBrokerHttp({ ...base, clock, sleep, fetch: fn, timeoutMs: 5_000, retries: 0 });
    const pending = http.request({ method: 'GET', url: 'https://broker.example/slow' });
    await Promise.resolve();
    await Promise.resolve();
    clock.advance(4_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(1);
    await expect(pending).rejects.toMatchObject({
      code: 'BROKER_TIMEOUT',
      message: 'Dhan did not answer within 5000 ms.',
    });
  });

  it('returns 4xx answers to the adapter without retrying', async () => {
    const { fn, calls } = scriptedFetch(async () => new Response('bad', { status: 400 }));
    const http = createBrokerHttp({ ...base, clock: createFakeClock(0), sleep: async () => {}, fetch: fn });
    await expect(http.request({ method: 'GET', url: 'https://broker.example/x' })).resolves.toMatchObject({
      status: 400,
    });
    expect(calls).toHaveLength(1);
  });

  it('reports RATE_LIMITED when the broker keeps answering 429', async () => {
    const { fn } = scriptedFetch(async () => new Response('slow down', { status: 429 }));
    const http = createBrokerHttp({ ...base, clock: createFakeClock(0), sleep: async () => {}, fetch: fn });
    await expect(http.request({ method: 'GET', url: 'https://broker.example/x' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('token bucket', () => {
  it('lets a burst through, then spaces requests at the sustained rate', async () => {
    const clock = createFakeClock(0);
    const { waits, sleep } = recordingSleep();
    const bucket = createTokenBucket({ perSecond: 5, burst: 2 }, clock, sleep);
    for (let i = 0; i < 5; i += 1) await bucket.take();
    expect(waits).toEqual([200, 400, 600]);
  });

  it('refills with time, never above the burst', async () => {
    const clock = createFakeClock(0);
    const { waits, sleep } = recordingSleep();
    const bucket = createTokenBucket({ perSecond: 10, burst: 3 }, clock, sleep);
    await bucket.take();
    await bucket.take();
    await bucket.take();
    clock.advance(60_000);
    for (let i = 0; i < 3; i += 1) await bucket.take();
    expect(waits).toEqual([]);
    await bucket.take();
    expect(waits).toEqual([100]);
  });

  it('sends one adapter’s requests through its own limiter', async () => {
    const clock = createFakeClock(0);
    const { waits, sleep } = recordingSleep();
    const { fn } = scriptedFetch(async () => new Response('ok'));
    const http = createBrokerHttp({ ...base, clock, sleep, fetch: fn, rateLimit: { perSecond: 2, burst: 1 } });
    await http.request({ method: 'GET', url: 'https://broker.example/a' });
    await http.request({ method: 'GET', url: 'https://broker.example/b' });
    expect(waits).toEqual([500]);
  });
});
