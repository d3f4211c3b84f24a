import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

/**
 * A broker account a user has linked (Paper Trading counts as one). A broker login is live while
 * `sessionExpiresAt` is in the future; the data tier `live` needs at least one (ARCHITECTURE §3).
 */
export const brokerAccounts = pgTable(
  'broker_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Broker key as the broker registry names it (`paper`, `zerodha`, …). */
    broker: text().notNull(),
    /** The account's client id at the broker (for Paper Trading, a generated one). */
    clientId: text().notNull(),
    /** The name the user gave the account. */
    label: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the user last logged in with the broker; null before the first login. */
    loggedInAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** When the broker session ends (brokers expire tokens at 06:00 IST); null when logged out. */
    sessionExpiresAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('broker_accounts_user_idx').on(t.userId, t.sessionExpiresAt)],
);
