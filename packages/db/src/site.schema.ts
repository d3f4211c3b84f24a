import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Demo requests left on the public site's 'Register for demo' form, for the sales team to follow up. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Lower-cased, as the e-mail rule normalises it. */
    email: text().notNull(),
    /** International form, `+91…`. */
    mobile: text().notNull(),
    message: text().notNull(),
    /** The client address the request came from, for spotting abuse. */
    ip: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('demo_requests_created_at_idx').on(t.createdAt), index('demo_requests_email_idx').on(t.email)],
);
