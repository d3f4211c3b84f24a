import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';
import { brokerAccounts } from './brokers.schema';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Portfolio MTM stop, target and lock-in trail of one account and mode (trading.md §5.3). `triggeredAt` is the
 * claim: set in the same statement that checks it is unset, so one trigger exits once whatever the number of
 * engines; `exitedAt` marks the exits placed (a claim without it is finished by the next engine pass).
 */
export const portfolioRisks = pgTable(
  'portfolio_risks',
  {
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    mode: text().$type<'live' | 'paper'>().notNull(),
    mtmStop: doublePrecision(),
    mtmTarget: doublePrecision(),
    trailFrom: doublePrecision(),
    trailLock: doublePrecision(),
    trailStep: doublePrecision(),
    armed: boolean().notNull().default(false),
    /** The trail's locked-in stop (MTM rupees) once the MTM reached `trailFrom`. */
    trailStop: doublePrecision(),
    peakMtm: doublePrecision(),
    trigger: text().$type<'mtmStop' | 'mtmTarget' | 'trailStop'>(),
    triggeredAt: at(),
    exitedAt: at(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode] }),
    index('portfolio_risks_armed_idx')
      .on(t.accountId)
      .where(sql`${t.armed}`),
  ],
);

/** New entries refused for the rest of an IST day: the account's day MTM reached its daily loss limit. */
export const riskDayLocks = pgTable(
  'risk_day_locks',
  {
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    mode: text().$type<'live' | 'paper'>().notNull(),
    /** IST date (YYYY-MM-DD). */
    day: text().notNull(),
    mtm: doublePrecision().notNull(),
    lockedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.day] })],
);

/**
 * A QuikTrade rule: a condition on a price or the clock and the order rows it places, fired once. `firedAt` is the
 * claim (set only where it is null, with `armed` cleared in the same statement); `fireIntentId` the orders placed.
 */
export const quiktradeRules = pgTable(
  'quiktrade_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    mode: text().$type<'live' | 'paper'>().notNull(),
    instrument: text().notNull(),
    expiry: text().notNull(),
    product: text().$type<'MIS' | 'NRML'>().notNull(),
    condition: jsonb().$type<Record<string, unknown>>().notNull(),
    actions: jsonb().$type<Record<string, unknown>[]>().notNull(),
    armed: boolean().notNull().default(true),
    firedAt: at(),
    fireIntentId: uuid(),
    fireError: text(),
    /** Bumped on every edit and re-arm, so the idempotency key of one firing differs from the next. */
    version: integer().notNull().default(1),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('quiktrade_rules_account_idx').on(t.accountId, t.createdAt),
    index('quiktrade_rules_armed_idx')
      .on(t.instrument)
      .where(sql`${t.armed}`),
  ],
);
