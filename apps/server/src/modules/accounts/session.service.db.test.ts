import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { createFakeClock } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus';
import { createLogger } from '../../platform/logger';
import { createAccountsRepository, type AccountsRepository } from './accounts.repository';
import { createSessionService, hashSecret, SESSIONS_REVOKED_CHANNEL } from './session.service';

const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);

describe('session service', () => {
  let database: TestDatabase;
  let repository: AccountsRepository;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    repository = createAccountsRepository(database.db);
    const user = await repository.insertUser({
      email: 'cache@example.com',
      firstName: 'Cache',
      lastName: 'Test',
      mobile: '9876543210',
      passwordHash: null,
      googleSub: null,
      emailVerifiedAt: null,
      websocketChannel: 'session-service-test',
      referredBy: null,
      signupPath: null,
      passwordChangedAt: null,
      createdAt: new Date(NOW),
    });
    userId = user.id;
  });
  afterAll(() => database.destroy());

  /**
   * The service over the real repository, counting the session reads it makes; while `hold` is set, each read
   * waits for it first.
   */
  function service() {
    const clock = createFakeClock(NOW);
    const bus = createMemoryBus(() => undefined);
    const counted = { ...repository, reads: 0, hold: undefined as Promise<void> | undefined };
    counted.findLiveSession = async (hash) => {
      counted.reads += 1;
      await counted.hold;
      return repository.findLiveSession(hash);
    };
    const sessions = createSessionService({ repository: counted, clock, bus, logger: createLogger('silent') });
    return { sessions, counted, clock, bus };
  }

  it('reads a session once for all the requests that miss the cache together', async () => {
    const { sessions, counted, clock } = service();
    const { secret } = await sessions.create(userId, { remember: false });
    const first = await Promise.all(Array.from({ length: 40 }, () => sessions.resolve(secret, undefined)));
    expect(first.every((user) => user?.userId === userId)).toBe(true);
    expect(counted.reads).toBe(1);
    // Cached for a second; then, nobody having asked meanwhile, one read again however many ask at once.
    clock.advance(1_000);
    let release!: () => void;
    counted.hold = new Promise((resolve) => (release = resolve));
    let answered = 0;
    const again = Array.from({ length: 40 }, () => sessions.resolve(secret, undefined).then(() => answered++));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // They all wait for that read.
    expect(answered).toBe(0);
    release();
    await Promise.all(again);
    expect(counted.reads).toBe(2);
  });

  it('keeps a busy session fresh in the background, its requests never waiting for the read', async () => {
    const { sessions, counted, clock } = service();
    const { secret } = await sessions.create(userId, { remember: false });
    await sessions.resolve(secret, undefined);
    clock.advance(799);
    await sessions.resolve(secret, undefined);
    expect(counted.reads).toBe(1);
    // From 800 ms on, requests are still answered from memory while one read runs in the background.
    clock.advance(1);
    let release!: () => void;
    counted.hold = new Promise((resolve) => (release = resolve));
    const users = await Promise.all(Array.from({ length: 40 }, () => sessions.resolve(secret, undefined)));
    expect(users.every((user) => user?.userId === userId)).toBe(true);
    expect(counted.reads).toBe(2);
    // Until it is done, nothing older than the second is answered from memory: past it, requests wait for it.
    clock.advance(200);
    let answered = false;
    const late = sessions.resolve(secret, undefined).then((user) => {
      answered = true;
      return user;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    counted.hold = undefined;
    release();
    expect((await late)?.userId).toBe(userId);
    expect(counted.reads).toBe(2);
    // The session read at 800 ms is trusted for a second from then, with no read before its own 800 ms.
    clock.advance(599);
    await sessions.resolve(secret, undefined);
    expect(counted.reads).toBe(2);
  });

  it('does not keep or share a read that was under way when the session was revoked', async () => {
    const { sessions, bus } = service();
    await sessions.start();
    const { secret } = await sessions.create(userId, { remember: false });
    const early = sessions.resolve(secret, undefined);
    // Another node revokes the session while the read is under way.
    await repository.revokeSessionByHash(hashSecret(secret), new Date(NOW));
    await bus.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify([hashSecret(secret)]));
    const late = sessions.resolve(secret, undefined);
    await early;
    expect(await late).toBeNull();
    expect(await sessions.resolve(secret, undefined)).toBeNull();
  });
});
