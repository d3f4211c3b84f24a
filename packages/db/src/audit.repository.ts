import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from './client';
import { auditLog } from './schema';

/** A new audit entry. */
export interface AuditEntryInput {
  action: string;
  userId?: string | null;
  subject?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/** A stored audit entry. */
export type AuditEntry = typeof auditLog.$inferSelect;

/** Appends audit entries and reads them back by user and time. The only code touching `audit_log`. */
export function createAuditRepository(db: Db) {
  return {
    /** Appends one entry and returns its id. */
    async append(entry: AuditEntryInput): Promise<number> {
      const [row] = await db
        .insert(auditLog)
        .values({
          action: entry.action,
          userId: entry.userId ?? null,
          subject: entry.subject ?? null,
          requestId: entry.requestId ?? null,
          details: entry.details ?? {},
        })
        .returning({ id: auditLog.id });
      if (!row) throw new Error('audit insert returned no row');
      return row.id;
    },
    /** A user's entries in [from, to), oldest first. */
    listForUser(userId: string, from: Date, to: Date): Promise<AuditEntry[]> {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), gte(auditLog.at, from), lt(auditLog.at, to)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
    },
  };
}

/** The audit repository's interface. */
export type AuditRepository = ReturnType<typeof createAuditRepository>;
