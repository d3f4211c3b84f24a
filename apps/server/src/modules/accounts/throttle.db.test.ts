import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { createFakeClock } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from './accounts.repository';
import { createThrottle, type Throttle } from './throttle';

const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);
const HOUR = 3_600_000;

describe('throttle', () => {
  let database: TestDatabase;
  let throttle: Throttle;
  const clock = createFakeClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    throttle = createThrottle({ repository: createAccountsRepository(database.db), clock });
  });
  afterAll(() => database.destroy());

  it('of concurrent takes of one bucket, allows no more than the limit', async () => {
    // On PostgreSQL these run on several connections at once: without the bucket's lock, each could count the
    // same two earlier events and all be allowed.
    const limit = { max: 3, windowMs: HOUR };
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => throttle.take('concurrent', [limit])));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
    expect(verdicts.find((v) => !v.allowed)).toEqual({ allowed: false, retryAfterSeconds: 3_600 });
  });

  it('counts per bucket, and frees a slot as its oldest event leaves the window', async () => {
    const limit = { max: 2, windowMs: HOUR };
    expect((await throttle.take('window', [limit])).allowed).toBe(true);
    clock.advance(10 * 60_000);
    expect((await throttle.take('window', [limit])).allowed).toBe(true);
    expect(await throttle.take('window', [limit])).toEqual({ allowed: false, retryAfterSeconds: 50 * 60 });
    expect((await throttle.take('another', [limit])).allowed).toBe(true);
    // An hour after the first event, it has left the window; the second leaves ten minutes later.
    clock.advance(50 * 60_000);
    expect((await throttle.take('window', [limit])).allowed).toBe(true);
    expect(await throttle.take('window', [limit])).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 });
  });
});
