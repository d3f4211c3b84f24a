import { createFakeClock } from '@fnodesk/domain';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus } from '../../platform/bus';
import { createAccountsRepository } from './accounts.repository';
import { createSessionService, type SessionService } from './session.service';

/**
 * Revocation across nodes (G8): two session services share one database and talk over two connections to one
 * bus, as two server processes would. A session ended on one node is refused by the other at once, not only after
 * the other node's cache entry runs out.
 */
export function sessionRevocationContract(connect: () => Promise<Bus[]>): void {
  let database: TestDatabase;
  let buses: Bus[];
  let nodes: SessionService[];
  const clock = createFakeClock(Date.UTC(2026, 10, 20, 4, 0, 0));

  beforeAll(async () => {
    database = await createTestDatabase();
    buses = await connect();
    const repository = createAccountsRepository(database.db);
    const logger = pino({ level: 'silent' });
    nodes = buses.map((bus) => createSessionService({ repository, clock, bus, logger }));
    await Promise.all(nodes.map((n) => n.start()));
    await repository.insertUser({
      email: 'node@example.in',
      firstName: 'Node',
      lastName: 'Test',
      mobile: '+919876543210',
      passwordHash: null,
      googleSub: null,
      emailVerifiedAt: null,
      websocketChannel: 'c0ffee',
      referredBy: null,
      signupPath: null,
      passwordChangedAt: null,
      createdAt: new Date(clock.now()),
    });
  });

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await database.destroy();
  });

  async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < withinMs) {
      if (await check()) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`not within ${withinMs} ms`);
  }

  it('a logout on one node is refused by the other within a second', async () => {
    const [a, b] = nodes as [SessionService, SessionService];
    const user = (await createAccountsRepository(database.db).findUserByEmail('node@example.in'))?.id ?? '';
    const { secret } = await a.create(user, { remember: false });
    // Node B has the session cached when A ends it; the clock does not move, so only the bus can clear B's cache.
    expect(await b.resolve(secret, undefined)).toMatchObject({ userId: user });
    await a.revoke(secret);
    expect(await a.resolve(secret, undefined)).toBeNull();
    const took = await waitFor(async () => (await b.resolve(secret, undefined)) === null, 1_000);
    expect(took).toBeLessThan(1_000);
  });

  it('ending all of a user’s sessions reaches every node', async () => {
    const [a, b] = nodes as [SessionService, SessionService];
    const user = (await createAccountsRepository(database.db).findUserByEmail('node@example.in'))?.id ?? '';
    const one = await a.create(user, { remember: true });
    const two = await b.create(user, { remember: false });
    expect(await b.resolve(one.secret, undefined)).not.toBeNull();
    expect(await a.resolve(two.secret, undefined)).not.toBeNull();
    await b.revokeAllForUser(user);
    await waitFor(async () => (await a.resolve(one.secret, undefined)) === null, 1_000);
    await waitFor(async () => (await a.resolve(two.secret, undefined)) === null, 1_000);
  });
}
