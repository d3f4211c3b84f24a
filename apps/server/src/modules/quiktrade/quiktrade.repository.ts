import { compiled, schema, slot, type Db } from '@fnodesk/db';
import { TERMINAL_ORDER_STATUSES } from '@fnodesk/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';

const {
  brokerAccounts,
  orderIntents,
  portfolioRisks,
  positionProtections,
  quiktradeRules,
  riskDayLocks,
  riskSettings,
  tradingOrders,
  tradingPositions,
} = schema;

/** A position row. */
export type RiskPositionRow = typeof tradingPositions.$inferSelect;
/** A portfolio risk row. */
export type PortfolioRiskRow = typeof portfolioRisks.$inferSelect;
/** A rule row. */
export type RuleRow = typeof quiktradeRules.$inferSelect;
/** The values a rule is created or edited with. */
export type RuleValues = Pick<
  typeof quiktradeRules.$inferInsert,
  'instrument' | 'expiry' | 'product' | 'condition' | 'actions' | 'armed'
>;

/** A watched protection with its position. */
export interface WatchedProtection {
  protection: typeof positionProtections.$inferSelect;
  position: typeof tradingPositions.$inferSelect;
}

/** What the risk engine watches of a set of accounts, as stored. */
export interface WatchRows {
  /** Every position (open or closed: the closed ones' realised P&L counts in the MTM). */
  positions: RiskPositionRow[];
  /** Protections not yet triggered, and triggered ones whose exit was not placed. */
  protections: (typeof positionProtections.$inferSelect)[];
  /** Armed portfolio risks, and triggered ones whose exits were not all placed. */
  portfolios: PortfolioRiskRow[];
  /** Daily loss limits set. */
  lossLimits: { accountId: string; dailyLossLimit: number }[];
  /** Armed rules, and fired ones whose orders were neither placed nor refused. */
  rules: RuleRow[];
}

// Armed, or claimed and not finished (a stopped process): what the engine watches or has to finish.
const WATCHED_PORTFOLIO = or(
  eq(portfolioRisks.armed, true),
  and(isNotNull(portfolioRisks.triggeredAt), isNull(portfolioRisks.exitedAt)),
);
// An order that ended without filling whole (an exit that did not close its position): every end but COMPLETE.
const UNFILLED_STATUSES = TERMINAL_ORDER_STATUSES.filter((status) => status !== 'COMPLETE');
/** `column` is one of `ids` (true when `ids` is null: every account). */
const ofAccounts = (column: SQL, ids: readonly string[] | null): SQL =>
  ids === null ? sql`true` : inArray(column, [...ids]);
const WATCHED_RULE = or(
  eq(quiktradeRules.armed, true),
  and(isNotNull(quiktradeRules.firedAt), isNull(quiktradeRules.fireIntentId), isNull(quiktradeRules.fireError)),
);

/** The risk engine's SQL: the protections to watch, trail moves, and the claim that makes one trigger one exit. */
export function createQuikTradeRepository(db: Db) {
  // Read at every order's intake (the entry guard): built once.
  const positionsOf = compiled<RiskPositionRow>('quiktrade_positions', () =>
    db
      .select()
      .from(tradingPositions)
      .where(and(eq(tradingPositions.accountId, slot('accountId')), eq(tradingPositions.mode, slot('mode')))),
  );
  // The entry guard's reads in one statement: the account's positions in a mode (none: one row without a position)
  // and whether new entries are locked for the day.
  const intakeOf = compiled<{ locked: boolean; position: RiskPositionRow | null }>('quiktrade_intake', () =>
    db
      .select({
        locked:
          sql<boolean>`exists (select 1 from ${riskDayLocks} where ${riskDayLocks.accountId} = ${slot('accountId')} and ${riskDayLocks.mode} = ${slot('mode')} and ${riskDayLocks.day} = ${slot('day')})`.as(
            'locked',
          ),
        position: tradingPositions,
      })
      .from(sql`(select 1) as intake`)
      .leftJoin(
        tradingPositions,
        and(eq(tradingPositions.accountId, slot('accountId')), eq(tradingPositions.mode, slot('mode'))),
      ),
  );
  const dayLockOf = compiled<{ day: string }>('quiktrade_day_lock', () =>
    db
      .select({ day: riskDayLocks.day })
      .from(riskDayLocks)
      .where(
        and(
          eq(riskDayLocks.accountId, slot('accountId')),
          eq(riskDayLocks.mode, slot('mode')),
          eq(riskDayLocks.day, slot('day')),
        ),
      )
      .limit(1),
  );
  return {
    /**
     * What the engine watches of `accountIds`, or of every account when null (the positions then of the accounts
     * holding an open position: an account without one has nothing to exit and no MTM to move).
     */
    async watchRows(accountIds: readonly string[] | null): Promise<WatchRows> {
      const ids = accountIds === null ? null : [...accountIds];
      if (ids !== null && ids.length === 0) {
        return { positions: [], protections: [], portfolios: [], lossLimits: [], rules: [] };
      }
      const holding = db
        .selectDistinct({ id: tradingPositions.accountId })
        .from(tradingPositions)
        .where(ne(tradingPositions.quantity, 0));
      const positions = await db
        .select()
        .from(tradingPositions)
        .where(inArray(tradingPositions.accountId, ids ?? holding));
      // Of some accounts: by their positions' ids (the protections' key), not a scan of every protection.
      const positionIds = positions.map((p) => p.id);
      const [protections, portfolios, limits, rules] = await Promise.all([
        ids !== null && positionIds.length === 0
          ? []
          : db
              .select()
              .from(positionProtections)
              .where(
                and(
                  or(isNull(positionProtections.triggeredAt), isNull(positionProtections.exitIntentId)),
                  ids ? inArray(positionProtections.positionId, positionIds) : undefined,
                ),
              ),
        db
          .select()
          .from(portfolioRisks)
          .where(and(WATCHED_PORTFOLIO, ids ? inArray(portfolioRisks.accountId, ids) : undefined)),
        db
          .select({ accountId: riskSettings.accountId, dailyLossLimit: riskSettings.dailyLossLimit })
          .from(riskSettings)
          .where(and(isNotNull(riskSettings.dailyLossLimit), ids ? inArray(riskSettings.accountId, ids) : undefined)),
        db
          .select()
          .from(quiktradeRules)
          .where(and(WATCHED_RULE, ids ? inArray(quiktradeRules.accountId, ids) : undefined)),
      ]);
      const lossLimits = limits.flatMap((r) =>
        r.dailyLossLimit === null ? [] : [{ accountId: r.accountId, dailyLossLimit: r.dailyLossLimit }],
      );
      return { positions, protections, portfolios, lossLimits, rules };
    },

    async saveTrail(positionId: string, stopLoss: number | null, trailAnchor: number | null, at: Date): Promise<void> {
      await db
        .update(positionProtections)
        .set({ stopLoss, trailAnchor, updatedAt: at })
        .where(and(eq(positionProtections.positionId, positionId), isNull(positionProtections.triggeredAt)));
    },

    /**
     * Claims a trigger: true for exactly one caller, however many engines (or restarts) see the same price, because
     * the claim and the check are one statement.
     */
    async claim(positionId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(positionProtections)
        .set({ triggeredAt: at, updatedAt: at })
        .where(and(eq(positionProtections.positionId, positionId), isNull(positionProtections.triggeredAt)))
        .returning({ positionId: positionProtections.positionId });
      return rows.length === 1;
    },

    async recordExit(positionId: string, intentId: string): Promise<void> {
      await db
        .update(positionProtections)
        .set({ exitIntentId: intentId })
        .where(eq(positionProtections.positionId, positionId));
    },

    /** The user's broker account with this id (ownership checked here). */
    async account(userId: string, accountId: string) {
      const [row] = await db
        .select({ id: brokerAccounts.id, userId: brokerAccounts.userId, type: brokerAccounts.type })
        .from(brokerAccounts)
        .where(and(eq(brokerAccounts.id, accountId), eq(brokerAccounts.userId, userId)))
        .limit(1);
      return row;
    },

    /** Positions of one account and mode. */
    async positions(accountId: string, mode: 'live' | 'paper'): Promise<RiskPositionRow[]> {
      return positionsOf.run(db, { accountId, mode });
    },

    async riskSettings(accountId: string) {
      const [row] = await db.select().from(riskSettings).where(eq(riskSettings.accountId, accountId)).limit(1);
      return row;
    },

    /** What the entry guard reads at an order's intake: the positions of the account in `mode`, and the day's lock. */
    async intake(
      accountId: string,
      mode: 'live' | 'paper',
      day: string,
    ): Promise<{ positions: RiskPositionRow[]; locked: boolean }> {
      const rows = await intakeOf.run(db, { accountId, mode, day });
      return {
        positions: rows.flatMap((row) => (row.position ? [row.position] : [])),
        locked: rows.some((row) => row.locked),
      };
    },

    async dayLocked(accountId: string, mode: 'live' | 'paper', day: string): Promise<boolean> {
      const [row] = await dayLockOf.run(db, { accountId, mode, day });
      return row !== undefined;
    },

    /** Locks new entries for the day; true only for the call that created the lock. */
    async lockDay(accountId: string, mode: 'live' | 'paper', day: string, mtm: number, at: Date): Promise<boolean> {
      const rows = await db
        .insert(riskDayLocks)
        .values({ accountId, mode, day, mtm, lockedAt: at })
        .onConflictDoNothing()
        .returning({ day: riskDayLocks.day });
      return rows.length === 1;
    },

    async portfolioRisk(accountId: string, mode: 'live' | 'paper'): Promise<PortfolioRiskRow | undefined> {
      const [row] = await db
        .select()
        .from(portfolioRisks)
        .where(and(eq(portfolioRisks.accountId, accountId), eq(portfolioRisks.mode, mode)))
        .limit(1);
      return row;
    },

    async savePortfolioRisk(row: typeof portfolioRisks.$inferInsert): Promise<PortfolioRiskRow> {
      const [saved] = await db
        .insert(portfolioRisks)
        .values(row)
        .onConflictDoUpdate({ target: [portfolioRisks.accountId, portfolioRisks.mode], set: row })
        .returning();
      if (!saved) throw new Error('portfolio risk not saved');
      return saved;
    },

    /** Saves a moved trail stop; `updatedAt` stays the instant the levels were saved (the engine's peak key). */
    async savePortfolioTrail(
      accountId: string,
      mode: 'live' | 'paper',
      trailStop: number | null,
      peakMtm: number | null,
    ) {
      await db
        .update(portfolioRisks)
        .set({ trailStop, peakMtm })
        .where(
          and(eq(portfolioRisks.accountId, accountId), eq(portfolioRisks.mode, mode), eq(portfolioRisks.armed, true)),
        );
    },

    /**
     * Claims a portfolio trigger and disarms it in one statement: true for exactly one caller however many engines
     * (or restarts) see the same MTM.
     */
    async claimPortfolio(
      accountId: string,
      mode: 'live' | 'paper',
      trigger: 'mtmStop' | 'mtmTarget' | 'trailStop',
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(portfolioRisks)
        .set({ armed: false, trigger, triggeredAt: at, exitedAt: null, updatedAt: at })
        .where(
          and(eq(portfolioRisks.accountId, accountId), eq(portfolioRisks.mode, mode), eq(portfolioRisks.armed, true)),
        )
        .returning({ accountId: portfolioRisks.accountId });
      return rows.length === 1;
    },

    async markPortfolioExited(accountId: string, mode: 'live' | 'paper', at: Date): Promise<void> {
      await db
        .update(portfolioRisks)
        .set({ exitedAt: at, updatedAt: at })
        .where(and(eq(portfolioRisks.accountId, accountId), eq(portfolioRisks.mode, mode)));
    },

    /**
     * Watches again the protections whose exit did not close their position (trading.md §5.2: a stop is cleared only
     * after a confirmed exit): every order of the exit intent has ended, one of them rejected, cancelled or failed,
     * and the position is still open. Only triggers since `since`, and only positions whose exit was tried fewer
     * than `attempts` times (each try is an intent keyed by the position: `exit-…` or `portfolio-…`). Of `accountIds`
     * (every account when null). Returns the protections watched again, with the tries so far.
     */
    async rearmFailedExits(
      accountIds: readonly string[] | null,
      since: Date,
      at: Date,
      attempts: number,
    ): Promise<{ positionId: string; accountId: string; tradingSymbol: string; tries: number }[]> {
      if (accountIds?.length === 0) return [];
      const result = await db.execute(sql`
        with failed as (
          select pp.position_id, pp.account_id, p.trading_symbol,
            (select count(*) from ${orderIntents} i
              where i.user_id = a.user_id and i.account_id = pp.account_id
                and (i.idempotency_key like 'exit-' || pp.position_id::text || '-%'
                  or i.idempotency_key like 'portfolio-' || pp.position_id::text || '-%'))::int as tries
          from ${positionProtections} pp
          join ${tradingPositions} p on p.id = pp.position_id
          join ${brokerAccounts} a on a.id = pp.account_id
          where pp.exit_intent_id is not null and pp.triggered_at >= ${since.toISOString()}::timestamptz and p.quantity <> 0
            and ${ofAccounts(sql`pp.account_id`, accountIds)}
            and not exists (select 1 from ${tradingOrders} o
              where o.intent_id = pp.exit_intent_id and ${notInArray(sql`o.status`, [...TERMINAL_ORDER_STATUSES])})
            and exists (select 1 from ${tradingOrders} o
              where o.intent_id = pp.exit_intent_id and ${inArray(sql`o.status`, UNFILLED_STATUSES)})
        )
        update ${positionProtections} pp set triggered_at = null, exit_intent_id = null, updated_at = ${at.toISOString()}::timestamptz
        from failed
        where pp.position_id = failed.position_id and failed.tries < ${attempts}
        returning failed.position_id, failed.account_id, failed.trading_symbol, failed.tries`);
      // The shared Db type leaves the driver's result open; both answer with `rows`.
      const { rows } = result as {
        rows: { position_id: string; account_id: string; trading_symbol: string; tries: number | string }[];
      };
      return rows.map((r) => ({
        positionId: r.position_id,
        accountId: r.account_id,
        tradingSymbol: r.trading_symbol,
        tries: Number(r.tries),
      }));
    },

    /**
     * Arms again the portfolio levels whose trigger's exits did not close every position: each exit placed for the
     * trigger (an intent keyed `portfolio-<position>-<trigger instant>`) has ended, one of its orders rejected,
     * cancelled or failed, and a position of the account and mode is still open. The locked-in trail and the peak
     * stay. Only triggers since `since`, and only while fewer than `attempts` triggers since then placed exits. Of
     * `accountIds` (every account when null). Returns the portfolios armed again, with the triggers so far.
     */
    async rearmFailedPortfolioExits(
      accountIds: readonly string[] | null,
      since: Date,
      at: Date,
      attempts: number,
    ): Promise<{ accountId: string; mode: 'live' | 'paper'; tries: number }[]> {
      if (accountIds?.length === 0) return [];
      const sinceText = since.toISOString();
      const result = await db.execute(sql`
        with exits as (
          select r.account_id, r.mode, a.user_id, o.status
          from ${portfolioRisks} r
          join ${brokerAccounts} a on a.id = r.account_id
          join ${orderIntents} i on i.user_id = a.user_id and i.account_id = r.account_id
            and i.idempotency_key like ('portfolio-%-' || ((extract(epoch from r.triggered_at) * 1000)::bigint)::text)
          join ${tradingOrders} o on o.intent_id = i.id and o.mode = r.mode
          where r.armed = false and r.exited_at is not null and r.triggered_at >= ${sinceText}::timestamptz
            and ${ofAccounts(sql`r.account_id`, accountIds)}
        ),
        failed as (
          select e.account_id, e.mode,
            (select count(distinct substring(i2.idempotency_key from '[0-9]+$'))
              from ${orderIntents} i2
              join ${tradingOrders} o2 on o2.intent_id = i2.id and o2.mode = e.mode
              where i2.user_id = e.user_id and i2.account_id = e.account_id and i2.idempotency_key like 'portfolio-%'
                and i2.created_at >= ${sinceText}::timestamptz)::int as tries
          from exits e
          group by e.account_id, e.mode, e.user_id
          having bool_and(${inArray(sql`e.status`, [...TERMINAL_ORDER_STATUSES])}) and bool_or(${inArray(sql`e.status`, UNFILLED_STATUSES)})
            and exists (select 1 from ${tradingPositions} p
              where p.account_id = e.account_id and p.mode = e.mode and p.quantity <> 0)
        )
        update ${portfolioRisks} r
        set armed = true, trigger = null, triggered_at = null, exited_at = null, updated_at = ${at.toISOString()}::timestamptz
        from failed
        where r.account_id = failed.account_id and r.mode = failed.mode and failed.tries < ${attempts}
        returning failed.account_id, failed.mode, failed.tries`);
      // The shared Db type leaves the driver's result open; both answer with `rows`. (Intents are found through
      // their user, the first column of their key's index.)
      const { rows } = result as { rows: { account_id: string; mode: 'live' | 'paper'; tries: number | string }[] };
      return rows.map((r) => ({ accountId: r.account_id, mode: r.mode, tries: Number(r.tries) }));
    },

    /** The intent journalled under a key, if any (an exit placed before a restart is not placed again). */
    async intentId(key: string): Promise<string | undefined> {
      // The engine's keys carry the position's or the rule's id, so a key alone names one intent.
      const [row] = await db
        .select({ id: orderIntents.id })
        .from(orderIntents)
        .where(eq(orderIntents.idempotencyKey, key))
        .limit(1);
      return row?.id;
    },

    /**
     * Claims a position's own protection for a portfolio exit: `taken` when the protection triggered already (its
     * exit is on the way, the portfolio must not exit the position again), `none` when it has no protection.
     */
    async claimForPortfolio(positionId: string, at: Date): Promise<'claimed' | 'none' | 'taken'> {
      const rows = await db
        .update(positionProtections)
        .set({ triggeredAt: at, updatedAt: at })
        .where(and(eq(positionProtections.positionId, positionId), isNull(positionProtections.triggeredAt)))
        .returning({ positionId: positionProtections.positionId, intent: positionProtections.exitIntentId });
      if (rows.length === 1) return 'claimed';
      const [existing] = await db
        .select({ triggeredAt: positionProtections.triggeredAt })
        .from(positionProtections)
        .where(eq(positionProtections.positionId, positionId))
        .limit(1);
      return existing ? 'taken' : 'none';
    },

    async rules(accountId: string): Promise<RuleRow[]> {
      return db
        .select()
        .from(quiktradeRules)
        .where(eq(quiktradeRules.accountId, accountId))
        .orderBy(asc(quiktradeRules.createdAt), asc(quiktradeRules.id));
    },

    async rule(accountId: string, ruleId: string): Promise<RuleRow | undefined> {
      const [row] = await db
        .select()
        .from(quiktradeRules)
        .where(and(eq(quiktradeRules.accountId, accountId), eq(quiktradeRules.id, ruleId)))
        .limit(1);
      return row;
    },

    async createRule(row: typeof quiktradeRules.$inferInsert): Promise<RuleRow> {
      const [saved] = await db.insert(quiktradeRules).values(row).returning();
      if (!saved) throw new Error('rule not saved');
      return saved;
    },

    /** Edits a rule; arming clears its last firing, and every edit bumps its version (a new firing key). */
    async updateRule(existing: RuleRow, values: Partial<RuleValues>, at: Date): Promise<RuleRow | undefined> {
      const rearm = values.armed === true && !existing.armed;
      const [saved] = await db
        .update(quiktradeRules)
        .set({
          ...values,
          ...(rearm ? { firedAt: null, fireIntentId: null, fireError: null } : {}),
          version: existing.version + 1,
          updatedAt: at,
        })
        .where(and(eq(quiktradeRules.id, existing.id), eq(quiktradeRules.version, existing.version)))
        .returning();
      return saved;
    },

    async deleteRule(accountId: string, ruleId: string): Promise<boolean> {
      const rows = await db
        .delete(quiktradeRules)
        .where(and(eq(quiktradeRules.accountId, accountId), eq(quiktradeRules.id, ruleId)))
        .returning({ id: quiktradeRules.id });
      return rows.length === 1;
    },

    /** Claims a firing and disarms the rule in one statement: true for exactly one caller, per rule version. */
    async claimRule(ruleId: string, version: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(quiktradeRules)
        .set({ armed: false, firedAt: at, updatedAt: at })
        .where(and(eq(quiktradeRules.id, ruleId), eq(quiktradeRules.version, version), eq(quiktradeRules.armed, true)))
        .returning({ id: quiktradeRules.id });
      return rows.length === 1;
    },

    async recordFiring(ruleId: string, outcome: { intentId: string } | { error: string }): Promise<void> {
      await db
        .update(quiktradeRules)
        .set('intentId' in outcome ? { fireIntentId: outcome.intentId } : { fireError: outcome.error })
        .where(eq(quiktradeRules.id, ruleId));
    },
  };
}

/** The QuikTrade repository. */
export type QuikTradeRepository = ReturnType<typeof createQuikTradeRepository>;
