import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** People with an account. The e-mail is stored lower-cased and is the login identity. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    mobile: text().notNull(),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text(),
    /** Google's stable subject id, once the account has signed in with Google. */
    googleSub: text(),
    emailVerifiedAt: at(),
    /** The user's private channel id on the feed (ARCHITECTURE §3 `event` messages). */
    websocketChannel: text().notNull(),
    /** Referral code the user arrived with (`rc`), as typed. */
    referredBy: text(),
    signupPath: text(),
    passwordChangedAt: at(),
    /** The TOTP seed of two-factor sign-in, sealed like broker secrets (`users:<id>:totpSecret`); null when off. */
    totpSecretSealed: text(),
    /** A seed shown for setting up but not confirmed with a code yet (`users:<id>:totpPending`). */
    totpPendingSealed: text(),
    totpEnabledAt: at(),
    /** The time step of the last code accepted: that code, and every older one, never counts again. */
    totpLastStep: bigint({ mode: 'number' }),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_websocket_channel_key').on(t.websocketChannel),
  ],
);

/** Login sessions. Only the SHA-256 of the 256-bit login secret is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    remember: boolean().notNull(),
    createdAt: at().notNull(),
    lastSeenAt: at().notNull(),
    /** Absolute end of the session, whatever its use. */
    expiresAt: at().notNull(),
    revokedAt: at(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    uniqueIndex('sessions_secret_hash_key').on(t.secretHash),
    index('sessions_user_live_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** Single-use e-mailed tokens (verification, password reset); only their SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<'verify' | 'reset'>().notNull(),
    tokenHash: text().notNull(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/** What happened to an account, for the user's own activity list. */
export const userActivity = pgTable(
  'user_activity',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    source: text().notNull(),
    at: at().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('user_activity_user_at_idx').on(t.userId, t.at)],
);

/** Mail the embedded outbox keeps instead of sending (shown at /dev/mailbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    kind: text().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Events counted by sliding-window limits shared by every node (failed logins per account, attempts per IP, reset
 * mails). `bucket` is an opaque key such as `login-fail:<sha256 of e-mail>`.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    bucket: text().notNull(),
    at: at().notNull(),
  },
  (t) => [index('throttle_events_bucket_at_idx').on(t.bucket, t.at)],
);

/** Single-use recovery codes of two-factor sign-in; only their SHA-256 is stored. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [uniqueIndex('totp_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A login waiting for its TOTP code: the password (or Google) step passed. Only the SHA-256 of the challenge id the
 * client holds is stored; it allows a few tries for a few minutes and completes once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: text().notNull(),
    remember: boolean().notNull(),
    source: text().notNull(),
    /** The device token the login came with, if any (kept when it is the account's, else a new one is issued). */
    deviceToken: text(),
    /** The failure budget a wrong code counts in: the known device's, or the account's. */
    throttleBucket: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [
    uniqueIndex('login_challenges_hash_key').on(t.challengeHash),
    index('login_challenges_user_idx').on(t.userId),
  ],
);
