// The paper exchange's plain-data surface: what goes in (orders, ticks, time, settlements) and what comes out
// (order, fill, position and funds events), and the state the server persists and replays. Everything here is
// JSON-safe so an input log can be stored and re-applied to rebuild a book exactly.
import type {
  EpochMs,
  IsoDate,
  MarketCalendar,
  OrderType,
  OrderValidity,
  OrderVariety,
  TradedContract,
  TransactionType,
  UnderlyingMarket,
} from '@fnodesk/domain';

/** F&O products on the paper exchange. */
export type PaperProduct = 'MIS' | 'NRML';

/** Order statuses, named as Kite names them. */
export type PaperOrderStatus = 'AMO REQ RECEIVED' | 'OPEN' | 'TRIGGER PENDING' | 'COMPLETE' | 'CANCELLED' | 'REJECTED';

/** The contract an order is for, with the facts matching and charging need. */
export interface PaperInstrument {
  token: number;
  tradingSymbol: string;
  exchange: 'NFO' | 'BFO';
  contract: TradedContract;
  underlyingKind: 'index' | 'stock';
  lotSize: number;
  tickSize: number;
}

/** A new order as the trading module hands it over (already validated against the order rules). */
export interface PaperOrderRequest {
  /** Unique per book; placing the same id twice has no further effect. */
  orderId: string;
  instrument: PaperInstrument;
  side: TransactionType;
  /** Units. */
  quantity: number;
  orderType: OrderType;
  product: PaperProduct;
  validity: OrderValidity;
  variety: OrderVariety;
  price?: number | null;
  triggerPrice?: number | null;
  /** −1 automatic, or 1–100 %: MARKET and SL-M orders never fill beyond LTP × (1 ± P %). */
  marketProtection?: number | null;
  tag?: string | null;
}

/** What a modify may change. */
export interface PaperOrderChanges {
  quantity?: number;
  price?: number | null;
  triggerPrice?: number | null;
  orderType?: OrderType;
  validity?: OrderValidity;
}

/** One price level of a book: price and units (the feed's depth shape). */
export interface PaperDepthLevel {
  p: number;
  q: number;
}

/** A tick as the feed carries it (ARCHITECTURE §3): exchange time, last price, volume today, optional depth. */
export interface PaperTick {
  token: number;
  /** Exchange time of the tick (epoch ms). */
  ts: EpochMs;
  lp: number;
  /** Volume traded today (units); its increase between ticks is what traded at the new price. */
  vt?: number;
  depth?: { buy: readonly PaperDepthLevel[]; sell: readonly PaperDepthLevel[] };
}

/** Inputs to the engine. `at` is the engine time (the server's clock) at which the input is applied. */
export type PaperEngineInput =
  | { type: 'place'; at: EpochMs; order: PaperOrderRequest }
  | { type: 'modify'; at: EpochMs; eventId: string; orderId: string; changes: PaperOrderChanges }
  | { type: 'cancel'; at: EpochMs; orderId: string }
  | { type: 'ticks'; at: EpochMs; ticks: readonly PaperTick[] }
  /** The feed's health: while stale nothing fills or triggers. */
  | { type: 'feed'; at: EpochMs; stale: boolean }
  /** Underlying price and volatility for margins. */
  | { type: 'underlying'; at: EpochMs; root: string; market: UnderlyingMarket }
  /** Time passing (session close, AMO release, MIS square-off) without a tick. */
  | { type: 'time'; at: EpochMs }
  /** Expiry settlement at the final settlement prices, by derivatives root. */
  | { type: 'settle-expiry'; at: EpochMs; expiry: IsoDate; settlementPrices: Readonly<Record<string, number>> }
  /** Clears the book and starts again with this virtual capital (the configured default when absent). */
  | { type: 'reset'; at: EpochMs; eventId: string; capital?: number };

/** An order as the engine holds it. */
export interface PaperOrder {
  orderId: string;
  /** Arrival sequence in the book: orders at one price are matched in this order. */
  seq: number;
  instrument: PaperInstrument;
  side: TransactionType;
  quantity: number;
  filledQuantity: number;
  cancelledQuantity: number;
  orderType: OrderType;
  product: PaperProduct;
  validity: OrderValidity;
  variety: OrderVariety;
  price: number | null;
  triggerPrice: number | null;
  marketProtection: number | null;
  tag: string | null;
  status: PaperOrderStatus;
  statusMessage: string | null;
  averagePrice: number;
  placedAt: EpochMs;
  updatedAt: EpochMs;
  /** Only ticks stamped after this instant may fill the order (its placement, release or last modification). */
  activeFrom: EpochMs;
  /** The limit it works at: LIMIT/SL its price; MARKET/SL-M the protection price once part of it rests. */
  workingPrice: number | null;
  /** An SL/SL-M order once its trigger has been crossed (it then works as LIMIT/MARKET). */
  triggered: boolean;
  /** AMOs: the session open they wait for. */
  releaseAt: EpochMs | null;
  /** Units displayed ahead of a resting LIMIT at its price when it started resting (null: not measured yet). */
  queueAhead: number | null;
  modifications: number;
  /** Modify event ids already applied (a repeated modify is ignored). */
  appliedModifications: string[];
  fills: number;
  /** Turnover and brokerage so far: brokerage is charged once per executed order. */
  chargedTurnover: number;
  chargedBrokerage: number;
  /** Placed by the engine's MIS square-off (charged the auto square-off fee) or an expiry action. */
  origin: 'user' | 'square-off';
}

/** One execution. `fillId` = `${orderId}#${seq}`, unique: a fill is recorded exactly once. */
export interface PaperFill {
  fillId: string;
  orderId: string;
  seq: number;
  token: number;
  tradingSymbol: string;
  side: TransactionType;
  product: PaperProduct;
  quantity: number;
  price: number;
  at: EpochMs;
  /** Exchange time of the tick that produced the fill. */
  tickTs: EpochMs;
  charges: number;
}

/** An open or closed position of one contract and product. */
export interface PaperPosition {
  key: string;
  instrument: PaperInstrument;
  product: PaperProduct;
  /** Signed units: positive long, negative short. */
  quantity: number;
  averagePrice: number;
  buyQuantity: number;
  buyValue: number;
  sellQuantity: number;
  sellValue: number;
  realisedPnl: number;
  charges: number;
  lastPrice: number | null;
}

/** A position with its marks. */
export interface PaperPositionView extends PaperPosition {
  unrealisedPnl: number;
  /** Realised + unrealised. */
  grossPnl: number;
  /** Gross less charges. */
  netPnl: number;
}

/** Funds of the paper account (rupees). */
export interface PaperFunds {
  capital: number;
  /** Capital + realised P&L − charges − premium paid for open long options + premium received on open shorts. */
  cash: number;
  /** Margin blocked by open positions and pending orders. */
  blockedMargin: number;
  available: number;
  realisedPnl: number;
  unrealisedPnl: number;
  charges: number;
}

/** Why an order was cancelled by the engine or the user. */
export type PaperCancelReason = 'user' | 'ioc' | 'day-end' | 'square-off' | 'expiry' | 'reset';

/** Stable codes of the engine's own rejections. */
export type PaperRejectCode =
  | 'INVALID_ORDER'
  | 'DUPLICATE_ORDER'
  | 'INSUFFICIENT_MARGIN'
  | 'MIS_SQUARED_OFF'
  | 'ORDER_NOT_FOUND'
  | 'ORDER_NOT_OPEN'
  | 'MODIFY_LIMIT'
  | 'PHYSICAL_SETTLEMENT_BLOCKED';

/** Outputs: what happened, in order, as plain data. */
export type PaperEngineEvent =
  | { type: 'order-accepted'; at: EpochMs; order: PaperOrder }
  | { type: 'order-rejected'; at: EpochMs; orderId: string; code: PaperRejectCode; message: string }
  | { type: 'order-triggered'; at: EpochMs; order: PaperOrder }
  | { type: 'order-modified'; at: EpochMs; order: PaperOrder }
  | { type: 'order-cancelled'; at: EpochMs; order: PaperOrder; reason: PaperCancelReason }
  | { type: 'order-filled'; at: EpochMs; order: PaperOrder; fill: PaperFill }
  | { type: 'position-changed'; at: EpochMs; position: PaperPositionView }
  | { type: 'funds-changed'; at: EpochMs; funds: PaperFunds }
  | { type: 'expiry-settled'; at: EpochMs; expiry: IsoDate; position: PaperPositionView; settlementPrice: number }
  | { type: 'book-reset'; at: EpochMs; capital: number };

/** Engine settings. */
export interface PaperEngineConfig {
  /** Virtual capital of a new or reset book (₹10,00,000). */
  capital: number;
  /** MIS positions are squared off this many minutes before the F&O close in force. */
  squareOffMinutesBeforeClose: number;
  /** A tick older than this (engine time − tick time) is stale and never fills. */
  staleTickMs: number;
  /** Kite's modification limit per order. */
  maxModifications: number;
}

/** The persisted state: plain JSON. */
export interface PaperEngineState {
  version: 1;
  config: PaperEngineConfig;
  capital: number;
  cash: number;
  realisedPnl: number;
  charges: number;
  /** Blocked margin by derivatives root (positions and pending orders of that underlying). */
  marginByRoot: Record<string, number>;
  feedStale: boolean;
  /** Next order sequence number. */
  nextSeq: number;
  orders: Record<string, PaperOrder>;
  positions: Record<string, PaperPosition>;
  lastTicks: Record<string, { ts: EpochMs; lp: number; vt: number | null }>;
  underlyings: Record<string, UnderlyingMarket>;
  /** IST dates whose MIS square-off has run. */
  squaredOffDates: IsoDate[];
  /** Expiries already settled. */
  settledExpiries: IsoDate[];
  /** Reset event ids applied (a repeated reset is ignored). */
  resets: string[];
  /** Latest engine time seen. */
  lastAt: EpochMs;
  /**
   * The IST day the book last worked on. When a new day starts, finished orders and closed positions of earlier
   * days are dropped from the book (the server's tables keep their history), as a broker's day book does.
   */
  day?: IsoDate;
}

/** Options of `createPaperEngine`. */
export interface PaperEngineOptions {
  /** A persisted state to continue from (a new book when absent). */
  state?: PaperEngineState;
  config?: Partial<PaperEngineConfig>;
  calendar?: MarketCalendar;
}

/** The matching engine of one paper book. */
export interface PaperEngine {
  /** Applies one input and returns what happened. */
  apply(input: PaperEngineInput): PaperEngineEvent[];
  /** A deep copy of the state, for persistence. */
  snapshot(): PaperEngineState;
  funds(): PaperFunds;
  positions(): PaperPositionView[];
  orders(): PaperOrder[];
  /** How many orders the state holds (the day's, finished ones too): what a snapshot's size grows with. */
  orderCount(): number;
  order(orderId: string): PaperOrder | null;
  /** Tokens with working orders or open positions: the ticks this book needs (a router sends it only these). */
  watchedTokens(): number[];
  /**
   * Whether the market at `at` can change the book's orders or positions: it has working orders, or a timer is due
   * (square-off, the close, an AMO's release, a new day). A book of open positions alone only marks them to market,
   * which can wait for a read of its funds.
   */
  needsMarket(at: number): boolean;
}
