import { schema, type Db } from '@fnodesk/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';

const { userDocuments, users } = schema;

/** A stored document. */
export type UserDocumentRow = typeof userDocuments.$inferSelect;
/** A stored document without its data. */
export type UserDocumentSummaryRow = Omit<UserDocumentRow, 'data' | 'userId'>;

/** A write of one document, with the version the writer last read (undefined: whatever the version is now). */
export interface DocumentWrite {
  userId: string;
  kind: string;
  key: string;
  name: string | null;
  data: unknown;
  bytes: number;
  expectedVersion: number | undefined;
  /** How many documents of the kind the user may keep; only a new document can exceed it. */
  limit: number;
  now: Date;
}

/** What became of a write. */
export type DocumentWriteOutcome =
  | { outcome: 'written'; row: UserDocumentRow }
  /** Version 0 was expected but the document exists, or another version was expected than the one stored. */
  | { outcome: 'stale'; currentVersion: number }
  /** A version above 0 was expected but there is no such document. */
  | { outcome: 'missing' }
  /** A new document would take the user past the kind's limit. */
  | { outcome: 'full' };

/** What became of a delete. */
export type DocumentDeleteOutcome = 'deleted' | 'missing' | 'stale';

const summaryColumns = {
  kind: userDocuments.kind,
  key: userDocuments.key,
  name: userDocuments.name,
  bytes: userDocuments.bytes,
  version: userDocuments.version,
  createdAt: userDocuments.createdAt,
  updatedAt: userDocuments.updatedAt,
};

function one(userId: string, kind: string, key: string) {
  return and(eq(userDocuments.userId, userId), eq(userDocuments.kind, kind), eq(userDocuments.key, key));
}

/** Users' documents. The only code touching `user_documents`. */
export function createDocumentsRepository(db: Db) {
  return {
    /** The user's documents of a kind without their data, most recently written first. */
    list(userId: string, kind: string): Promise<UserDocumentSummaryRow[]> {
      return db
        .select(summaryColumns)
        .from(userDocuments)
        .where(and(eq(userDocuments.userId, userId), eq(userDocuments.kind, kind)))
        .orderBy(desc(userDocuments.updatedAt), userDocuments.key);
    },

    /** One of the user's documents; undefined when the user has none under that kind and key. */
    async get(userId: string, kind: string, key: string): Promise<UserDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(userDocuments)
        .where(one(userId, kind, key));
      return row;
    },

    /**
     * Creates or replaces a document if the expected version still holds. The user's row is locked first, so
     * concurrent writes of one user's documents take turns: two new documents cannot both pass the limit check.
     */
    write(w: DocumentWrite): Promise<DocumentWriteOutcome> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, w.userId)).for('no key update');
        const [current] = await tx
          .select({ version: userDocuments.version })
          .from(userDocuments)
          .where(one(w.userId, w.kind, w.key))
          .for('update');
        if (current === undefined) {
          if (w.expectedVersion !== undefined && w.expectedVersion > 0) return { outcome: 'missing' };
          const [held] = await tx
            .select({ n: count() })
            .from(userDocuments)
            .where(and(eq(userDocuments.userId, w.userId), eq(userDocuments.kind, w.kind)));
          if ((held?.n ?? 0) >= w.limit) return { outcome: 'full' };
          const [row] = await tx
            .insert(userDocuments)
            .values({
              userId: w.userId,
              kind: w.kind,
              key: w.key,
              name: w.name,
              data: w.data,
              bytes: w.bytes,
              version: 1,
              createdAt: w.now,
              updatedAt: w.now,
            })
            .returning();
          if (!row) throw new Error('document insert returned no row');
          return { outcome: 'written', row };
        }
        if (w.expectedVersion !== undefined && w.expectedVersion !== current.version) {
          return { outcome: 'stale', currentVersion: current.version };
        }
        const [row] = await tx
          .update(userDocuments)
          .set({
            name: w.name,
            data: w.data,
            bytes: w.bytes,
            version: sql`${userDocuments.version} + 1`,
            updatedAt: w.now,
          })
          .where(one(w.userId, w.kind, w.key))
          .returning();
        if (!row) throw new Error('document update returned no row');
        return { outcome: 'written', row };
      });
    },

    /** Deletes a document (only at `expectedVersion` when given). */
    async delete(
      userId: string,
      kind: string,
      key: string,
      expectedVersion: number | undefined,
    ): Promise<DocumentDeleteOutcome> {
      const where =
        expectedVersion === undefined
          ? one(userId, kind, key)
          : and(one(userId, kind, key), eq(userDocuments.version, expectedVersion));
      const deleted = await db.delete(userDocuments).where(where).returning({ key: userDocuments.key });
      if (deleted.length > 0) return 'deleted';
      if (expectedVersion === undefined) return 'missing';
      const [still] = await db
        .select({ v: userDocuments.version })
        .from(userDocuments)
        .where(one(userId, kind, key));
      return still === undefined ? 'missing' : 'stale';
    },
  };
}

/** The documents repository. */
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
