import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Per-user documents: saved scans, strategies, chart drawings and layouts, trade settings (one row each). `data` is
 * checked against its kind's schema in `contracts` before it is written; `version` grows by one with each write so
 * two tabs editing the same document cannot silently overwrite each other.
 */
export const userDocuments = pgTable(
  'user_documents',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the kinds of `contracts` (`saved-scan`, `chart-drawings`, …). */
    kind: text().notNull(),
    /** The document's key within its kind (a slug, a trading symbol, `default`). */
    key: text().notNull(),
    /** The document's own name, for lists; null for kinds without one. */
    name: text(),
    data: jsonb().$type<unknown>().notNull(),
    /** Size of `data` as UTF-8 JSON when written, for the size cap and lists. */
    bytes: integer().notNull(),
    version: integer().notNull(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_documents_pk', columns: [t.userId, t.kind, t.key] }),
    index('user_documents_user_kind_updated_idx').on(t.userId, t.kind, t.updatedAt),
    check('user_documents_version_positive', sql`${t.version} > 0`),
  ],
);
