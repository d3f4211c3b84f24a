import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKiteConnectFake, type KiteConnectFake } from '@fnodesk/brokers/testing';
import { OrderBookSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey } from '../src/platform/secret-box';
import { runTs, stop, until, type Child } from './process-helpers';
import { TEST_CLOCK_START } from './test-app';

const dir = mkdtempSync(join(tmpdir(), 'fnodesk-kite-crash-'));
const KITE_USER = {
  userId: 'ZC4242',
  password: 'kite-crash-password',
  totpSecret: 'JBSWY3DPEHPK3PXP',
  userName: 'Crash Test',
};
const APP = { apiKey: 'crashkey01', apiSecret: 'crash-secret-canary-01' };
let kite: KiteConnectFake;
let current: Child | undefined;

beforeAll(async () => {
  // The runner's clock stands at the test clock's start; the fake's TOTP codes and token expiry follow it.
  kite = await startKiteConnectFake({
    apps: [{ ...APP, redirectUrl: 'http://localhost:8080/broker/callback/zerodha' }],
    users: [KITE_USER],
    clock: { now: () => TEST_CLOCK_START },
  });
});

afterAll(async () => {
  stop(current);
  await kite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server killed in the middle of a basket to Kite', () => {
  it('places each of the 10 orders exactly once at Kite and in our book after kill -9 and a restart', async () => {
    const env = {
      DATA_DIR: dir,
      SECRETS_KEY: generateSecretKey(),
      KITE_API_URL: kite.baseUrl,
      KITE_LOGIN_URL: kite.loginUrl,
      KITE_USER_ID: KITE_USER.userId,
      KITE_PASSWORD: KITE_USER.password,
      KITE_TOTP_SECRET: KITE_USER.totpSecret,
      KITE_API_KEY: APP.apiKey,
      KITE_API_SECRET: APP.apiSecret,
    };
    // Every answer to an order comes 400 ms late, so the kill lands while one is booked at Kite but not yet answered.
    for (let i = 0; i < 10; i++) kite.holdNextAnswer(KITE_USER.userId, 400);
    current = runTs('apps/server/test/fixtures/kite-basket-runner.ts', { ...env, PHASE: 'basket' });
    const basket = current;
    await until(() => kite.orders(KITE_USER.userId).length >= 5, 120_000, 'five orders at Kite');
    process.kill(-(basket.proc.pid ?? 0), 'SIGKILL');
    await basket.exited;
    expect(basket.output()).not.toContain('basket placed');
    const ready = /^ready (.+)$/m.exec(basket.output())?.[1];
    if (!ready) throw new Error(`the runner never got ready: ${basket.output()}`);
    const seen = kite.orders(KITE_USER.userId).length;
    expect(seen).toBeLessThan(10);

    const session = JSON.parse(ready) as { userID: string; loginSecret: string; email: string; accountId: string };
    current = runTs('apps/server/test/fixtures/kite-basket-runner.ts', {
      ...env,
      PHASE: 'resume',
      USER_ID: session.userID,
      LOGIN_SECRET: session.loginSecret,
      EMAIL: session.email,
      ACCOUNT_ID: session.accountId,
    });
    const resumed = current;
    expect(await resumed.exited, resumed.output()).toBe(0);
    const line = /^book (.+)$/m.exec(resumed.output())?.[1];
    if (!line) throw new Error(`no order book: ${resumed.output()}`);
    const book = OrderBookSchema.parse(JSON.parse(line));

    const atKite = kite.orders(KITE_USER.userId);
    expect(atKite).toHaveLength(10);
    expect(new Set(atKite.map((o) => o.tag)).size).toBe(10);
    expect(book.orders).toHaveLength(10);
    expect(book.orders.map((o) => o.status)).toEqual(Array.from({ length: 10 }, () => 'OPEN'));
    expect(new Set(book.orders.map((o) => o.brokerOrderId))).toEqual(new Set(atKite.map((o) => o.order_id)));
    expect(new Set(book.orders.map((o) => o.tag))).toEqual(new Set(atKite.map((o) => o.tag)));
  });
});
