import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail of security- and money-relevant actions (logins, plan changes, broker links, order
 * intents). Never updated or deleted by the application; modules append through the audit repository.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: text(),
    action: text().notNull(),
    subject: text(),
    requestId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_user_at_idx').on(t.userId, t.at), index('audit_log_action_at_idx').on(t.action, t.at)],
);
export * from './accounts.schema';
export * from './billing.schema';
export * from './site.schema';
export * from './brokers.schema';
export * from './market.schema';
export * from './documents.schema';
export * from './trading.schema';
export * from './quiktrade.schema';
