import { createAuditRepository, isUniqueViolation, schema, type AuditEntryInput, type Db } from '@fnodesk/db';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';

const { brokerAccounts, brokerLoginStates, subscriptions, users } = schema;

/** A stored broker account (secrets sealed). */
export type BrokerAccountRow = typeof brokerAccounts.$inferSelect;
/** A new broker account. */
export type NewBrokerAccount = typeof brokerAccounts.$inferInsert & { id: string };
/** The sealed columns of an account. */
export type SealedFields = Pick<
  BrokerAccountRow,
  'apiKeySealed' | 'secretSealed' | 'totpSecretSealed' | 'accessTokenSealed'
>;
/** A broker account's status. */
export type BrokerAccountStatus = BrokerAccountRow['status'];

/** A session that ran out, as the expiry job reports it. */
export interface ExpiredSession {
  id: string;
  userId: string;
  type: string;
  userName: string;
}

/** The unique index that makes (user, type, userName) one account. */
const SAME_ACCOUNT_KEY = 'broker_accounts_user_type_user_name_key';

/** Thrown by `insert` when the user already has this broker's account with this user name. */
export class DuplicateBrokerAccount extends Error {
  override readonly name = 'DuplicateBrokerAccount';
}

/** Key of an account's pending login with a broker that sends no `state` back (not a hash: nothing secret). */
const pendingLoginKey = (accountId: string) => `pending:${accountId}`;

/** An account's id with its sealed values: what a key rotation reads. */
const sealedColumns = {
  id: brokerAccounts.id,
  apiKeySealed: brokerAccounts.apiKeySealed,
  secretSealed: brokerAccounts.secretSealed,
  totpSecretSealed: brokerAccounts.totpSecretSealed,
  accessTokenSealed: brokerAccounts.accessTokenSealed,
};

const mine = (userId: string, id: string) => and(eq(brokerAccounts.userId, userId), eq(brokerAccounts.id, id));

// A logged-out account keeps no token: nothing can call the broker with yesterday's session (G8).
const loggedOutValues = (now: Date) => ({
  status: 'loggedOut' as const,
  quickTrade: false,
  accessTokenSealed: null,
  sessionExpiresAt: null,
  updatedAt: now,
});

function queries(db: Db) {
  return {
    /** The user's accounts, oldest first. */
    listForUser(userId: string): Promise<BrokerAccountRow[]> {
      return db
        .select()
        .from(brokerAccounts)
        .where(eq(brokerAccounts.userId, userId))
        .orderBy(asc(brokerAccounts.createdAt), asc(brokerAccounts.id));
    },

    /** One of the user's accounts; another user's is as missing as an unknown one. */
    async findForUser(userId: string, id: string): Promise<BrokerAccountRow | undefined> {
      const [row] = await db.select().from(brokerAccounts).where(mine(userId, id));
      return row;
    },

    /** Any user's account by id (postbacks arrive without a session). */
    async findById(id: string): Promise<BrokerAccountRow | undefined> {
      const [row] = await db.select().from(brokerAccounts).where(eq(brokerAccounts.id, id));
      return row;
    },

    /** Adds an account; throws {@link DuplicateBrokerAccount} for the same (user, type, userName). */
    async insert(account: NewBrokerAccount): Promise<BrokerAccountRow> {
      try {
        const [row] = await db.insert(brokerAccounts).values(account).returning();
        if (!row) throw new Error('broker account insert returned no row');
        return row;
      } catch (error) {
        if (isUniqueViolation(error, SAME_ACCOUNT_KEY)) throw new DuplicateBrokerAccount();
        throw error;
      }
    },

    /** Changes an account's switches or status. */
    async update(
      userId: string,
      id: string,
      patch: Partial<Pick<BrokerAccountRow, 'autoLogin' | 'quickTrade' | 'status' | 'isDefault'>>,
      now: Date,
    ): Promise<BrokerAccountRow | undefined> {
      const [row] = await db
        .update(brokerAccounts)
        .set({ ...patch, updatedAt: now })
        .where(mine(userId, id))
        .returning();
      return row;
    },

    /** Accounts of the user enabled for trading, other than `exceptId`. */
    enabledForTrading(userId: string, exceptId: string): Promise<Pick<BrokerAccountRow, 'id' | 'type'>[]> {
      return db
        .select({ id: brokerAccounts.id, type: brokerAccounts.type })
        .from(brokerAccounts)
        .where(
          and(eq(brokerAccounts.userId, userId), eq(brokerAccounts.quickTrade, true), ne(brokerAccounts.id, exceptId)),
        );
    },

    /** Stores a new broker session: token sealed by the caller, status loggedIn. */
    async markLoggedIn(
      userId: string,
      id: string,
      session: { accessTokenSealed: string; at: Date; expiresAt: Date },
    ): Promise<BrokerAccountRow | undefined> {
      const [row] = await db
        .update(brokerAccounts)
        .set({
          status: 'loggedIn',
          accessTokenSealed: session.accessTokenSealed,
          tokenCreatedAt: session.at,
          loggedInAt: session.at,
          sessionExpiresAt: session.expiresAt,
          updatedAt: session.at,
        })
        .where(mine(userId, id))
        .returning();
      return row;
    },

    /** Ends the session: status loggedOut, not enabled for trading, token dropped. */
    async markLoggedOut(userId: string, id: string, now: Date): Promise<BrokerAccountRow | undefined> {
      const [row] = await db.update(brokerAccounts).set(loggedOutValues(now)).where(mine(userId, id)).returning();
      return row;
    },

    /** Removes an account; returns it, or undefined when it was not the user's. */
    async delete(userId: string, id: string): Promise<BrokerAccountRow | undefined> {
      const [row] = await db.delete(brokerAccounts).where(mine(userId, id)).returning();
      return row;
    },

    /**
     * Logs out every session that has run out by `now` (brokers end tokens at 06:00 IST). Each row is returned by
     * exactly one caller, however many nodes sweep at once.
     */
    expireSessions(now: Date): Promise<ExpiredSession[]> {
      return db
        .update(brokerAccounts)
        .set(loggedOutValues(now))
        .where(
          and(
            isNotNull(brokerAccounts.sessionExpiresAt),
            lte(brokerAccounts.sessionExpiresAt, now),
            or(eq(brokerAccounts.status, 'loggedIn'), isNotNull(brokerAccounts.accessTokenSealed)),
          ),
        )
        .returning({
          id: brokerAccounts.id,
          userId: brokerAccounts.userId,
          type: brokerAccounts.type,
          userName: brokerAccounts.userName,
        });
    },

    /**
     * Records that a login `state` was used. False when it had been used already (single use, enforced by the
     * primary key so two racing callbacks cannot both pass).
     */
    async claimLoginState(entry: {
      stateHash: string;
      userId: string;
      accountId: string;
      at: Date;
      expiresAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(brokerLoginStates)
        .values({ ...entry, createdAt: entry.at, usedAt: entry.at })
        .onConflictDoNothing()
        .returning({ stateHash: brokerLoginStates.stateHash });
      return rows.length === 1;
    },

    /**
     * Records a login started with a broker that does not send the `state` back (one pending login per account;
     * a new one replaces it).
     */
    async upsertPendingLogin(entry: { userId: string; accountId: string; at: Date; expiresAt: Date }): Promise<void> {
      await db
        .insert(brokerLoginStates)
        .values({
          stateHash: pendingLoginKey(entry.accountId),
          userId: entry.userId,
          accountId: entry.accountId,
          createdAt: entry.at,
          expiresAt: entry.expiresAt,
        })
        .onConflictDoUpdate({
          target: brokerLoginStates.stateHash,
          set: { createdAt: entry.at, expiresAt: entry.expiresAt, usedAt: null },
        });
    },

    /** The user's pending logins not yet used nor expired, newest first. */
    pendingLogins(userId: string, now: Date): Promise<{ accountId: string; createdAt: Date }[]> {
      return db
        .select({ accountId: brokerLoginStates.accountId, createdAt: brokerLoginStates.createdAt })
        .from(brokerLoginStates)
        .where(
          and(
            eq(brokerLoginStates.userId, userId),
            isNull(brokerLoginStates.usedAt),
            gt(brokerLoginStates.expiresAt, now),
            sql`${brokerLoginStates.stateHash} like 'pending:%'`,
          ),
        )
        .orderBy(desc(brokerLoginStates.createdAt));
    },

    /** Uses an account's pending login once; false when there is none (used, expired or never started). */
    async claimPendingLogin(userId: string, accountId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(brokerLoginStates)
        .set({ usedAt: now })
        .where(
          and(
            eq(brokerLoginStates.stateHash, pendingLoginKey(accountId)),
            eq(brokerLoginStates.userId, userId),
            isNull(brokerLoginStates.usedAt),
            gt(brokerLoginStates.expiresAt, now),
          ),
        )
        .returning({ stateHash: brokerLoginStates.stateHash });
      return rows.length === 1;
    },

    /** Forgets used states that can no longer be presented (their signed expiry has passed). */
    async deleteExpiredLoginStates(now: Date): Promise<number> {
      const rows = await db
        .delete(brokerLoginStates)
        .where(lte(brokerLoginStates.expiresAt, now))
        .returning({ stateHash: brokerLoginStates.stateHash });
      return rows.length;
    },

    /** Whether the user has a paid QuikTrade plan running (not only the Free trial). */
    async hasPaidTradePlan(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.product, 'qt'),
            eq(subscriptions.kind, 'plan'),
            lte(subscriptions.startsAt, now),
            gt(subscriptions.endsAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** What the broker module needs of the user: the password hash (to re-check it) and the feed channel. */
    async userOf(userId: string): Promise<{ passwordHash: string | null; websocketChannel: string } | undefined> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash, websocketChannel: users.websocketChannel })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** One page of accounts with any sealed value, by id (for a key rotation). */
    sealedPage(afterId: string | null, limit: number): Promise<(SealedFields & { id: string })[]> {
      return db
        .select(sealedColumns)
        .from(brokerAccounts)
        .where(afterId === null ? sql`true` : gt(brokerAccounts.id, afterId))
        .orderBy(asc(brokerAccounts.id))
        .limit(limit);
    },

    /** One account's sealed values, by id. */
    async sealedOf(id: string): Promise<(SealedFields & { id: string }) | undefined> {
      const [row] = await db.select(sealedColumns).from(brokerAccounts).where(eq(brokerAccounts.id, id));
      return row;
    },

    /**
     * Replaces an account's sealed values if they are still `expected` (a login or logout in between wins, and the
     * rotation re-reads that row). True when written.
     */
    async resealIfUnchanged(id: string, expected: SealedFields, next: SealedFields): Promise<boolean> {
      const same = (column: (typeof brokerAccounts)[keyof SealedFields], value: string | null) =>
        value === null ? sql`${column} is null` : eq(column, value);
      const rows = await db
        .update(brokerAccounts)
        .set(next)
        .where(
          and(
            eq(brokerAccounts.id, id),
            same(brokerAccounts.apiKeySealed, expected.apiKeySealed),
            same(brokerAccounts.secretSealed, expected.secretSealed),
            same(brokerAccounts.totpSecretSealed, expected.totpSecretSealed),
            same(brokerAccounts.accessTokenSealed, expected.accessTokenSealed),
          ),
        )
        .returning({ id: brokerAccounts.id });
      return rows.length === 1;
    },
  };
}

/**
 * Broker accounts, login states and what the module reads of users and plans. The only code of the brokers module
 * that touches the database.
 */
export function createBrokersRepository(db: Db) {
  const audit = createAuditRepository(db);
  return {
    ...queries(db),
    /** Appends an audit entry (never with a secret in `details`). */
    async audit(entry: AuditEntryInput): Promise<void> {
      await audit.append(entry);
    },
    /** Makes `id` the user's only default account, in one transaction; undefined when it is not the user's. */
    setDefault(userId: string, id: string, now: Date): Promise<BrokerAccountRow | undefined> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select({ id: brokerAccounts.id }).from(brokerAccounts).where(mine(userId, id));
        if (!target) return undefined;
        await tx
          .update(brokerAccounts)
          .set({ isDefault: false, updatedAt: now })
          .where(and(eq(brokerAccounts.userId, userId), eq(brokerAccounts.isDefault, true)));
        const [row] = await tx
          .update(brokerAccounts)
          .set({ isDefault: true, updatedAt: now })
          .where(mine(userId, id))
          .returning();
        return row;
      });
    },
  };
}

/** The brokers repository. */
export type BrokersRepository = ReturnType<typeof createBrokersRepository>;
