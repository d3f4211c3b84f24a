import { PublicConfigSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'warn',
    env: {
      FEED_URLS: 'wss://feed1.example.in/feed/v1,wss://feed2.example.in/feed/v1',
      MARKET_CLOCK: 'replay',
      REFRESH_MS: '30000',
    },
  });
});

afterAll(async () => {
  await t.close();
});

it('tells the web client the feed URLs, the refresh interval and that prices are a replay', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/public-config' });
  expect(PublicConfigSchema.parse(res.json<{ data: unknown }>().data).feed).toEqual({
    urls: ['wss://feed1.example.in/feed/v1', 'wss://feed2.example.in/feed/v1'],
    refreshMs: 30_000,
    replay: true,
    alwaysOpen: false,
  });
});
