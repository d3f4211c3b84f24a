import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A broker account a user has linked (Paper Trading counts as one; accounts spec §3). A broker login is live while
 * `sessionExpiresAt` is in the future; the data tier `live` needs at least one (ARCHITECTURE §3).
 *
 * The API key, API secret, TOTP seed and access token are stored only as sealed envelopes written by the server's
 * secret box (AES-256-GCM, `v1.<keyId>.<iv>.<tag>.<ciphertext>`): each value names the key it was sealed under, so
 * a key rotation can run while the server does.
 */
export const brokerAccounts = pgTable(
  'broker_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The spec's type string (`papertrading`, `zerodha`, `xts`, …). */
    type: text().notNull(),
    /** XTS flavour (`jainam`, `openxts`, `jainamduck`); null for other brokers. */
    subType: text(),
    /** The name the user gave the account. */
    name: text().notNull(),
    /** The account's client id at the broker (`userName` in the spec; for Paper Trading the user's own id). */
    userName: text().notNull(),
    /** `loggedIn`, `loggedOut` or `submitted` (accounts spec §4). */
    status: text().$type<'loggedIn' | 'loggedOut' | 'submitted'>().notNull().default('loggedOut'),
    isDefault: boolean().notNull().default(false),
    autoLogin: boolean().notNull().default(false),
    /** Enabled for trading (QuikTrade). */
    quickTrade: boolean().notNull().default(false),
    /** How many times a fanned-out order line's quantity this account trades (QuikTrade fan-out). */
    tradeMultiplier: integer().notNull().default(1),
    apiKeySealed: text(),
    secretSealed: text(),
    totpSecretSealed: text(),
    accessTokenSealed: text(),
    /** When the broker issued the current access token. */
    tokenCreatedAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    /** When the user last logged in with the broker; null before the first login. */
    loggedInAt: at(),
    /** When the broker session ends (brokers expire tokens at 06:00 IST); null when logged out. */
    sessionExpiresAt: at(),
  },
  (t) => [
    uniqueIndex('broker_accounts_user_type_user_name_key').on(t.userId, t.type, t.userName),
    uniqueIndex('broker_accounts_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    index('broker_accounts_user_idx').on(t.userId, t.sessionExpiresAt),
    index('broker_accounts_session_expiry_idx')
      .on(t.sessionExpiresAt)
      .where(sql`${t.sessionExpiresAt} is not null`),
    check('broker_accounts_status', sql`${t.status} in ('loggedIn', 'loggedOut', 'submitted')`),
  ],
);

/**
 * The `state` of a broker login in progress: single use, short-lived and bound to the user and account. Only its
 * SHA-256 is stored, so a database reader cannot complete someone's login.
 */
export const brokerLoginStates = pgTable(
  'broker_login_states',
  {
    stateHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index('broker_login_states_expires_idx').on(t.expiresAt)],
);
