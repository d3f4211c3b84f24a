import { DemoRequestReceiptSchema, PublicConfigSchema } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_REQUESTS_PER_IP_PER_HOUR } from './site.routes';

let t: TestApp;
let configured: TestApp;

const SITE_ENV = {
  BRAND_NAME: 'Option Desk',
  SUPPORT_EMAIL: 'help@optiondesk.example',
  SUPPORT_PHONE: '+91 80 4000 1234',
  WHATSAPP_URL: 'https://wa.me/918040001234',
  TELEGRAM_URL: 'https://t.me/optiondesk',
  YOUTUBE_URL: 'https://www.youtube.com/@optiondesk',
  BLOG_URL: 'https://blog.optiondesk.example',
  TWITTER_URL: 'https://x.com/optiondesk',
  DEMO_FORM_URL: 'https://forms.example.com/demo/embed?id=7',
};

beforeAll(async () => {
  t = await createTestApp();
  configured = await createTestApp({ env: SITE_ENV });
  await Promise.all([t.app.ready(), configured.app.ready()]);
});

afterAll(async () => {
  await Promise.all([t.close(), configured.close()]);
});

async function requestDemo(app: TestApp, body: unknown, remoteAddress = '198.51.100.10') {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/demo-request',
    payload: body as object,
    remoteAddress,
  });
  return {
    status: res.statusCode,
    body: res.json<{ code: number; data?: unknown; errorCode?: string; field?: string; error?: string }>(),
  };
}

describe('public config of the site', () => {
  it('names the brand and the support channels from the configuration', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/v1/public-config' });
    const data = PublicConfigSchema.parse(res.json<{ data: unknown }>().data);
    expect(data.brandName).toBe('Option Desk');
    expect(data.channels).toEqual({
      email: 'help@optiondesk.example',
      phone: '+91 80 4000 1234',
      whatsappUrl: 'https://wa.me/918040001234',
      telegramUrl: 'https://t.me/optiondesk',
      youtubeUrl: 'https://www.youtube.com/@optiondesk',
      blogUrl: 'https://blog.optiondesk.example',
      twitterUrl: 'https://x.com/optiondesk',
    });
    expect(data.demoFormUrl).toBe('https://forms.example.com/demo/embed?id=7');
  });

  it("lets the page frame the configured demo form's origin and no other", async () => {
    const page = await configured.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain('frame-src https://forms.example.com');
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('frame-src');
  });
});

describe('POST /api/v1/demo-request', () => {
  it('stores the request, normalised, and answers with its id', async () => {
    const res = await requestDemo(t, {
      name: '  Meera Iyer ',
      email: 'Meera.Iyer@Example.com',
      mobile: '+91 98765 43210',
      message: 'Interested in the option chain charts for my team.',
    });
    expect(res.status).toBe(200);
    const receipt = DemoRequestReceiptSchema.parse(res.body.data);
    const rows = await t.database.db.select().from(schema.demoRequests);
    const stored = rows.find((row) => row.id === receipt.id);
    expect(stored).toMatchObject({
      name: 'Meera Iyer',
      email: 'meera.iyer@example.com',
      mobile: '+919876543210',
      message: 'Interested in the option chain charts for my team.',
      ip: '198.51.100.10',
    });
    expect(receipt.receivedAt).toBe(new Date(t.clock.now()).toISOString());
    // The person's details are for the sales team, not for the log.
    expect(t.logs()).not.toContain('meera.iyer@example.com');
  });

  it('takes a request without a message', async () => {
    const res = await requestDemo(
      t,
      { name: 'Arjun', email: 'arjun@example.in', mobile: '+919812345678' },
      '198.51.100.11',
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['name', { name: ' ', email: 'a@example.in', mobile: '+919812345678' }, 'Name is required'],
    ['email', { name: 'A', email: 'not-an-address', mobile: '+919812345678' }, 'Enter a valid Email address'],
    ['mobile', { name: 'A', email: 'a@example.in', mobile: '12345' }, 'Enter a valid number'],
    ['message', { name: 'A', email: 'a@example.in', mobile: '+919812345678', message: 'x'.repeat(1001) }, undefined],
  ])('refuses a request with an invalid %s, naming the field', async (field, body, message) => {
    const res = await requestDemo(t, body, '198.51.100.12');
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_FAILED');
    expect(res.body.field).toBe(field);
    if (message !== undefined) expect(res.body.error).toBe(message);
  });

  it(`accepts ${DEMO_REQUESTS_PER_IP_PER_HOUR} requests an hour from one address, then answers 429`, async () => {
    const body = { name: 'Repeat', email: 'repeat@example.in', mobile: '+919812345678' };
    for (let i = 0; i < DEMO_REQUESTS_PER_IP_PER_HOUR; i += 1) {
      expect((await requestDemo(t, body, '198.51.100.99')).status).toBe(200);
    }
    const refused = await requestDemo(t, body, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('RATE_LIMITED');
  });
});
