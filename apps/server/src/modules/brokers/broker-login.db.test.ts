import { schema } from '@fnodesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { createBrokerLoginStatus } from './broker-login.repository';

const NOW = Date.parse('2026-11-20T04:00:00Z');

describe('broker login status', () => {
  let test: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const [user] = await test.db
      .insert(schema.users)
      .values({
        email: 'b@example.com',
        firstName: 'B',
        lastName: 'K',
        mobile: '+919800000000',
        websocketChannel: 'ch-broker-test',
      })
      .returning({ id: schema.users.id });
    userId = user!.id;
  });
  afterAll(async () => {
    await test.destroy();
  });

  it('answers no without a broker account, or with a logged-out or expired one, and yes with a running session', async () => {
    const status = createBrokerLoginStatus(test.db, () => NOW);
    expect(await status.isLoggedIn(userId)).toBe(false);
    const accounts = schema.brokerAccounts;
    await test.db.insert(accounts).values([
      { userId, type: 'zerodha', userName: 'AB1234', name: 'Main' },
      { userId, type: 'papertrading', userName: 'PAPER1', name: 'Paper', sessionExpiresAt: new Date(NOW - 1) },
    ]);
    expect(await status.isLoggedIn(userId)).toBe(false);
    await test.db.insert(accounts).values({
      userId,
      type: 'papertrading',
      userName: 'PAPER2',
      name: 'Paper 2',
      status: 'loggedIn',
      sessionExpiresAt: new Date(NOW + 60_000),
    });
    expect(await status.isLoggedIn(userId)).toBe(true);
    expect(await createBrokerLoginStatus(test.db, () => NOW + 60_000).isLoggedIn(userId)).toBe(false);
  });
});
