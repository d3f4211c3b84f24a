import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';

interface LogLine {
  level: number;
  msg?: string;
  links?: string[];
}

function lines(t: TestApp): LogLine[] {
  return t
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

describe('/dev/mailbox through a reverse proxy on the same host', () => {
  it('answers a direct request from this machine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'desk.example.in'],
    ['x-forwarded-proto', 'https'],
    ['forwarded', 'for=203.0.113.9;proto=https'],
    ['via', '1.1 nginx'],
    ['x-forwarded-port', '443'],
  ])('refuses a request relayed with %s, although it arrives from loopback', async (header, value) => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.css']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { [header]: value } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, errorCode: 'NOT_FOUND' });
    }
  });

  it('refuses every request when TRUST_PROXY is on', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, logLevel: 'warn' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('outgoing mail can still be checked from the log', () => {
  it('logs each kept mail’s links at info', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      remoteAddress: '10.81.0.1',
      payload: {
        firstName: 'Asha',
        lastName: 'Rao',
        mobile: '+919876543210',
        email: 'links@example.in',
        password: 'Nifty@Expiry-Tuesday9',
      },
    });
    expect(res.statusCode).toBe(200);
    await t.app.accounts.service.settled();
    const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{ links: string[] }[]>();
    const link = mails[0]?.links[0];
    expect(link).toBeTypeOf('string');
    const logged = lines(t).filter((l) => l.level === 30 && l.links?.includes(link ?? ''));
    expect(logged).toHaveLength(1);
  });

  it('warns at start when the public address is not loopback and no SMTP_URL is set', async () => {
    const exposed = await createTestApp({ env: { PUBLIC_URL: 'https://desk.example.in' }, logLevel: 'info' });
    try {
      const warnings = lines(exposed).filter((l) => l.level === 40 && l.msg?.includes('SMTP_URL'));
      expect(warnings).toHaveLength(1);
    } finally {
      await exposed.close();
    }
    const local = lines(t).filter((l) => l.level === 40 && l.msg?.includes('SMTP_URL'));
    expect(local).toHaveLength(0);
  });
});
