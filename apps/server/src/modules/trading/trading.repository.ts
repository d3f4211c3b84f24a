import type { PaperEngineEvent, PaperOrder } from '@fnodesk/brokers';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import {
  compiled,
  compiledByShape,
  isUniqueViolation,
  rowSlots,
  schema,
  slot,
  slotSql,
  type Db,
  type DbDriver,
} from '@fnodesk/db';
import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';

const {
  brokerAccounts,
  orderIntents,
  tradingOrders,
  orderEvents,
  tradingFills,
  tradingPositions,
  paperBooks,
  paperBookInputs,
  positionProtections,
  riskSettings,
  tradingLog,
  subscriptions,
  billingPackages,
  users,
} = schema;

/** A broker account row. */
export type AccountRow = typeof brokerAccounts.$inferSelect;
/** An order intent row. */
export type IntentRow = typeof orderIntents.$inferSelect;
/** An order row. */
export type OrderRow = typeof tradingOrders.$inferSelect;
/** A new order row. */
export type NewOrderRow = typeof tradingOrders.$inferInsert;
/** A fill row. */
export type FillRow = typeof tradingFills.$inferSelect;
/** A position row. */
export type PositionRow = typeof tradingPositions.$inferSelect;
/** A protection row. */
export type ProtectionRow = typeof positionProtections.$inferSelect;
/** A risk settings row. */
export type RiskSettingsRow = typeof riskSettings.$inferSelect;
/** A trading log row. */
export type TradingLogRow = typeof tradingLog.$inferSelect;

/** One input applied to a paper book, numbered in the book's order. */
export interface PaperBookInput {
  seq: number;
  input: Record<string, unknown>;
}

/** A paper book as persisted: its latest snapshot (none for a new book) and the inputs applied after it. */
export interface SavedPaperBook {
  state: Record<string, unknown> | undefined;
  inputSeq: number;
  inputs: PaperBookInput[];
}

/** A trading log row to write. */
export type NewLogRow = typeof tradingLog.$inferInsert;

/** What one step on a paper book writes, built by the caller once the book is current (see `paperBookStep`). */
export interface PaperBookStep {
  inputs: PaperBookInput[];
  events: readonly PaperEngineEvent[];
  /** A new snapshot (state after the last input), or null to keep the current one. */
  snapshot: { state: Record<string, unknown>; inputSeq: number } | null;
  /** Log rows for what the step did, given the orders whose state it changed. */
  logs: (changed: readonly OrderRow[]) => NewLogRow[];
  /** An intent whose orders are all sent once this step commits. */
  finishIntentId?: string;
}

/** The book moved on in another process past what it can catch up from its inputs: reload it and try again. */
export class PaperBookMovedError extends Error {
  constructor(accountId: string) {
    super(`paper book ${accountId} was rewritten by another process`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders that still work at the exchange (or wait for it). */
export const WORKING_STATUSES = ['INTENT', 'SENT', 'UNKNOWN', 'OPEN', 'TRIGGER_PENDING', 'PARTIAL'] as const;
const NOT_COUNTED = ['REJECTED', 'FAILED'];

/**
 * The inputs committed to a book after `knownSeq`, or null when a newer snapshot replaced them. One statement: the
 * book's snapshot position (kind 0, when the book has a snapshot) followed by the inputs after `knownSeq` (kind 1).
 */
function inputsAfterStatement(db: Db) {
  return compiled<{ kind: number; seq: number; input: Record<string, unknown> | null }>('paper_book_inputs_after', () =>
    db
      .select({
        kind: sql<number>`0`.as('kind'),
        seq: paperBooks.inputSeq,
        input: sql<Record<string, unknown> | null>`null::jsonb`.as('input'),
      })
      .from(paperBooks)
      .where(eq(paperBooks.accountId, slot('accountId')))
      .unionAll(
        db
          .select({ kind: sql<number>`1`.as('kind'), seq: paperBookInputs.seq, input: paperBookInputs.input })
          .from(paperBookInputs)
          .where(and(eq(paperBookInputs.accountId, slot('accountId')), gt(paperBookInputs.seq, slot('knownSeq')))),
      )
      .orderBy(sql`1`, sql`2`),
  );
}

/**
 * The inputs committed to a book after `knownSeq`, or null when a newer snapshot replaced them. One statement: the
 * book's snapshot position (kind 0, when the book has a snapshot) followed by the inputs after `knownSeq` (kind 1).
 */
async function inputsAfter(
  statement: ReturnType<typeof inputsAfterStatement>,
  handle: Db,
  accountId: string,
  knownSeq: number,
): Promise<PaperBookInput[] | null> {
  const rows = await statement.run(handle, { accountId, knownSeq });
  const inputs: PaperBookInput[] = [];
  for (const row of rows) {
    if (Number(row.kind) === 0) {
      if (Number(row.seq) > knownSeq) return null;
    } else if (row.input) {
      inputs.push({ seq: Number(row.seq), input: row.input });
    }
  }
  return inputs;
}

/**
 * Stores a book's snapshot after `inputSeq` and drops the inputs it covers, unless a newer snapshot is stored already
 * (whose writer dropped them too). Run inside a transaction.
 */
async function storeSnapshot(
  tx: Db,
  accountId: string,
  state: Record<string, unknown>,
  inputSeq: number,
  at: Date,
): Promise<void> {
  await tx
    .insert(paperBooks)
    .values({ accountId, state, inputSeq, updatedAt: at })
    .onConflictDoUpdate({
      target: paperBooks.accountId,
      set: { state, inputSeq, updatedAt: at },
      setWhere: lt(paperBooks.inputSeq, inputSeq),
    });
  await tx
    .delete(paperBookInputs)
    .where(and(eq(paperBookInputs.accountId, accountId), lte(paperBookInputs.seq, inputSeq)));
}

/**
 * The only code of the trading module that touches the database: accounts (read), intents, orders, their events,
 * fills, positions, paper funds, protections, risk settings and the trading log.
 */
export function createTradingRepository(db: Db, driver: DbDriver = 'pglite') {
  // The statements of every order's path, built once (see `compiled`); the rest are built per call.
  const inputsAfterOf = inputsAfterStatement(db);
  const accountOf = compiled<AccountRow>('trading_account', () =>
    db
      .select()
      .from(brokerAccounts)
      .where(and(eq(brokerAccounts.userId, slot('userId')), eq(brokerAccounts.id, slot('id'))))
      .limit(1),
  );
  // A working order's new state from its paper book, and its event, in one statement: the event is written only
  // when the update matched.
  const orderStateOf = compiled<OrderRow>('paper_order_state', () => {
    const updated = db.$with('changed_order').as(
      db
        .update(tradingOrders)
        .set({
          status: slotSql('status'),
          statusMessage: slotSql('statusMessage'),
          brokerOrderId: sql`coalesce(${tradingOrders.brokerOrderId}, ${slotSql('brokerOrderId')})`,
          quantity: slotSql('quantity'),
          filledQuantity: slotSql('filledQuantity'),
          averagePrice: slotSql('averagePrice'),
          price: slotSql('price'),
          triggerPrice: slotSql('triggerPrice'),
          orderType: slotSql('orderType'),
          validity: slotSql('validity'),
          updatedAt: slotSql('updatedAt'),
        })
        .where(and(eq(tradingOrders.id, slot('orderId')), inArray(tradingOrders.status, [...WORKING_STATUSES])))
        .returning(),
    );
    const event = db
      .$with('changed_order_event', {})
      .as(
        sql`insert into ${orderEvents} (order_id, at, status, filled_quantity, detail) select id, ${slot('at')}::timestamptz, status, filled_quantity, '{}'::jsonb from ${sql.identifier('changed_order')}`,
      );
    return db.with(updated, event).select().from(updated);
  });
  // An intent with its orders, their first events and its log line, in one statement (each insert a common table
  // expression of it, so all or nothing is written); one compiled statement per shape (number of orders, the
  // columns they set).
  const journalOf = compiledByShape<
    {
      intentRow: ReturnType<typeof rowSlots<typeof orderIntents.$inferInsert>>;
      orderRows: ReturnType<typeof rowSlots<NewOrderRow>>;
      logRows: ReturnType<typeof rowSlots<NewLogRow>>;
    },
    { journalled_intent: IntentRow; journalled_orders: OrderRow }
  >('order_journal', ({ intentRow, orderRows, logRows }) => {
    const journalled = db.$with('journalled_intent').as(db.insert(orderIntents).values(intentRow.rows).returning());
    const log =
      logRows.rows.length > 0 ? [db.$with('journalled_log').as(db.insert(tradingLog).values(logRows.rows))] : [];
    const inserted = db.$with('journalled_orders').as(db.insert(tradingOrders).values(orderRows.rows).returning());
    const events = db.$with('journalled_events').as(
      db.insert(orderEvents).values(
        orderRows.rows.map((o, i) => ({
          orderId: slot(`o${i}_id`),
          status: slot(`o${i}_status`),
          filledQuantity: 0,
          detail: {},
        })),
      ),
    );
    // One row per order, each carrying the intent.
    return db
      .with(journalled, inserted, events, ...log)
      .select()
      .from(journalled)
      .innerJoin(inserted, sql`true`);
  });
  /** Writes an intent with its orders (see `journal`) through `handle`: the database, or a transaction. */
  async function journalIn(
    handle: Db,
    intent: typeof orderIntents.$inferInsert,
    orders: readonly Omit<NewOrderRow, 'intentId'>[],
    logOf?: (intentId: string) => NewLogRow,
  ): Promise<{ intent: IntentRow; created: boolean; orders: OrderRow[] }> {
    // The ids are chosen here, so the rows that name them are written by the same statement.
    const intentId = intent.id ?? randomUUID();
    if (orders.length === 0) {
      const journalled = handle.$with('journalled_intent').as(
        handle
          .insert(orderIntents)
          .values({ ...intent, id: intentId })
          .returning(),
      );
      const log = logOf ? [handle.$with('journalled_log').as(handle.insert(tradingLog).values(logOf(intentId)))] : [];
      const [written] = await handle
        .with(journalled, ...log)
        .select()
        .from(journalled);
      if (!written) throw new Error('order intent journal wrote no intent');
      return { intent: written, created: true, orders: [] };
    }
    const newOrders = orders.map((o) => ({ ...o, id: o.id ?? randomUUID(), intentId }));
    const intentRow = rowSlots('i', [{ ...intent, id: intentId }]);
    const orderRows = rowSlots('o', newOrders);
    const logRows = rowSlots('l', logOf ? [logOf(intentId)] : []);
    const shape = `${intentRow.shape}#${orderRows.shape}#${logRows.shape}`;
    const values = { ...intentRow.values, ...orderRows.values, ...logRows.values };
    const rows = await journalOf.run(handle, shape, { intentRow, orderRows, logRows }, values);
    const written = rows[0]?.journalled_intent;
    if (!written) throw new Error('order intent journal wrote no intent');
    const saved = rows.map((r) => r.journalled_orders);
    return { intent: written, created: true, orders: saved.sort((a, b) => a.seq - b.seq) };
  }

  /** Simulated orders the user has placed in total (rejections do not count), read through `handle`. */
  async function paperOrdersOf(handle: Db, userId: string): Promise<number> {
    const [row] = await handle
      .select({ n: count() })
      .from(tradingOrders)
      .where(
        and(
          eq(tradingOrders.userId, userId),
          eq(tradingOrders.mode, 'paper'),
          notInArray(tradingOrders.status, NOT_COUNTED),
        ),
      );
    return row?.n ?? 0;
  }

  // A book step's inputs, with its log lines and the end of its intent as table expressions of the same statement.
  const stepInputsOf = compiledByShape<
    {
      inputRows: ReturnType<typeof rowSlots<typeof paperBookInputs.$inferInsert>>;
      logRows: ReturnType<typeof rowSlots<NewLogRow>>;
      finishing: boolean;
    },
    never
  >('paper_step_inputs', ({ inputRows, logRows, finishing }) => {
    const logged = logRows.rows.length > 0 ? [db.$with('step_log').as(db.insert(tradingLog).values(logRows.rows))] : [];
    const finished = finishing
      ? [
          db.$with('step_intent').as(
            db
              .update(orderIntents)
              .set({ state: 'done', updatedAt: slotSql('finishedAt') })
              .where(eq(orderIntents.id, slot('finishIntentId'))),
          ),
        ]
      : [];
    return db
      .with(...logged, ...finished)
      .insert(paperBookInputs)
      .values(inputRows.rows);
  });
  return {
    /**
     * Whether another writer may act on the same paper books: another process on PostgreSQL, or another trading
     * service over the same database (a restart in place); reads then catch up with what it committed.
     */
    sharedBooks: true,

    /** The inputs committed to a book after `knownSeq`, or null when a newer snapshot replaced them. */
    paperBookInputsAfter(accountId: string, knownSeq: number): Promise<PaperBookInput[] | null> {
      return inputsAfter(inputsAfterOf, db, accountId, knownSeq);
    },

    async account(userId: string, id: string): Promise<AccountRow | undefined> {
      // A malformed id matches no account (and must not reach the uuid column as a parameter).
      if (!UUID.test(id) || !UUID.test(userId)) return undefined;
      const [row] = await accountOf.run(db, { userId, id });
      return row;
    },

    /** The user's accounts enabled for trading (QuikTrade), oldest first. */
    async tradingAccounts(userId: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(brokerAccounts)
        .where(and(eq(brokerAccounts.userId, userId), eq(brokerAccounts.quickTrade, true)))
        .orderBy(asc(brokerAccounts.createdAt));
    },

    async setTradeMultiplier(accountId: string, multiplier: number): Promise<void> {
      await db.update(brokerAccounts).set({ tradeMultiplier: multiplier }).where(eq(brokerAccounts.id, accountId));
    },

    async accountById(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(brokerAccounts).where(eq(brokerAccounts.id, id)).limit(1);
      return row;
    },

    /** Sets a filled order's takeProfit / stopLoss on its position, unless the position has protection already. */
    async attachProtection(order: OrderRow, at: Date): Promise<void> {
      const [position] = await db
        .select({ id: tradingPositions.id, quantity: tradingPositions.quantity })
        .from(tradingPositions)
        .where(
          and(
            eq(tradingPositions.accountId, order.accountId),
            eq(tradingPositions.mode, order.mode),
            eq(tradingPositions.instrumentToken, order.instrumentToken),
            eq(tradingPositions.product, order.product),
          ),
        )
        .limit(1);
      if (!position || position.quantity === 0) return;
      await db
        .insert(positionProtections)
        .values({
          positionId: position.id,
          accountId: order.accountId,
          target: order.takeProfit,
          stopLoss: order.stopLoss,
          updatedAt: at,
        })
        .onConflictDoNothing();
    },

    async websocketChannelOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ channel: users.websocketChannel })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.channel;
    },

    /** The plan names and ends of the user's QuikTrade subscriptions (plans and the Free trial) running at `now`. */
    async tradePlans(userId: string, now: Date): Promise<{ planName: string; endsAt: Date }[]> {
      return db
        .select({ planName: billingPackages.planName, endsAt: subscriptions.endsAt })
        .from(subscriptions)
        .innerJoin(billingPackages, eq(billingPackages.id, subscriptions.packageId))
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.product, 'qt'),
            inArray(subscriptions.kind, ['plan', 'trial']),
            lte(subscriptions.startsAt, now),
            gt(subscriptions.endsAt, now),
          ),
        );
    },

    /** Simulated orders the user has placed in total (rejections do not count). */
    paperOrdersPlaced(userId: string): Promise<number> {
      return paperOrdersOf(db, userId);
    },

    /**
     * Journals an intent with its orders, their first events and the log line in one statement (each insert a
     * common table expression of it, so all or nothing is written). When the user already has an intent with this
     * key, nothing is written and the existing intent is returned with `created: false`.
     *
     * With `admitPaperOrders`, the user's simulated orders are counted first under a lock of the user's count (a
     * transaction; on PostgreSQL an advisory lock, on PGlite transactions are serial already), and the function is
     * handed the count: it throws to refuse, and nothing is written. Two requests at once cannot both see room for
     * the last of a budget.
     */
    async journal(
      intent: typeof orderIntents.$inferInsert,
      orders: readonly Omit<NewOrderRow, 'intentId'>[],
      logOf?: (intentId: string) => NewLogRow,
      admitPaperOrders?: (placed: number) => void,
    ): Promise<{ intent: IntentRow; created: boolean; orders: OrderRow[] }> {
      try {
        if (!admitPaperOrders) return await journalIn(db, intent, orders, logOf);
        return await db.transaction(async (tx) => {
          if (driver === 'postgres') {
            await tx.execute(
              sql`select pg_advisory_xact_lock(hashtextextended(${`paper-orders:${intent.userId}`}, 0))`,
            );
          }
          admitPaperOrders(await paperOrdersOf(tx, intent.userId));
          return journalIn(tx, intent, orders, logOf);
        });
      } catch (error) {
        if (!isUniqueViolation(error, 'order_intents_user_key_key')) throw error;
        const [existing] = await db
          .select()
          .from(orderIntents)
          .where(and(eq(orderIntents.userId, intent.userId), eq(orderIntents.idempotencyKey, intent.idempotencyKey)))
          .limit(1);
        if (!existing) throw error;
        return { intent: existing, created: false, orders: [] };
      }
    },

    async intent(id: string): Promise<IntentRow | undefined> {
      const [row] = await db.select().from(orderIntents).where(eq(orderIntents.id, id)).limit(1);
      return row;
    },

    async intentByKey(userId: string, key: string): Promise<IntentRow | undefined> {
      const [row] = await db
        .select()
        .from(orderIntents)
        .where(and(eq(orderIntents.userId, userId), eq(orderIntents.idempotencyKey, key)))
        .limit(1);
      return row;
    },

    async pendingIntents(): Promise<IntentRow[]> {
      return db
        .select()
        .from(orderIntents)
        .where(eq(orderIntents.state, 'pending'))
        .orderBy(asc(orderIntents.createdAt));
    },

    /** Pending intents with a live order sent without an answer (`SENT`, `UNKNOWN`) and unchanged since `before`. */
    async unansweredLiveIntents(before: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ intentId: tradingOrders.intentId })
        .from(tradingOrders)
        .innerJoin(orderIntents, eq(orderIntents.id, tradingOrders.intentId))
        .where(
          and(
            eq(orderIntents.state, 'pending'),
            eq(tradingOrders.mode, 'live'),
            inArray(tradingOrders.status, ['SENT', 'UNKNOWN']),
            lt(tradingOrders.updatedAt, before),
          ),
        );
      return rows.map((row) => row.intentId);
    },

    async finishIntent(id: string, at: Date): Promise<void> {
      await db.update(orderIntents).set({ state: 'done', updatedAt: at }).where(eq(orderIntents.id, id));
    },

    async ordersOfIntent(intentId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(tradingOrders)
        .where(eq(tradingOrders.intentId, intentId))
        .orderBy(asc(tradingOrders.seq));
    },

    /** An order by our id (a UUID) or by the exchange's order id (any other text). */
    async order(accountId: string, orderId: string): Promise<OrderRow | undefined> {
      // Text that is not a UUID is never compared with the uuid column: PostgreSQL would refuse the cast.
      const byId = UUID.test(orderId)
        ? or(eq(tradingOrders.id, orderId.toLowerCase()), eq(tradingOrders.brokerOrderId, orderId))
        : eq(tradingOrders.brokerOrderId, orderId);
      const [row] = await db
        .select()
        .from(tradingOrders)
        .where(and(eq(tradingOrders.accountId, accountId), byId))
        .limit(1);
      return row;
    },

    async orders(accountId: string, since: Date): Promise<OrderRow[]> {
      return db
        .select()
        .from(tradingOrders)
        .where(
          and(
            eq(tradingOrders.accountId, accountId),
            or(gte(tradingOrders.placedAt, since), inArray(tradingOrders.status, [...WORKING_STATUSES])),
          ),
        )
        .orderBy(asc(tradingOrders.placedAt), asc(tradingOrders.seq));
    },

    async workingOrders(accountId: string, mode: 'live' | 'paper'): Promise<OrderRow[]> {
      return db
        .select()
        .from(tradingOrders)
        .where(
          and(
            eq(tradingOrders.accountId, accountId),
            eq(tradingOrders.mode, mode),
            inArray(tradingOrders.status, [...WORKING_STATUSES]),
          ),
        );
    },

    /**
     * Moves an order to a new state and records the event, unless the order is already terminal (a state never
     * moves backwards). Returns the updated row, or undefined when nothing changed.
     */
    async updateOrder(
      orderId: string,
      change: Partial<Omit<NewOrderRow, 'id' | 'intentId' | 'userId' | 'accountId'>>,
      at: Date,
      detail: Record<string, unknown> = {},
    ): Promise<OrderRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(tradingOrders)
          .set({ ...change, updatedAt: at })
          .where(and(eq(tradingOrders.id, orderId), inArray(tradingOrders.status, [...WORKING_STATUSES])))
          .returning();
        if (!row) return undefined;
        await tx
          .insert(orderEvents)
          .values({ orderId: row.id, at, status: row.status, filledQuantity: row.filledQuantity, detail });
        return row;
      });
    },

    /**
     * Applies a broker's answer or update to an order only when the order is in one of `from` and its filled quantity
     * does not exceed `filledQuantity` (a fill never goes backwards), with the event, in one statement: of two
     * updates racing for the same order, the second finds the order changed and writes nothing.
     */
    async applyBrokerState(
      orderId: string,
      change: Partial<Omit<NewOrderRow, 'id' | 'intentId' | 'userId' | 'accountId'>> & { filledQuantity: number },
      from: readonly string[],
      at: Date,
      detail: Record<string, unknown> = {},
    ): Promise<OrderRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(tradingOrders)
          .set({ ...change, updatedAt: at })
          .where(
            and(
              eq(tradingOrders.id, orderId),
              inArray(tradingOrders.status, [...from]),
              lte(tradingOrders.filledQuantity, change.filledQuantity),
              // The same state again (a repeated postback) writes nothing.
              change.status === undefined
                ? undefined
                : or(ne(tradingOrders.status, change.status), lt(tradingOrders.filledQuantity, change.filledQuantity)),
            ),
          )
          .returning();
        if (!row) return undefined;
        await tx
          .insert(orderEvents)
          .values({ orderId: row.id, at, status: row.status, filledQuantity: row.filledQuantity, detail });
        return row;
      });
    },

    /**
     * Claims the one resend of a live order sent without a clear answer (`SENT` or `UNKNOWN`) whose tag the broker's
     * book did not hold. Taken only while no resend was claimed: of two processes resolving one order, one resends;
     * the other gets undefined.
     */
    async claimResend(orderId: string, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(tradingOrders)
        .set({ resends: sql`${tradingOrders.resends} + 1`, updatedAt: at })
        .where(
          and(
            eq(tradingOrders.id, orderId),
            eq(tradingOrders.resends, 0),
            inArray(tradingOrders.status, ['SENT', 'UNKNOWN']),
          ),
        )
        .returning();
      return row;
    },

    /** An account's order by our tag at the broker. */
    async orderByTag(accountId: string, tag: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(tradingOrders)
        .where(and(eq(tradingOrders.accountId, accountId), eq(tradingOrders.tag, tag)))
        .limit(1);
      return row;
    },

    /** Counts a modification, refusing past `limit`; returns the new count or undefined when refused. */
    async countModification(orderId: string, limit: number): Promise<number | undefined> {
      const [row] = await db
        .update(tradingOrders)
        .set({ modifications: sql`${tradingOrders.modifications} + 1` })
        .where(and(eq(tradingOrders.id, orderId), sql`${tradingOrders.modifications} < ${limit}`))
        .returning({ n: tradingOrders.modifications });
      return row?.n;
    },

    async fills(accountId: string, since: Date): Promise<(FillRow & { order: OrderRow })[]> {
      const rows = await db
        .select()
        .from(tradingFills)
        .innerJoin(tradingOrders, eq(tradingOrders.id, tradingFills.orderId))
        .where(and(eq(tradingFills.accountId, accountId), gte(tradingFills.filledAt, since)))
        .orderBy(asc(tradingFills.filledAt));
      return rows.map((r) => ({ ...r.trading_fills, order: r.trading_orders }));
    },

    async positions(accountId: string, mode: 'live' | 'paper'): Promise<PositionRow[]> {
      return db
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.mode, mode)))
        .orderBy(asc(tradingPositions.tradingSymbol), asc(tradingPositions.product));
    },

    async position(accountId: string, positionId: string): Promise<PositionRow | undefined> {
      const [row] = await db
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.id, positionId)))
        .limit(1);
      return row;
    },

    async openPositionCount(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), ne(tradingPositions.quantity, 0)));
      return row?.n ?? 0;
    },

    /** Moves `quantity` of a position to another product; false when the other product already holds a position. */
    async convertPosition(position: PositionRow, newProduct: string, at: Date): Promise<boolean> {
      const [other] = await db
        .select({ id: tradingPositions.id, quantity: tradingPositions.quantity })
        .from(tradingPositions)
        .where(
          and(
            eq(tradingPositions.accountId, position.accountId),
            eq(tradingPositions.mode, position.mode),
            eq(tradingPositions.instrumentToken, position.instrumentToken),
            eq(tradingPositions.product, newProduct),
          ),
        )
        .limit(1);
      if (other) return false;
      await db
        .update(tradingPositions)
        .set({ product: newProduct, updatedAt: at })
        .where(eq(tradingPositions.id, position.id));
      return true;
    },

    async protections(accountId: string): Promise<ProtectionRow[]> {
      return db.select().from(positionProtections).where(eq(positionProtections.accountId, accountId));
    },

    async setProtection(row: typeof positionProtections.$inferInsert): Promise<ProtectionRow> {
      const { positionId: _key, ...rest } = row;
      const [saved] = await db
        .insert(positionProtections)
        .values(row)
        .onConflictDoUpdate({ target: positionProtections.positionId, set: rest })
        .returning();
      if (!saved) throw new Error('protection upsert returned nothing');
      return saved;
    },

    async riskSettings(accountId: string): Promise<RiskSettingsRow | undefined> {
      const [row] = await db.select().from(riskSettings).where(eq(riskSettings.accountId, accountId)).limit(1);
      return row;
    },

    async saveRiskSettings(row: typeof riskSettings.$inferInsert): Promise<RiskSettingsRow> {
      const { accountId: _key, ...rest } = row;
      const [saved] = await db
        .insert(riskSettings)
        .values(row)
        .onConflictDoUpdate({ target: riskSettings.accountId, set: rest })
        .returning();
      if (!saved) throw new Error('risk settings upsert returned nothing');
      return saved;
    },

    /** A paper book's snapshot and the inputs applied after it, in order. */
    async paperBook(accountId: string): Promise<SavedPaperBook> {
      // One view of the book: a snapshot committed between the two reads would have deleted inputs the first
      // one's snapshot still needs.
      return db.transaction(
        async (tx) => {
          const [row] = await tx
            .select({ state: paperBooks.state, inputSeq: paperBooks.inputSeq })
            .from(paperBooks)
            .where(eq(paperBooks.accountId, accountId))
            .limit(1);
          const inputSeq = row?.inputSeq ?? 0;
          const inputs = await tx
            .select({ seq: paperBookInputs.seq, input: paperBookInputs.input })
            .from(paperBookInputs)
            .where(and(eq(paperBookInputs.accountId, accountId), gt(paperBookInputs.seq, inputSeq)))
            .orderBy(asc(paperBookInputs.seq));
          return { state: row?.state, inputSeq, inputs };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * Stores a book's snapshot after `inputSeq` and drops the inputs it covers, unless a newer snapshot is stored
     * already (its inputs are gone then too).
     */
    async writePaperSnapshot(
      accountId: string,
      state: Record<string, unknown>,
      inputSeq: number,
      at: Date,
    ): Promise<void> {
      await db.transaction((tx) => storeSnapshot(tx, accountId, state, inputSeq, at));
    },

    /**
     * Accounts whose paper book has working orders or open positions (the books the market may reach), each with
     * whether it has working orders (as any process wrote them).
     */
    async activePaperAccounts(): Promise<{ accountId: string; working: boolean }[]> {
      const working = await db
        .selectDistinct({ id: tradingOrders.accountId })
        .from(tradingOrders)
        .where(
          and(eq(tradingOrders.mode, 'paper'), inArray(tradingOrders.status, ['OPEN', 'TRIGGER_PENDING', 'PARTIAL'])),
        );
      const open = await db
        .selectDistinct({ id: tradingPositions.accountId })
        .from(tradingPositions)
        .where(and(eq(tradingPositions.mode, 'paper'), ne(tradingPositions.quantity, 0)));
      const withOrders = new Set(working.map((r) => r.id));
      return [...new Set([...working, ...open].map((r) => r.id))].map((accountId) => ({
        accountId,
        working: withOrders.has(accountId),
      }));
    },

    /**
     * One step on a paper book, in one transaction: the inputs applied, what they produced (orders' states, fills —
     * unique per order and fill number, so a fill replayed after a crash is not recorded twice — positions, the
     * trading log) and, now and then, a new snapshot. On PostgreSQL the step first takes the book's advisory lock,
     * so two API processes never act on one book at once, and hands `build` the inputs another process committed
     * after `knownSeq` to apply first (PGlite is one process: the caller's queue orders its steps).
     */
    async paperBookStep(
      accountId: string,
      knownSeq: number,
      build: (missed: readonly PaperBookInput[]) => PaperBookStep,
      statusOf: (order: PaperOrder) => string,
      at: Date,
    ): Promise<{
      orders: OrderRow[];
      positionsChanged: number;
      events: readonly PaperEngineEvent[];
      snapshotSeq: number | null;
    }> {
      return db.transaction(async (tx) => {
        // PostgreSQL: other API processes may act on this book; the account's lock orders them. On PGlite the
        // transactions of one process are serial already. Either way the inputs committed by another writer (another
        // process, or a second trading service over the same database) are applied first.
        if (driver === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${accountId}))`);
        const missed = await inputsAfter(inputsAfterOf, tx, accountId, knownSeq);
        if (missed === null) throw new PaperBookMovedError(accountId);
        const step = build(missed);
        const { events } = step;
        if (step.snapshot) {
          await storeSnapshot(tx, accountId, step.snapshot.state, step.snapshot.inputSeq, at);
        }
        const latest = new Map<string, PaperOrder>();
        const rejected = new Map<string, string>();
        const fills: (typeof tradingFills.$inferInsert)[] = [];
        // The last state of each position the step touched (one row per key: an upsert cannot name a key twice).
        const positions = new Map<string, Extract<PaperEngineEvent, { type: 'position-changed' }>['position']>();
        let positionsChanged = 0;
        for (const event of events) {
          switch (event.type) {
            case 'order-accepted':
            case 'order-triggered':
            case 'order-modified':
            case 'order-cancelled':
              latest.set(event.order.orderId, event.order);
              break;
            case 'order-filled':
              latest.set(event.order.orderId, event.order);
              // Orders the engine places itself (MIS square-off) have no row of ours; their positions still update.
              if (event.order.origin === 'user') {
                fills.push({
                  orderId: event.fill.orderId,
                  accountId,
                  fillSeq: event.fill.seq,
                  quantity: event.fill.quantity,
                  price: event.fill.price,
                  chargesTotal: event.fill.charges,
                  filledAt: new Date(event.fill.at),
                });
              }
              break;
            case 'order-rejected':
              rejected.set(event.orderId, event.message);
              break;
            case 'position-changed':
              positionsChanged += 1;
              positions.set(`${event.position.instrument.token}:${event.position.product}`, event.position);
              break;
            default:
              break;
          }
        }
        if (fills.length > 0) {
          await tx
            .insert(tradingFills)
            .values(fills)
            .onConflictDoNothing({ target: [tradingFills.orderId, tradingFills.fillSeq] });
        }
        if (positions.size > 0) {
          await tx
            .insert(tradingPositions)
            .values(
              [...positions.values()].map((p) => ({
                accountId,
                mode: 'paper' as const,
                exchange: p.instrument.exchange,
                tradingSymbol: p.instrument.tradingSymbol,
                instrumentToken: p.instrument.token,
                lotSize: p.instrument.lotSize,
                product: p.product,
                quantity: p.quantity,
                buyQuantity: p.buyQuantity,
                sellQuantity: p.sellQuantity,
                buyValue: p.buyValue,
                sellValue: p.sellValue,
                averagePrice: p.averagePrice,
                realisedPnl: p.realisedPnl,
                charges: p.charges,
                updatedAt: at,
              })),
            )
            .onConflictDoUpdate({
              target: [
                tradingPositions.accountId,
                tradingPositions.mode,
                tradingPositions.instrumentToken,
                tradingPositions.product,
              ],
              set: {
                quantity: sql`excluded.quantity`,
                buyQuantity: sql`excluded.buy_quantity`,
                sellQuantity: sql`excluded.sell_quantity`,
                buyValue: sql`excluded.buy_value`,
                sellValue: sql`excluded.sell_value`,
                averagePrice: sql`excluded.average_price`,
                realisedPnl: sql`excluded.realised_pnl`,
                charges: sql`excluded.charges`,
                updatedAt: sql`excluded.updated_at`,
              },
            });
        }
        // An order's new state and its event in one statement: the event is written only when the update matched.
        const changeOrder = async (
          where: SQL | undefined,
          set: PgUpdateSetSource<typeof tradingOrders>,
        ): Promise<OrderRow | undefined> => {
          const updated = tx.$with('changed_order').as(tx.update(tradingOrders).set(set).where(where).returning());
          // Raw: an insert from a select must name every column in Drizzle, and the event's id is the sequence's.
          const event = tx
            .$with('changed_order_event', {})
            .as(
              sql`insert into ${orderEvents} (order_id, at, status, filled_quantity, detail) select id, ${at.toISOString()}::timestamptz, status, filled_quantity, '{}'::jsonb from ${sql.identifier('changed_order')}`,
            );
          const [row] = await tx.with(updated, event).select().from(updated);
          return row;
        };
        const changed: OrderRow[] = [];
        for (const [orderId, message] of rejected) {
          if (latest.has(orderId)) continue;
          // Only a placement is rejected into the order; a refused modify or cancel leaves the order as it was.
          const row = await changeOrder(
            and(eq(tradingOrders.id, orderId), inArray(tradingOrders.status, ['INTENT', 'SENT'])),
            { status: 'REJECTED', statusMessage: message, updatedAt: at },
          );
          if (row) changed.push(row);
        }
        for (const order of latest.values()) {
          const [row] = await orderStateOf.run(tx, {
            orderId: order.orderId,
            status: statusOf(order),
            statusMessage: order.statusMessage,
            brokerOrderId: `PT${order.seq.toString().padStart(9, '0')}`,
            quantity: order.quantity,
            filledQuantity: order.filledQuantity,
            averagePrice: order.filledQuantity > 0 ? order.averagePrice : null,
            price: order.price,
            triggerPrice: order.triggerPrice,
            orderType: order.orderType,
            validity: order.validity,
            at: at.toISOString(),
            updatedAt: at.toISOString(),
          });
          if (row) changed.push(row);
        }
        // The inputs, the log lines and the intent's end in one statement (the last two as its table expressions).
        const logs = step.logs(changed);
        if (step.inputs.length > 0) {
          const inputRows = rowSlots(
            'n',
            step.inputs.map((i) => ({ accountId, seq: i.seq, input: i.input })),
          );
          const logRows = rowSlots('l', logs);
          const finishing = step.finishIntentId !== undefined;
          await stepInputsOf.run(
            tx,
            `${inputRows.shape}#${logRows.shape}#${finishing}`,
            { inputRows, logRows, finishing },
            {
              ...inputRows.values,
              ...logRows.values,
              finishIntentId: step.finishIntentId,
              finishedAt: at.toISOString(),
            },
          );
        } else {
          if (logs.length > 0) await tx.insert(tradingLog).values(logs);
          if (step.finishIntentId) {
            await tx
              .update(orderIntents)
              .set({ state: 'done', updatedAt: at })
              .where(eq(orderIntents.id, step.finishIntentId));
          }
        }
        return { orders: changed, positionsChanged, events, snapshotSeq: step.snapshot?.inputSeq ?? null };
      });
    },

    async log(entry: typeof tradingLog.$inferInsert): Promise<void> {
      await db.insert(tradingLog).values(entry);
    },

    async logs(accountId: string, from: Date, to: Date): Promise<TradingLogRow[]> {
      return db
        .select()
        .from(tradingLog)
        .where(and(eq(tradingLog.accountId, accountId), gte(tradingLog.at, from), lte(tradingLog.at, to)))
        .orderBy(asc(tradingLog.id))
        .limit(5000);
    },
  };
}

/** The trading repository. */
export type TradingRepository = ReturnType<typeof createTradingRepository>;
