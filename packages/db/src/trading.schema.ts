import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';
import { brokerAccounts } from './brokers.schema';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

// Money and prices are rupees rounded to the paisa by the code that writes them (double precision holds every
// paisa value below ₹10^13 exactly enough for that rounding to be stable).

/**
 * An order request, journalled before any broker call (ARCHITECTURE §6): the idempotency key is unique per user,
 * so a repeated request finds the first one and answers with its result; `state` `pending` after a restart means
 * the request was in flight and is resumed.
 */
export const orderIntents = pgTable(
  'order_intents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    /** The `Idempotency-Key` header; generated when the client sent none. */
    idempotencyKey: text().notNull(),
    /** SHA-256 of the canonical request, so a key reused for a different order is refused. */
    requestHash: text().notNull(),
    /** `place` (one line, maybe sliced), `bulk`, `exit` (a protection trigger), `squareoff`. */
    kind: text().notNull(),
    /** `pending` until every order of the intent has an answer, then `done`. */
    state: text().$type<'pending' | 'done'>().notNull().default('pending'),
    /** The request, defaults applied. */
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_intents_user_key_key').on(t.userId, t.idempotencyKey),
    index('order_intents_pending_idx')
      .on(t.state)
      .where(sql`${t.state} = 'pending'`),
    check('order_intents_state', sql`${t.state} in ('pending', 'done')`),
  ],
);

/** One order (one slice of a line) at the broker or on the paper exchange. */
export const tradingOrders = pgTable(
  'trading_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    intentId: uuid()
      .notNull()
      .references(() => orderIntents.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    /** Position in the intent's placing order (0-based); with `intentId` unique, so a resumed intent never doubles. */
    seq: integer().notNull(),
    mode: text().$type<'live' | 'paper'>().notNull(),
    /** Our tag at the broker (≤ 20 characters), unique per account: the key to reconcile an ambiguous send. */
    tag: text().notNull(),
    brokerOrderId: text(),
    exchange: text().notNull(),
    tradingSymbol: text().notNull(),
    instrumentToken: bigint({ mode: 'number' }).notNull(),
    lotSize: integer().notNull(),
    tickSize: doublePrecision().notNull(),
    transactionType: text().notNull(),
    product: text().notNull(),
    orderType: text().notNull(),
    variety: text().notNull(),
    validity: text().notNull(),
    quantity: integer().notNull(),
    filledQuantity: integer().notNull().default(0),
    price: doublePrecision(),
    triggerPrice: doublePrecision(),
    averagePrice: doublePrecision(),
    marketProtection: integer(),
    status: text().notNull(),
    statusMessage: text(),
    sliceIndex: integer().notNull().default(1),
    sliceCount: integer().notNull().default(1),
    modifications: integer().notNull().default(0),
    /**
     * Times a live order sent without a clear answer was sent again after its tag was not found at the broker. A
     * resend is claimed by moving this from the count read: of two processes resolving one order, one sends.
     */
    resends: integer().notNull().default(0),
    /** Protection to attach to the position when this order fills (the line's takeProfit / stopLoss). */
    takeProfit: doublePrecision(),
    stopLoss: doublePrecision(),
    /** Set on exits placed by the risk engine: the position they close. */
    exitOfPositionId: uuid(),
    placedAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trading_orders_intent_seq_key').on(t.intentId, t.seq),
    uniqueIndex('trading_orders_account_tag_key').on(t.accountId, t.tag),
    index('trading_orders_account_placed_idx').on(t.accountId, t.placedAt),
    index('trading_orders_working_idx')
      .on(t.mode, t.instrumentToken)
      .where(sql`${t.status} in ('OPEN', 'TRIGGER_PENDING', 'PARTIAL')`),
    index('trading_orders_user_mode_idx').on(t.userId, t.mode),
  ],
);

/** What happened to an order, in order: every state change and broker answer. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => tradingOrders.id, { onDelete: 'cascade' }),
    at: at().notNull().defaultNow(),
    status: text().notNull(),
    filledQuantity: integer().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** One fill of an order; `(orderId, fillSeq)` unique so a fill is recorded exactly once. */
export const tradingFills = pgTable(
  'trading_fills',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => tradingOrders.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    fillSeq: integer().notNull(),
    quantity: integer().notNull(),
    price: doublePrecision().notNull(),
    /** Brokerage, STT, exchange, SEBI, stamp, GST and total, rupees. */
    charges: jsonb().$type<Record<string, number>>(),
    chargesTotal: doublePrecision().notNull().default(0),
    filledAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('trading_fills_order_seq_key').on(t.orderId, t.fillSeq),
    index('trading_fills_account_idx').on(t.accountId, t.filledAt),
  ],
);

/** Net position per account, mode, instrument and product; kept in step with the fills. */
export const tradingPositions = pgTable(
  'trading_positions',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    mode: text().$type<'live' | 'paper'>().notNull(),
    exchange: text().notNull(),
    tradingSymbol: text().notNull(),
    instrumentToken: bigint({ mode: 'number' }).notNull(),
    lotSize: integer().notNull(),
    product: text().notNull(),
    quantity: integer().notNull().default(0),
    buyQuantity: integer().notNull().default(0),
    sellQuantity: integer().notNull().default(0),
    buyValue: doublePrecision().notNull().default(0),
    sellValue: doublePrecision().notNull().default(0),
    averagePrice: doublePrecision().notNull().default(0),
    realisedPnl: doublePrecision().notNull().default(0),
    charges: doublePrecision().notNull().default(0),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trading_positions_key').on(t.accountId, t.mode, t.instrumentToken, t.product),
    index('trading_positions_open_idx')
      .on(t.instrumentToken)
      .where(sql`${t.quantity} <> 0`),
  ],
);

/**
 * The paper exchange's book of an account: a snapshot of the matching engine's state as plain JSON, taken after
 * input `inputSeq`. The inputs applied since are in `paper_book_inputs`; snapshot + inputs replayed rebuild the book
 * (the engine is deterministic), so an order writes one small input row instead of the whole book.
 */
export const paperBooks = pgTable('paper_books', {
  accountId: uuid()
    .primaryKey()
    .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
  state: jsonb().$type<Record<string, unknown>>().notNull(),
  /** The last input the snapshot includes (0: none). */
  inputSeq: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: at().notNull().defaultNow(),
});

/**
 * The inputs applied to a paper book after its snapshot, in order, each written in the same transaction as the
 * order states, fills and positions it produced. Dropped once a newer snapshot includes them.
 */
export const paperBookInputs = pgTable(
  'paper_book_inputs',
  {
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    input: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('paper_book_inputs_key').on(t.accountId, t.seq)],
);

/**
 * Target, stop and trailing stop of a position, watched by the risk engine on every tick. `triggeredAt` is set in
 * the same statement that claims the trigger, so one trigger places one exit even with several engines running.
 */
export const positionProtections = pgTable(
  'position_protections',
  {
    positionId: uuid()
      .primaryKey()
      .references(() => tradingPositions.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    target: doublePrecision(),
    stopLoss: doublePrecision(),
    trailingStop: doublePrecision(),
    /** Best price seen since the trail was set (the trail's anchor). */
    trailAnchor: doublePrecision(),
    triggeredAt: at(),
    exitIntentId: uuid(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('position_protections_account_idx').on(t.accountId)],
);

/** Risk settings, one record per account (spec §3 plus the RMS panel's daily loss limit and lots per order). */
export const riskSettings = pgTable('risk_settings', {
  accountId: uuid()
    .primaryKey()
    .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
  maxPositions: integer().notNull(),
  riskPercentagePerTrade: doublePrecision().notNull(),
  idealRewardToRisk: doublePrecision().notNull(),
  riskPerTradeAmount: doublePrecision().notNull(),
  dailyLossLimit: doublePrecision(),
  maxLotsPerOrder: integer(),
  updatedAt: at().notNull().defaultNow(),
});

/** The trading log of an account: every action and broker answer, secrets redacted before they are written. */
export const tradingLog = pgTable(
  'trading_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    accountId: uuid()
      .notNull()
      .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
    at: at().notNull().defaultNow(),
    level: text().$type<'info' | 'warn' | 'error'>().notNull(),
    action: text().notNull(),
    message: text().notNull(),
    orderId: uuid(),
    detail: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('trading_log_account_at_idx').on(t.accountId, t.at)],
);

/** Whether an account trades live or on paper (Zerodha only may trade live); absent = the type's default. */
export const tradingModes = pgTable('trading_modes', {
  accountId: uuid()
    .primaryKey()
    .references(() => brokerAccounts.id, { onDelete: 'cascade' }),
  paper: boolean().notNull(),
  updatedAt: at().notNull().defaultNow(),
});
