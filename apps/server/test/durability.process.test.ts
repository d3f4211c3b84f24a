import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuditRepository, openDatabase } from '@fnodesk/db';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs, stop, until, type Child } from './process-helpers';

const ROUNDS = 5;
const dir = mkdtempSync(join(tmpdir(), 'fnodesk-durability-'));
let current: Child | undefined;

afterAll(() => {
  stop(current);
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite under kill -TERM during writes', () => {
  it(`loses no committed row over ${ROUNDS} interrupted runs and reopens cleanly`, async () => {
    const committed = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      current = runTs('apps/server/test/fixtures/durability-writer.ts', { DATA_DIR: dir });
      const child = current;
      // Let each round get a different number of writes in before the signal lands mid-stream.
      const target = 20 + round * 37;
      await until(() => (child.output().match(/^committed /gm) ?? []).length >= target, 60_000, 'writes');
      child.proc.kill('SIGTERM');
      const code = await child.exited;
      expect(code, child.output()).toBe(0);
      for (const m of child.output().matchAll(/^committed (\d+)$/gm)) committed.add(Number(m[1]));
    }

    const database = await openDatabase({ dataDir: join(dir, 'pg') });
    try {
      await database.migrate();
      const rows = await createAuditRepository(database.db).listForUser(
        'writer',
        new Date(0),
        new Date(Date.now() + 60_000),
      );
      const stored = new Set(rows.map((r) => r.id));
      const lost = [...committed].filter((id) => !stored.has(id));
      expect(committed.size).toBeGreaterThan(ROUNDS * 20);
      expect(lost).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
