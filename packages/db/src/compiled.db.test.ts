import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled, compiledByShape, rowSlots, slot, slotSql } from './compiled';
import { auditLog } from './schema';
import { createTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

type AuditRow = typeof auditLog.$inferSelect;
type AuditInsert = typeof auditLog.$inferInsert;

describe('compiled statements', () => {
  it('insert rows by shape: defaults for left-out columns, SQL NULL for nulls, encoded dates and JSON', async () => {
    const { db } = database;
    const insert = compiledByShape<ReturnType<typeof rowSlots<AuditInsert>>, AuditRow>('test_audit_insert', (rows) =>
      db.insert(auditLog).values(rows.rows).returning(),
    );
    const at = new Date('2026-11-20T04:00:00.000Z');
    const write = (rows: AuditInsert[]) => {
      const slotted = rowSlots('a', rows);
      return insert.run(db, slotted.shape, slotted, slotted.values);
    };
    const [first] = await write([{ action: 'compiled.one', userId: 'u-1', subject: null, at, details: { n: 1 } }]);
    // The same shape again, other values: the statement built for the first run serves it.
    const [second] = await write([{ action: 'compiled.two', userId: 'u-2', subject: null, at, details: { n: 2 } }]);
    // Another shape: `at` and `details` left out take their defaults; a subject given.
    const [third] = await write([{ action: 'compiled.three', userId: 'u-1', subject: 's' }]);

    expect(first).toMatchObject({ action: 'compiled.one', userId: 'u-1', subject: null, at, details: { n: 1 } });
    expect(second).toMatchObject({ action: 'compiled.two', userId: 'u-2', details: { n: 2 } });
    expect(third).toMatchObject({ action: 'compiled.three', subject: 's', details: {} });
    expect(third?.at).toBeInstanceOf(Date);
    // The null went in as SQL NULL (a placeholder would have sent JSON or the text 'null').
    const [nulls] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.subject} is null and ${auditLog.action} like 'compiled.%'`);
    expect(nulls?.n).toBe(2);
  });

  it('selects with placeholders, maps rows as the builder would, and runs inside a transaction', async () => {
    const { db } = database;
    const byUser = compiled<AuditRow>('test_audit_by_user', () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, slot('userId')), sql`${auditLog.action} like 'compiled.%'`))
        .orderBy(auditLog.id),
    );
    const rename = compiled<{ id: number; subject: string | null }>('test_audit_rename', () =>
      db
        .update(auditLog)
        .set({ subject: slotSql('subject') })
        .where(eq(auditLog.userId, slot('userId')))
        .returning({ id: auditLog.id, subject: auditLog.subject }),
    );
    const rows = await byUser.run(db, { userId: 'u-1' });
    expect(rows.map((r) => r.action)).toEqual(['compiled.one', 'compiled.three']);
    expect(rows[0]?.at).toEqual(new Date('2026-11-20T04:00:00.000Z'));
    expect(await byUser.run(db, { userId: 'nobody' })).toEqual([]);

    // A statement that rolls back with its transaction.
    await expect(
      db.transaction(async (tx) => {
        const renamed = await rename.run(tx, { userId: 'u-2', subject: 'renamed' });
        expect(renamed.map((r) => r.subject)).toEqual(['renamed']);
        expect((await byUser.run(tx, { userId: 'u-2' }))[0]?.subject).toBe('renamed');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await byUser.run(db, { userId: 'u-2' }))[0]?.subject).toBeNull();
  });

  it('gives a left-joined table as null when no row matched, as the builder does', async () => {
    const { db } = database;
    const entriesOf = compiled<{ one: number; entry: AuditRow | null }>('test_audit_left_join', () =>
      db
        .select({ one: sql<number>`1`.as('one'), entry: auditLog })
        .from(sql`(select 1) as one_row`)
        .leftJoin(auditLog, and(eq(auditLog.userId, slot('userId')), sql`${auditLog.action} like 'compiled.%'`)),
    );
    expect(await entriesOf.run(db, { userId: 'nobody' })).toEqual([{ one: 1, entry: null }]);
    const found = await entriesOf.run(db, { userId: 'u-1' });
    expect(found.map((row) => row.entry?.action).sort()).toEqual(['compiled.one', 'compiled.three']);
  });

  it('refuses SQL among row values', () => {
    expect(() => rowSlots('a', [{ action: sql`now()` }])).toThrow(/not SQL/);
  });
});
