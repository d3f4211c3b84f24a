import { z } from 'zod';
import { textSchema } from './text';

/**
 * The v1 trading API (signed-in spec §3, §4.2, §5, §7): orders, bulk orders, trades, positions, holdings, margins,
 * position protection, risk settings and the trading log of one broker account, plus the order events published on
 * the user's feed channel. Every path is `/api/v1/brokers/{id}/…` except `risksettings`.
 *
 * Units: quantities are units (lots × lot size), prices are rupees on the instrument's tick grid, money is rupees.
 */

/** Exchanges an order can go to. */
export const TradingExchangeSchema = z.enum(['NSE', 'BSE', 'NFO', 'BFO']);
/** An exchange an order can go to. */
export type TradingExchange = z.infer<typeof TradingExchangeSchema>;

/** Order types; spec §2.7 numbers them 1 Market, 2 Limit, 3 SL, 4 SL-M. */
export const ORDER_TYPES = ['MARKET', 'LIMIT', 'SL', 'SL-M'] as const;
/** An order type. */
export const OrderTypeSchema = z.enum(ORDER_TYPES);
/** An order type. */
export type OrderType = z.infer<typeof OrderTypeSchema>;

/** The spec's numeric order types (§2.7) by name. */
export const ORDER_TYPE_NUMBERS: Readonly<Record<OrderType, 1 | 2 | 3 | 4>> = {
  MARKET: 1,
  LIMIT: 2,
  SL: 3,
  'SL-M': 4,
};

/** BUY or SELL. */
export const TransactionTypeSchema = z.enum(['BUY', 'SELL']);
/** BUY or SELL. */
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

/** Product: MIS (intraday), NRML (F&O carry), CNC (equity delivery). */
export const ProductSchema = z.enum(['MIS', 'NRML', 'CNC']);
/** A product. */
export type Product = z.infer<typeof ProductSchema>;

/** Variety: regular or after-market order. */
export const VarietySchema = z.enum(['regular', 'amo']);
/** A variety. */
export type Variety = z.infer<typeof VarietySchema>;

/** Validity: DAY or IOC. */
export const ValiditySchema = z.enum(['DAY', 'IOC']);
/** A validity. */
export type Validity = z.infer<typeof ValiditySchema>;

/** Where an order is executed: the user's broker (`live`, Zerodha only) or the paper exchange. */
export const TradingModeSchema = z.enum(['live', 'paper']);
/** A trading mode. */
export type TradingMode = z.infer<typeof TradingModeSchema>;

const price = z.number().finite().nonnegative().max(10_000_000);
const quantity = z.number().int().positive().max(10_000_000);

/** `takeProfit` / `stopLoss` of an order line: a price, and optionally the quantity it covers (default: all). */
export const ProtectionLegSchema = z.object({
  quantity: quantity.optional(),
  price: price.positive(),
});

/** One order line (spec §3): what the order window and the basket send. */
export const OrderLineSchema = z.object({
  exchange: TradingExchangeSchema,
  tradingSymbol: textSchema().trim().min(1).max(64),
  variety: VarietySchema.default('regular'),
  validity: ValiditySchema.default('DAY'),
  product: ProductSchema.default('MIS'),
  orderType: OrderTypeSchema,
  transactionType: TransactionTypeSchema,
  /** Units (a whole number of lots). */
  quantity,
  /** Limit price (LIMIT, SL); ignored for MARKET and SL-M. */
  price: price.optional(),
  /** Trigger price (SL, SL-M). */
  triggerPrice: price.optional(),
  /** At most 20 characters (spec §5; Kite refuses longer tags). */
  tag: textSchema().max(20).optional(),
  /** Lots per slice (spec §5: 1 ≤ sliceLot ≤ freeze ÷ lot size); default freeze ÷ lot size. */
  sliceLot: z.number().int().positive().max(100_000).optional(),
  /** Market protection in percent for MARKET and SL-M: −1 automatic (default) or 1–100. Zero is refused by Kite. */
  marketProtection: z
    .number()
    .int()
    .min(-1)
    .max(100)
    .refine((v) => v !== 0, { message: 'Market protection must be -1 (auto) or 1 to 100' })
    .optional(),
  takeProfit: ProtectionLegSchema.optional(),
  stopLoss: ProtectionLegSchema.optional(),
  /** Place on the paper exchange even though the account trades live (a Zerodha account switched to paper). */
  mode: TradingModeSchema.optional(),
});
/**
 * Where an order request came from: the order window, the basket, the chain, straddle or strangle chain trading, a
 * one-click position adjustment, or a rule firing. Scalper may not use `straddle`, `strangle`, `adjustment`, `rule`.
 */
export const ORDER_ORIGINS = ['window', 'basket', 'chain', 'straddle', 'strangle', 'adjustment', 'rule'] as const;
/** Where an order request came from. */
export const OrderOriginSchema = z.enum(ORDER_ORIGINS);
/** Where an order request came from. */
export type OrderOrigin = z.infer<typeof OrderOriginSchema>;

/** One order line as sent. */
export type OrderLineInput = z.input<typeof OrderLineSchema>;
/** One order line, defaults applied. */
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** `POST brokers/{id}/orders` body: one order line (sliced into several orders when above the slice size). */
export const PlaceOrderRequestSchema = OrderLineSchema;

/** `POST brokers/{id}/bulk-orders` body (spec §7 bulkOrder): lines for one account, sliced and sequenced. */
export const BulkOrderRequestSchema = z.object({
  priorityType: z.literal('broker-config').default('broker-config'),
  orders: z.array(OrderLineSchema).min(1).max(50),
  /** The terminal control that sent the orders; the plan matrix gates some of them (spec §6). */
  origin: OrderOriginSchema.optional(),
});
/** `POST brokers/{id}/bulk-orders` body. */
export type BulkOrderRequest = z.input<typeof BulkOrderRequestSchema>;

/** `PUT brokers/{id}/orders/{orderId}` body (spec §4.2: an order sent with an id is a modify). */
export const ModifyOrderRequestSchema = z
  .object({
    orderType: OrderTypeSchema,
    quantity,
    price,
    triggerPrice: price,
    validity: ValiditySchema,
  })
  .partial()
  // The order window sends the whole line back; fields a modify cannot change are accepted and ignored.
  .passthrough();
/** `PUT brokers/{id}/orders/{orderId}` body. */
export type ModifyOrderRequest = z.input<typeof ModifyOrderRequestSchema>;

/** `{id}` and `{orderId}` of the order routes. */
export const OrderParamsSchema = z.object({
  id: textSchema().min(1).max(64),
  orderId: textSchema().min(1).max(64),
});

/** `{id}` and `{positionId}` of the profit-loss route. */
export const PositionParamsSchema = z.object({
  id: textSchema().min(1).max(64),
  positionId: textSchema().min(1).max(64),
});

/**
 * Our order states (trading.md §1.5): journalled `INTENT` → `SENT` → `OPEN` | `TRIGGER_PENDING` → `PARTIAL` →
 * `COMPLETE` | `CANCELLED` | `REJECTED`; `UNKNOWN` after an ambiguous send until reconciled by tag (or `FAILED`).
 * A state never moves backwards.
 */
export const ORDER_STATUSES = [
  'INTENT',
  'SENT',
  'UNKNOWN',
  'OPEN',
  'TRIGGER_PENDING',
  'PARTIAL',
  'COMPLETE',
  'CANCELLED',
  'REJECTED',
  'FAILED',
] as const;
/** An order state. */
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
/** An order state. */
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** States after which nothing changes. */
export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = ['COMPLETE', 'CANCELLED', 'REJECTED', 'FAILED'];

/** One order as the order book shows it. */
export const OrderViewSchema = z.object({
  /** Our order id (used in `PUT/DELETE orders/{orderId}`). */
  id: z.string(),
  /** The broker's (or paper exchange's) order id; null until acknowledged. */
  brokerOrderId: z.string().nullable(),
  mode: TradingModeSchema,
  exchange: TradingExchangeSchema,
  tradingSymbol: z.string(),
  instrumentToken: z.number().int(),
  transactionType: TransactionTypeSchema,
  product: ProductSchema,
  orderType: OrderTypeSchema,
  variety: VarietySchema,
  validity: ValiditySchema,
  quantity: z.number().int(),
  filledQuantity: z.number().int(),
  pendingQuantity: z.number().int(),
  price: z.number().nullable(),
  triggerPrice: z.number().nullable(),
  averagePrice: z.number().nullable(),
  status: OrderStatusSchema,
  statusMessage: z.string().nullable(),
  /** The tag the order carries at the broker (ours, ≤ 20 characters; used to reconcile). */
  tag: z.string(),
  /** 1-based slice number and slice count when a line was sliced. */
  slice: z.object({ index: z.number().int(), count: z.number().int() }),
  modifications: z.number().int(),
  /** ISO date-times. */
  placedAt: z.string(),
  updatedAt: z.string(),
});
/** One order. */
export type OrderView = z.infer<typeof OrderViewSchema>;

/** `POST orders` and `POST bulk-orders` data: every order (slice) the request created, in placing order. */
export const PlacedOrdersSchema = z.object({ orders: z.array(OrderViewSchema) });
/** `POST orders` / `POST bulk-orders` data. */
export type PlacedOrders = z.infer<typeof PlacedOrdersSchema>;

/**
 * `POST quiktrade/fan-out` body: one order line for every account of the user enabled for trading, each trading the
 * line's quantity times its own multiplier. One fan-out is all live or all paper: the line's `mode`, or live when
 * any of the accounts trades live.
 */
export const FanOutRequestSchema = z.object({
  line: OrderLineSchema,
  /** The terminal control that sent the line; the plan matrix gates some of them as for `bulk-orders`. */
  origin: OrderOriginSchema.optional(),
});
/** `POST quiktrade/fan-out` body. */
export type FanOutRequest = z.input<typeof FanOutRequestSchema>;

/** What one account of a fan-out did: placed (its orders), or rejected with the reason. */
export const FanOutAccountResultSchema = z.object({
  brokerId: z.string(),
  userName: z.string(),
  multiplier: z.number().int(),
  status: z.enum(['placed', 'rejected']),
  reason: z.string().nullable(),
  orders: z.array(OrderViewSchema),
});
/** What one account of a fan-out did. */
export type FanOutAccountResult = z.infer<typeof FanOutAccountResultSchema>;

/** `POST quiktrade/fan-out` data: the fan-out's mode and one result per account. */
export const FanOutResultSchema = z.object({ mode: TradingModeSchema, results: z.array(FanOutAccountResultSchema) });
/** `POST quiktrade/fan-out` data. */
export type FanOutResult = z.infer<typeof FanOutResultSchema>;

/** `PUT brokers/{id}/multiplier` body: how many times a fanned-out line's quantity this account trades. */
export const TradeMultiplierRequestSchema = z.object({ multiplier: z.number().int().min(1).max(100) });

/** `GET brokers/{id}/orders` data. */
export const OrderBookSchema = z.object({ orders: z.array(OrderViewSchema) });
/** `GET brokers/{id}/orders` data. */
export type OrderBook = z.infer<typeof OrderBookSchema>;

/** Charges of a fill or a position (trading.md §3), rupees. */
export const ChargesSchema = z.object({
  brokerage: z.number(),
  stt: z.number(),
  exchange: z.number(),
  sebi: z.number(),
  stamp: z.number(),
  gst: z.number(),
  total: z.number(),
});
/** Charges, rupees. */
export type Charges = z.infer<typeof ChargesSchema>;

/** One fill. */
export const TradeViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  brokerOrderId: z.string().nullable(),
  mode: TradingModeSchema,
  exchange: TradingExchangeSchema,
  tradingSymbol: z.string(),
  instrumentToken: z.number().int(),
  transactionType: TransactionTypeSchema,
  product: ProductSchema,
  quantity: z.number().int(),
  price: z.number(),
  charges: ChargesSchema.nullable(),
  filledAt: z.string(),
});
/** One fill. */
export type TradeView = z.infer<typeof TradeViewSchema>;

/** `GET brokers/{id}/trades` data. */
export const TradeBookSchema = z.object({ trades: z.array(TradeViewSchema) });

/** Target, stop and trailing stop of a position, watched by the server (prices; trail step in points). */
export const PositionProtectionSchema = z.object({
  target: z.number().nullable(),
  stopLoss: z.number().nullable(),
  /** Trailing step S: the stop moves by S for every S of favourable move; never loosens. */
  trailingStop: z.number().nullable(),
  /** True once a trigger fired and its exit was placed. */
  triggered: z.boolean(),
});
/** A position's protection. */
export type PositionProtection = z.infer<typeof PositionProtectionSchema>;

/** One position (net of today's buys and sells for an instrument and product). */
export const PositionViewSchema = z.object({
  /** Stable id for `PUT positions/{positionId}/profit-loss`. */
  id: z.string(),
  mode: TradingModeSchema,
  exchange: TradingExchangeSchema,
  tradingSymbol: z.string(),
  instrumentToken: z.number().int(),
  product: ProductSchema,
  /** Net units: positive long, negative short, 0 closed. */
  quantity: z.number().int(),
  lotSize: z.number().int(),
  averagePrice: z.number(),
  lastPrice: z.number().nullable(),
  buyQuantity: z.number().int(),
  sellQuantity: z.number().int(),
  buyValue: z.number(),
  sellValue: z.number(),
  realisedPnl: z.number(),
  unrealisedPnl: z.number(),
  /** Gross P&L = realised + unrealised. */
  pnl: z.number(),
  charges: z.number(),
  /** P&L after charges. */
  netPnl: z.number(),
  protection: PositionProtectionSchema,
});
/** One position. */
export type PositionView = z.infer<typeof PositionViewSchema>;

/** `GET brokers/{id}/positions` and `fno-positions` data. */
export const PositionBookSchema = z.object({ positions: z.array(PositionViewSchema) });

/** `PUT brokers/{id}/positions` body: convert a position's product (MIS ↔ NRML). */
export const ConvertPositionRequestSchema = z.object({
  exchange: TradingExchangeSchema,
  tradingSymbol: textSchema().trim().min(1).max(64),
  /** Units to convert; default the whole position. */
  quantity: quantity.optional(),
  oldProduct: ProductSchema,
  newProduct: ProductSchema,
});
/** `PUT brokers/{id}/positions` body. */
export type ConvertPositionRequest = z.input<typeof ConvertPositionRequestSchema>;

/** `PUT brokers/{id}/positions/{positionId}/profit-loss` body: null clears a level. */
export const ProfitLossRequestSchema = z
  .object({
    target: price.positive().nullable(),
    stopLoss: price.positive().nullable(),
    trailingStop: price.positive().nullable(),
  })
  .partial();
/** `PUT positions/{positionId}/profit-loss` body. */
export type ProfitLossRequest = z.input<typeof ProfitLossRequestSchema>;

/** One holding. */
export const HoldingViewSchema = z.object({
  exchange: z.string(),
  tradingSymbol: z.string(),
  instrumentToken: z.number().int(),
  quantity: z.number().int(),
  averagePrice: z.number(),
  lastPrice: z.number().nullable(),
  pnl: z.number(),
});
/** `GET brokers/{id}/holdings` data. */
export const HoldingsSchema = z.object({ holdings: z.array(HoldingViewSchema) });

/** Funds in the shape the order window reads (spec §2.7: `equity.utilised.debits`, `equity.available.cash`). */
export const FundsSchema = z.object({
  mode: TradingModeSchema,
  equity: z.object({
    /** Opening virtual capital (paper) or the broker's opening balance. */
    openingBalance: z.number(),
    available: z.object({ cash: z.number(), liveBalance: z.number() }),
    utilised: z.object({
      debits: z.number(),
      span: z.number(),
      exposure: z.number(),
      optionPremium: z.number(),
      realisedPnl: z.number(),
      unrealisedPnl: z.number(),
      charges: z.number(),
    }),
  }),
});
/** Funds of an account. */
export type Funds = z.infer<typeof FundsSchema>;

/** One line of a margin request (no target/stop; only what the margin depends on). */
export const MarginLineSchema = OrderLineSchema.pick({
  exchange: true,
  tradingSymbol: true,
  variety: true,
  validity: true,
  product: true,
  orderType: true,
  transactionType: true,
  quantity: true,
  price: true,
  triggerPrice: true,
});

/** `POST brokers/{id}/fetch-margins` body (spec §7 brokerOrderMargin): one order. */
export const OrderMarginsRequestSchema = z.object({ orders: z.array(MarginLineSchema).length(1) });

/** Margin of one order. */
export const OrderMarginSchema = z.object({
  tradingSymbol: z.string(),
  span: z.number(),
  exposure: z.number(),
  optionPremium: z.number(),
  total: z.number(),
  charges: ChargesSchema.nullable(),
});

/** `POST brokers/{id}/fetch-margins` data: `margins[0].total`. */
export const OrderMarginsSchema = z.object({ margins: z.array(OrderMarginSchema) });

/** `POST brokers/{id}/fetch-basket-margins` body (spec §7 basketMargins). */
export const BasketMarginsRequestSchema = z.object({
  orders: z.array(MarginLineSchema).min(1).max(50),
  /** Net the basket against the account's open positions. */
  considerPositions: z.boolean().optional(),
});

/** `POST brokers/{id}/fetch-basket-margins` data: `initial.total` (leg by leg), `final.total` (hedged). */
export const BasketMarginsSchema = z.object({
  initial: z.object({ total: z.number() }),
  final: z.object({ total: z.number() }),
  orders: z.array(OrderMarginSchema),
});

/**
 * Risk settings of one account (spec §2.7, §3) plus the terminal's RMS panel: the daily loss limit (rupees, a loss
 * of this much or more blocks new entries) and the most lots one order may carry.
 */
export const RiskSettingsSchema = z.object({
  brokerId: z.string(),
  maxPositions: z.number().int().min(1).max(1000),
  riskPercentagePerTrade: z.number().min(0).max(100),
  idealRewardToRisk: z.number().min(0).max(100),
  riskPerTradeAmount: z.number().min(0).max(1e9),
  /** Open positions now (read only). */
  positionsTaken: z.number().int(),
  /** Daily loss limit in rupees (positive); null for none. */
  dailyLossLimit: z.number().positive().max(1e10).nullable(),
  /** Most lots per order; null for none. */
  maxLotsPerOrder: z.number().int().positive().max(100_000).nullable(),
});
/** Risk settings. */
export type RiskSettings = z.infer<typeof RiskSettingsSchema>;

/** Defaults of a new account's risk settings: maxPositions 1 (spec §9); the others are ours. */
export const RISK_SETTINGS_DEFAULTS = {
  maxPositions: 1,
  riskPercentagePerTrade: 1,
  idealRewardToRisk: 2,
  riskPerTradeAmount: 1000,
  dailyLossLimit: null,
  maxLotsPerOrder: null,
} as const;

/** `GET risksettings?brokerId=` query. */
export const RiskSettingsQuerySchema = z.object({ brokerId: textSchema().min(1).max(64) });

/** `POST risksettings` body: the account and the fields to change. */
export const UpdateRiskSettingsRequestSchema = RiskSettingsSchema.omit({ positionsTaken: true })
  .partial()
  .extend({ brokerId: textSchema().min(1).max(64) });
/** `POST risksettings` body. */
export type UpdateRiskSettingsRequest = z.input<typeof UpdateRiskSettingsRequestSchema>;

const instant = z.union([
  z.coerce.number().int().nonnegative().max(8.64e15),
  textSchema().refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Invalid date' }),
]);

/** `GET brokers/{id}/logs?from&to` query: ISO-8601 or epoch ms; default today (IST). */
export const TradingLogQuerySchema = z.object({ from: instant.optional(), to: instant.optional() });

/** One trading-log line: an action or a broker answer, secrets redacted. */
export const TradingLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  action: z.string(),
  message: z.string(),
  orderId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
/** One trading-log line. */
export type TradingLogEntry = z.infer<typeof TradingLogEntrySchema>;

/** `GET brokers/{id}/logs` data. */
export const TradingLogSchema = z.object({ logs: z.array(TradingLogEntrySchema) });

/** Kinds of order events on the feed. */
export const ORDER_EVENT_KINDS = [
  'order.placed',
  'order.updated',
  'order.filled',
  'order.rejected',
  'order.cancelled',
  'position.changed',
  'funds.changed',
] as const;

/** `d` of a `{"t":"event"}` frame about trading: what changed on which account. */
export const OrderEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['order.placed', 'order.updated', 'order.filled', 'order.rejected', 'order.cancelled']),
    brokerId: z.string(),
    at: z.string(),
    order: OrderViewSchema,
  }),
  z.object({ kind: z.literal('position.changed'), brokerId: z.string(), at: z.string(), position: PositionViewSchema }),
  z.object({ kind: z.literal('funds.changed'), brokerId: z.string(), at: z.string(), funds: FundsSchema }),
]);
/** An order event. */
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** The texts the trading API answers with (the spec's own where it has them). */
export const TRADING_MESSAGES = {
  noTradePlan: 'You do not have valid plan for QuikTrade. Please purchase plan to continue.',
  orderPlacedFor: 'Order Plased for',
  orderPlaced: (id: string, side: TransactionType, symbol: string, price: number | string) =>
    `${id} - ${side} ${symbol} at price ${price} placed successfully. Check Orders/Logs for details.`,
  // Texts the spec does not show, written for the server's refusals.
  liveNotSupported: (type: string) =>
    `Only paper trading is enabled for ${type}. Real orders go through Zerodha accounts only.`,
  freePlanPaperOnly:
    'The Free plan trades on paper only. Please purchase a QuikTrade plan to trade with your broker account.',
  freePlanNiftyOnly: 'The Free plan trades NIFTY only. Please upgrade to trade other instruments.',
  freeOrdersUsed: 'You have used the 5000 free simulated orders of the Free plan. Please purchase a QuikTrade plan.',
  scalperIndicesOnly: 'The Scalper plan trades index derivatives only. Please upgrade to Pro to trade stock F&O.',
  idempotencyReused: 'This Idempotency-Key was used for a different order.',
  insufficientFunds: (required: string, available: string) =>
    `Insufficient funds. Required margin is ${required}, available is ${available}.`,
  notModifiable: 'The order is no longer open and cannot be changed.',
  modificationLimit: 'An order can be modified at most 25 times. Please cancel it and place a new order.',
  unknownInstrument: (symbol: string) => `Instrument ${symbol} was not found.`,
  noPrice: 'No price for this instrument yet. Please try again in a moment.',
  dailyLossLimit: 'The daily loss limit is reached: new orders are blocked for today.',
  dailyLossLimitEditWindow: 'The daily loss limit can be changed only before 09:15.',
  maxPositions: (n: number) =>
    `This order would open more than ${n} position${n === 1 ? '' : 's'} (risk settings). Exit a position or raise Max positions.`,
  /** Spec §2.3: the Upgrade Now popup's text, also the server's refusal of a feature the plan does not have. */
  upgradeToUse: 'Please upgrade to use this feature',
  maxLots: (n: number) => `An order may carry at most ${n} lots (risk settings).`,
  resetOpenOrders: 'Cancel your open orders before resetting the paper account.',
  resetOpenPositions: 'Close your open positions before resetting the paper account.',
} as const;

/** Bounds of a paper account's virtual capital (₹10,000 to ₹100 crore). */
export const PAPER_CAPITAL_LIMITS = { min: 10_000, max: 1_000_000_000 } as const;

/**
 * `POST brokers/{id}/paper/reset` body: start the paper book again from virtual capital only, with `capital` when
 * given (otherwise the capital it had).
 */
export const PaperResetRequestSchema = z
  .object({
    capital: z.number().int().min(PAPER_CAPITAL_LIMITS.min).max(PAPER_CAPITAL_LIMITS.max).optional(),
  })
  .strict();
/** `POST brokers/{id}/paper/reset` body. */
export type PaperResetRequest = z.infer<typeof PaperResetRequestSchema>;

/** Free plan limits (plan matrix): simulated orders in total, per user. */
export const FREE_PLAN_SIMULATED_ORDERS = 5000;

/** The HTTP header carrying the idempotency key of an order request. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
