import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from './audit.repository';
import { openDatabase } from './client';
import * as schema from './schema';
import { createTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

describe('migrations', () => {
  it('apply idempotently', async () => {
    await database.migrate();
    await database.migrate();
    const [row] = await database.db.select({ n: count() }).from(schema.auditLog);
    expect(row?.n).toBe(0);
  });

  it('answer a ping', async () => {
    expect(await database.ping()).toBeGreaterThanOrEqual(0);
  });
});

describe('audit log', () => {
  it('appends entries and lists a user’s entries oldest first within the window', async () => {
    const audit = createAuditRepository(database.db);
    const first = await audit.append({ action: 'login', userId: 'user-a', details: { ip: '127.0.0.1' } });
    const second = await audit.append({ action: 'logout', userId: 'user-a', requestId: 'r-2' });
    await audit.append({ action: 'login', userId: 'user-b' });
    expect(second).toBeGreaterThan(first);

    const from = new Date(Date.now() - 60_000);
    const to = new Date(Date.now() + 60_000);
    const rows = await audit.listForUser('user-a', from, to);
    expect(rows.map((r) => [r.id, r.action])).toEqual([
      [first, 'login'],
      [second, 'logout'],
    ]);
    expect(rows[0]?.details).toEqual({ ip: '127.0.0.1' });
    expect(rows[1]?.details).toEqual({});
    expect(await audit.listForUser('user-a', to, new Date(to.getTime() + 1))).toEqual([]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite on disk', () => {
  it('keeps committed rows across close and reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fnodesk-pg-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.migrate();
      const id = await createAuditRepository(first.db).append({ action: 'probe', userId: 'disk' });
      await first.close();
      await first.close();

      const again = await openDatabase({ dataDir: dir });
      await again.migrate();
      const rows = await createAuditRepository(again.db).listForUser('disk', new Date(0), new Date(Date.now() + 1e6));
      expect(rows.map((r) => r.id)).toEqual([id]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
