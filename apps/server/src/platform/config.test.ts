import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({}, '/srv/fnodesk');
    expect(config.http.port).toBe(8080);
    expect(config.http.publicUrl).toBe('http://localhost:8080');
    expect(config.http.bodyLimit).toBe(1_048_576);
    expect(config.data.dir).toBe('/srv/fnodesk/data');
    expect(config.data.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect([...config.roles]).toEqual(['api', 'gateway', 'ingest', 'jobs']);
    expect(config.shutdownGraceMs).toBe(10_000);
  });

  it('is frozen all the way down', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example' });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.http)).toBe(true);
    expect(Object.isFrozen(config.http.corsOrigins)).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['LOG_LEVEL', 'loud'],
    ['ROLES', 'api,frontend'],
    ['PUBLIC_URL', 'ftp://fnodesk.example'],
    ['SHUTDOWN_GRACE_MS', '-1'],
    ['TRUST_PROXY', 'maybe'],
    ['MARKET_REPLAY_FROM', '25:00'],
    ['MARKET_REPLAY_FROM', '11.30'],
  ])('fails fast naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads the scaled-out settings', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://app@db:5432/fnodesk',
      REDIS_URL: 'redis://cache:6379',
      ROLES: 'api, gateway',
      PUBLIC_URL: 'https://fnodesk.example/',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(config.http.port).toBe(9000);
    expect(config.http.publicUrl).toBe('https://fnodesk.example');
    expect(config.http.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect([...config.roles]).toEqual(['api', 'gateway']);
    expect(config.data.databaseUrl).toBe('postgres://app@db:5432/fnodesk');
    expect(config.redisUrl).toBe('redis://cache:6379');
  });
});

describe('market clock settings', () => {
  it('follows the wall clock in a replay unless MARKET_REPLAY_FROM pins where it stands at the start', () => {
    expect(loadConfig({}).feed.replayStart).toBeUndefined();
    const before = Date.now();
    const pinned = loadConfig({ MARKET_CLOCK: 'always', MARKET_REPLAY_FROM: '11:30' }).feed.replayStart;
    expect(pinned?.msOfDay).toBe((11 * 60 + 30) * 60_000);
    expect(pinned?.startedAt).toBeGreaterThanOrEqual(before);
  });
});

describe('billing settings', () => {
  it('refuses the pause between basket orders outside tests, and takes it under NODE_ENV=test', () => {
    expect(() => loadConfig({ TRADING_TEST_SEND_DELAY_MS: '400' })).toThrow(/TRADING_TEST_SEND_DELAY_MS/);
    expect(loadConfig({}).trading.testSendDelayMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', TRADING_TEST_SEND_DELAY_MS: '400' }).trading.testSendDelayMs).toBe(400);
  });

  it('uses the built-in test checkout unless both Razorpay keys are set', () => {
    const config = loadConfig({});
    expect(config.billing.razorpay).toBeUndefined();
    expect(config.billing.referralPercent).toBe(10);
    expect(config.billing.support).toEqual({ email: 'support@fnodesk.local', phone: '' });
    const razorpay = loadConfig({
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_API_URL: 'http://127.0.0.1:9999/',
    }).billing.razorpay;
    expect(razorpay).toEqual({
      keyId: 'rzp_live_x',
      keySecret: 's',
      webhookSecret: undefined,
      apiUrl: 'http://127.0.0.1:9999',
    });
  });

  it.each([
    ['RAZORPAY_KEY_SECRET', { RAZORPAY_KEY_ID: 'rzp_live_x' }],
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_SECRET: 's' }],
    ['REFERRAL_PERCENT', { REFERRAL_PERCENT: '80' }],
    ['TEST_PAYMENT_SECRET', { TEST_PAYMENT_SECRET: 'short' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'not-an-address' }],
  ])('fails fast naming %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

describe('site settings', () => {
  it("brands the site 'FNO Desk' and offers only the support e-mail when nothing else is configured", () => {
    const { site } = loadConfig({});
    expect(site).toEqual({
      brandName: 'FNO Desk',
      channels: {
        email: 'support@fnodesk.local',
        phone: '',
        whatsappUrl: undefined,
        telegramUrl: undefined,
        youtubeUrl: undefined,
        blogUrl: undefined,
        twitterUrl: undefined,
      },
      demoFormUrl: undefined,
    });
  });

  it('reads the brand, the channels and the demo form', () => {
    const { site } = loadConfig({
      BRAND_NAME: ' Option Desk ',
      SUPPORT_PHONE: '+91 80 4000 1234',
      WHATSAPP_URL: 'https://wa.me/918040001234',
      BLOG_URL: 'http://blog.optiondesk.example',
      DEMO_FORM_URL: 'https://forms.example.com/demo',
    });
    expect(site.brandName).toBe('Option Desk');
    expect(site.channels.phone).toBe('+91 80 4000 1234');
    expect(site.channels.whatsappUrl).toBe('https://wa.me/918040001234');
    expect(site.channels.blogUrl).toBe('http://blog.optiondesk.example');
    expect(site.demoFormUrl).toBe('https://forms.example.com/demo');
  });

  it.each([
    ['BRAND_NAME', { BRAND_NAME: ' ' }],
    ['WHATSAPP_URL', { WHATSAPP_URL: 'wa.me/918040001234' }],
    ['TWITTER_URL', { TWITTER_URL: 'http://x.com/optiondesk' }],
    ['DEMO_FORM_URL', { DEMO_FORM_URL: 'javascript:alert(1)' }],
  ])('fails fast naming %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
