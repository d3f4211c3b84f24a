import { schema, type Db } from '@fnodesk/db';
import { and, count, desc, eq, gt, gte, isNull, lt, lte, min, ne, sql } from 'drizzle-orm';

const { users, sessions, emailTokens, userActivity, mailOutbox, throttleEvents, totpRecoveryCodes, loginChallenges } =
  schema;

/** A stored user. */
export type UserRow = typeof users.$inferSelect;
/** A stored session. */
export type SessionRow = typeof sessions.$inferSelect;
/** A stored e-mail token. */
export type EmailTokenRow = typeof emailTokens.$inferSelect;
/** A stored activity entry. */
export type ActivityRow = typeof userActivity.$inferSelect;
/** A stored outbox mail. */
export type OutboxRow = typeof mailOutbox.$inferSelect;
/** A login waiting for its TOTP code. */
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

/** A new user. */
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & { createdAt: Date };

/** A session joined with its user's identity, as the resolver needs it. */
export interface LiveSession {
  session: SessionRow;
  email: string;
}

/** Counting and recording a throttle bucket's events, on the database or inside a transaction. */
function throttleQueries(db: Db) {
  return {
    /** Counts a bucket's events after `since` and the oldest of them (for Retry-After). */
    async countThrottle(bucket: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: count(), oldest: min(throttleEvents.at) })
        .from(throttleEvents)
        .where(and(eq(throttleEvents.bucket, bucket), gt(throttleEvents.at, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },
    /** Records one event in a bucket. */
    async insertThrottle(bucket: string, at: Date): Promise<void> {
      await db.insert(throttleEvents).values({ bucket, at });
    },
  };
}

/** The throttle's queries. */
export type ThrottleQueries = ReturnType<typeof throttleQueries>;

/** Users, sessions, e-mail tokens, activity, outbox and throttle counters. The only code touching these tables. */
export function createAccountsRepository(db: Db) {
  return {
    /** Inserts a user; throws a unique violation on `users_email_key` when the e-mail is taken. */
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...user, updatedAt: user.createdAt })
        .returning();
      if (!row) throw new Error('user insert returned no row');
      return row;
    },
    /** The user with this (lower-cased) e-mail, if any. */
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    /** The user with this id, if any. */
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Updates fields of a user and returns the new row. */
    async updateUser(
      id: string,
      changes: Partial<
        Pick<
          UserRow,
          | 'firstName'
          | 'lastName'
          | 'mobile'
          | 'passwordHash'
          | 'googleSub'
          | 'emailVerifiedAt'
          | 'passwordChangedAt'
          | 'totpSecretSealed'
          | 'totpPendingSealed'
          | 'totpEnabledAt'
          | 'totpLastStep'
        >
      >,
      at: Date,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Records `step` as the user's last accepted TOTP step when it is newer than the last one: of two requests with
     * the same code, only one gets true.
     */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Replaces a user's recovery codes with new ones (hashes only). */
    async replaceRecoveryCodes(userId: string, codeHashes: readonly string[], at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
        if (codeHashes.length > 0) {
          await tx
            .insert(totpRecoveryCodes)
            .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
        }
      });
    },
    /** Marks an unused recovery code as used; true when this call used it. */
    async consumeRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(totpRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(totpRecoveryCodes.userId, userId),
            eq(totpRecoveryCodes.codeHash, codeHash),
            isNull(totpRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: totpRecoveryCodes.id });
      return rows.length === 1;
    },
    /** A page of users holding a sealed TOTP seed (set up or pending), by id after `after`. */
    sealedSeedsPage(
      after: string | null,
      limit: number,
    ): Promise<{ id: string; totpSecretSealed: string | null; totpPendingSealed: string | null }[]> {
      const holding = sql`(${users.totpSecretSealed} is not null or ${users.totpPendingSealed} is not null)`;
      return db
        .select({ id: users.id, totpSecretSealed: users.totpSecretSealed, totpPendingSealed: users.totpPendingSealed })
        .from(users)
        .where(after === null ? holding : and(holding, gt(users.id, after)))
        .orderBy(users.id)
        .limit(limit);
    },
    /** Writes re-sealed seeds when the row still holds `before`'s values; true when it did. */
    async resealSeedsIfUnchanged(
      id: string,
      before: { totpSecretSealed: string | null; totpPendingSealed: string | null },
      after: { totpSecretSealed: string | null; totpPendingSealed: string | null },
    ): Promise<boolean> {
      const same = (column: typeof users.totpSecretSealed | typeof users.totpPendingSealed, value: string | null) =>
        value === null ? isNull(column) : eq(column, value);
      const rows = await db
        .update(users)
        .set(after)
        .where(
          and(
            eq(users.id, id),
            same(users.totpSecretSealed, before.totpSecretSealed),
            same(users.totpPendingSealed, before.totpPendingSealed),
          ),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Stores a login challenge. */
    async insertLoginChallenge(row: Omit<LoginChallengeRow, 'id' | 'attempts' | 'usedAt'>): Promise<void> {
      await db.insert(loginChallenges).values(row);
    },
    /**
     * Takes one try of a live challenge (unused, unexpired, fewer than `maxAttempts` tries so far) and returns it;
     * undefined when there is none left. Concurrent tries each take their own.
     */
    async tryLoginChallenge(
      challengeHash: string,
      at: Date,
      maxAttempts: number,
    ): Promise<LoginChallengeRow | undefined> {
      const [row] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.challengeHash, challengeHash),
            isNull(loginChallenges.usedAt),
            gt(loginChallenges.expiresAt, at),
            lt(loginChallenges.attempts, maxAttempts),
          ),
        )
        .returning();
      return row;
    },
    /** Completes a challenge; true for the one call that did. */
    async completeLoginChallenge(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ usedAt: at })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      return rows.length === 1;
    },
    /** Deletes challenges that ended before `before`. */
    async pruneLoginChallenges(before: Date): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before));
    },

    /** Stores a new session. */
    async insertSession(session: Omit<SessionRow, 'id' | 'revokedAt'>): Promise<SessionRow> {
      const [row] = await db
        .insert(sessions)
        .values({ ...session, revokedAt: null })
        .returning();
      if (!row) throw new Error('session insert returned no row');
      return row;
    },
    /** The unrevoked session with this secret hash, with its user's e-mail. */
    async findLiveSession(secretHash: string): Promise<LiveSession | undefined> {
      const [row] = await db
        .select({ session: sessions, email: users.email })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.secretHash, secretHash), isNull(sessions.revokedAt)))
        .limit(1);
      return row;
    },
    /** Records use of a session (its idle clock restarts). */
    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    /** Revokes the session with this secret hash; returns the revoked row when there was a live one. */
    async revokeSessionByHash(secretHash: string, at: Date): Promise<SessionRow | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.secretHash, secretHash), isNull(sessions.revokedAt)))
        .returning();
      return row;
    },
    /** Revokes every live session of a user except `keepId`; returns the revoked secret hashes. */
    async revokeUserSessions(userId: string, at: Date, keepId?: string): Promise<string[]> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepId !== undefined) conditions.push(ne(sessions.id, keepId));
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(...conditions))
        .returning({ secretHash: sessions.secretHash });
      return rows.map((r) => r.secretHash);
    },

    /** Stores an e-mail token. */
    async insertEmailToken(token: Omit<EmailTokenRow, 'id' | 'usedAt'>): Promise<void> {
      await db.insert(emailTokens).values({ ...token, usedAt: null });
    },
    /**
     * Marks the unused, unexpired token of this purpose as used and returns it. The conditional update makes the
     * token single-use even under concurrent clicks: only one caller gets a row back.
     */
    async consumeEmailToken(
      tokenHash: string,
      purpose: EmailTokenRow['purpose'],
      at: Date,
    ): Promise<EmailTokenRow | undefined> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },
    /** Marks every unused token of a purpose for a user as used (a new reset link voids older ones). */
    async voidEmailTokens(userId: string, purpose: EmailTokenRow['purpose'], at: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    /** Appends an activity entry. */
    async insertActivity(entry: Omit<ActivityRow, 'id'>): Promise<void> {
      await db.insert(userActivity).values(entry);
    },
    /** A user's activity in [from, to], newest first. */
    listActivity(
      userId: string,
      range: { from: Date; to: Date; source?: string | undefined; limit: number },
    ): Promise<ActivityRow[]> {
      const conditions = [
        eq(userActivity.userId, userId),
        gte(userActivity.at, range.from),
        lte(userActivity.at, range.to),
      ];
      if (range.source !== undefined) conditions.push(eq(userActivity.source, range.source));
      return db
        .select()
        .from(userActivity)
        .where(and(...conditions))
        .orderBy(desc(userActivity.at), desc(userActivity.id))
        .limit(range.limit);
    },

    /** Stores a mail in the outbox. */
    async insertOutboxMail(mail: Omit<OutboxRow, 'id'>): Promise<number> {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      return row.id;
    },
    /** The newest outbox mails first. */
    listOutbox(limit: number): Promise<OutboxRow[]> {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
    },

    ...throttleQueries(db),
    /**
     * Runs `work` in a transaction holding a lock on one throttle bucket, so that a check and the record that follows
     * it are one step: concurrent takes of the bucket, on any node, wait their turn rather than both seeing room.
     */
    lockedThrottle<T>(bucket: string, work: (q: ThrottleQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`);
        return work(throttleQueries(tx));
      });
    },
    /** Forgets a bucket (e.g. failed logins after a successful reset). */
    async clearThrottle(bucket: string): Promise<void> {
      await db.delete(throttleEvents).where(eq(throttleEvents.bucket, bucket));
    },
    /** Deletes events older than `before` (they no longer count in any window). */
    async pruneThrottle(before: Date): Promise<void> {
      await db.delete(throttleEvents).where(lt(throttleEvents.at, before));
    },
  };
}

/** The accounts repository's interface. */
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
