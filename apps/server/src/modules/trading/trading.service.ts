import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BROKER_MESSAGES,
  RISK_SETTINGS_DEFAULTS,
  TERMINAL_ORDER_STATUSES,
  TRADING_MESSAGES,
  planRefusal,
  tradePlanOf,
  tradesLive,
  type TradePlan,
  type BasketMarginsRequestSchema,
  type BrokerType,
  type ConvertPositionRequest,
  type FanOutResult,
  type Funds,
  type HoldingViewSchema,
  type MarginLineSchema,
  type ModifyOrderRequest,
  type OrderEvent,
  type OrderLine,
  type OrderOrigin,
  type OrderStatus,
  type OrderView,
  type PaperResetRequest,
  type PositionView,
  type ProfitLossRequest,
  type RiskSettings,
  type TradeView,
  type TradingLogEntry,
  type TradingMode,
  type UpdateRiskSettingsRequest,
} from '@fnodesk/contracts';
import {
  basketMargin,
  contractInstrumentToken,
  derivativesUnderlying,
  effectiveSliceLots,
  fillCharges,
  istDateOf,
  istMidnight,
  istMillisOfDay,
  orderMargin,
  portfolioMargin,
  roundPaise,
  sliceOrder,
  tryParseTradingSymbol,
  validateOrderLine,
  type Clock,
  type MarginLeg,
  type MarginMarket,
  type OrderInstrument,
  type TradedContract,
} from '@fnodesk/domain';
import type { BrokerMarginLeg, BrokerOrder } from '@fnodesk/brokers';
import type { MarketSim, SimInstrument } from '@fnodesk/market-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Bus } from '../../platform/bus';
import { AppError, errors } from '../../platform/errors';
import { publishUserEvent } from '../feed/feed-channels';
import { createLiveExchange, fromBrokerFailure, type LiveAccess, type LiveBrokers } from './live-exchange';
import { createPaperExchange, type PaperEffects } from './paper-exchange';
import { RecentReads } from './recent-reads';
import type {
  AccountRow,
  NewLogRow,
  NewOrderRow,
  OrderRow,
  PositionRow,
  RiskSettingsRow,
  TradingRepository,
} from './trading.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kite's limit of modifications per order (trading.md §1.6): the 26th is refused here, before any call. */
export const MAX_MODIFICATIONS = 25;
/** Virtual capital of a new paper book (₹10,00,000). */
export const DEFAULT_PAPER_CAPITAL = 1_000_000;
const IDEMPOTENT_WAIT_MS = 10_000;

type MarginLine = z.infer<typeof MarginLineSchema>;
type HoldingView = z.infer<typeof HoldingViewSchema>;
type BasketMarginsRequest = z.infer<typeof BasketMarginsRequestSchema>;

/** The instrument of an order line with the facts validation, slicing and margins need. */
export interface ResolvedInstrument {
  sim: SimInstrument;
  contract: TradedContract;
  facts: OrderInstrument;
  ltp: number | null;
}

/** What the trading service is built from. */
export interface TradingServiceDeps {
  repository: TradingRepository;
  market: () => MarketSim;
  /** Market time: orders are checked, priced, stamped and filled in it (on the simulated market, the time it plays). */
  clock: Clock;
  /** Wall time, for what runs on the calendar rather than the market: plans and broker sessions (default `clock`). */
  wallClock?: Clock;
  bus: Bus;
  logger: FastifyBaseLogger;
  paperCapital?: number;
  /** Sessions of accounts that trade for real (Zerodha); without it, live orders are refused as unavailable. */
  live?: LiveBrokers;
  /** How long an ambiguous live send settles before the tag lookup (real time; default 1 s). */
  liveSettleMs?: number;
  /** How long after an order's last change a resume asks the broker about it (real time; default 10 s). */
  liveResumeAfterMs?: number;
  /** Whether the market feed is stale now (no paper fills while it is). */
  feedStale?: () => boolean;
  /** Tests only: a pause before each order of an intent after the first. */
  testSendDelayMs?: number;
}

/** One order request as the service takes it: which lines, how journalled. */
export interface PlaceRequest {
  userId: string;
  accountId: string;
  kind: 'place' | 'bulk' | 'exit';
  lines: readonly OrderLine[];
  /** The `Idempotency-Key` header; absent → a fresh key (the request is not repeatable). */
  idempotencyKey?: string;
  /**
   * An exit placed by the risk engine: it only reduces a position, so the entry gates (login, allowance, plan,
   * lots per order) do not hold it back; validation and the journal still apply.
   */
  exit?: boolean;
  /** The terminal control that sent it (plan-gated, spec §6). */
  origin?: OrderOrigin;
}

/** One line of an entry as the entry guards see it: resolved, sliced, before anything is journalled. */
export interface EntryLine {
  mode: TradingMode;
  instrumentToken: number;
  product: string;
  transactionType: 'BUY' | 'SELL';
  quantity: number;
}

/** A check every new entry passes before it is journalled (the QuikTrade risk limits); throws an AppError to refuse. */
export type EntryGuard = (entry: {
  userId: string;
  accountId: string;
  lines: readonly EntryLine[];
  /** The account's risk settings as the order path read them (kept up to 1 s; a save here shows at once). */
  settings: RiskSettingsRow | undefined;
}) => Promise<void>;

/** Told the account whose positions, position protection or risk settings changed (what the risk engine watches). */
export type WatchChangeListener = (accountId: string) => Promise<void>;

/** The daily loss limit may be changed only before the open (09:15 IST, trading.md §5.3). */
const DAILY_LOSS_EDIT_UNTIL_MS = (9 * 60 + 15) * 60_000;

/** A tag unique per account, ≤ 20 characters, to find an order in the broker's book after an ambiguous send. */
function newTag(): string {
  return `fd${randomBytes(8).toString('hex')}`;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

const REMEMBERED_CHANNELS = 10_000;

/** Keeps `value` under `key`, forgetting the oldest entry beyond REMEMBERED_CHANNELS. */
function remember(map: Map<string, string>, key: string, value: string): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_CHANNELS) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

/** Bulk sequencing: slices of every line interleaved round-robin, buys (hedges) first so margin is never spiked. */
export function sequenceSlices<T extends { line: { transactionType: 'BUY' | 'SELL' }; slices: readonly unknown[] }>(
  lines: readonly T[],
): { lineIndex: number; sliceIndex: number }[] {
  const order = lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) =>
      a.l.line.transactionType === b.l.line.transactionType ? a.i - b.i : a.l.line.transactionType === 'BUY' ? -1 : 1,
    );
  const out: { lineIndex: number; sliceIndex: number }[] = [];
  const most = Math.max(...lines.map((l) => l.slices.length));
  for (let s = 0; s < most; s++) {
    for (const { l, i } of order) if (s < l.slices.length) out.push({ lineIndex: i, sliceIndex: s });
  }
  return out;
}

/**
 * The trading service (ARCHITECTURE §6 order path): validate (spec §5, exchange rules, plan matrix, allowance,
 * broker login) → journal the intent with its idempotency key → slice at the freeze limit → send each order →
 * record every answer in the trading log → publish order events on the user's feed channel.
 */
export function createTradingService(deps: TradingServiceDeps) {
  const { repository, market, clock, bus, logger } = deps;
  const capital = deps.paperCapital ?? DEFAULT_PAPER_CAPITAL;
  const now = () => new Date(clock.now());
  const wall = deps.wallClock ?? clock;

  /** The order event an order's state announces. */
  function eventKindOf(order: OrderRow): Extract<OrderEvent, { order: unknown }>['kind'] {
    return order.status === 'REJECTED' || order.status === 'FAILED'
      ? 'order.rejected'
      : order.status === 'CANCELLED'
        ? 'order.cancelled'
        : order.status === 'COMPLETE' || order.status === 'PARTIAL'
          ? 'order.filled'
          : order.modifications > 0
            ? 'order.updated'
            : 'order.placed';
  }

  /** The paper exchange's answers in the trading log, written in the transaction that changed the orders. */
  function logsOf(accountId: string, changed: readonly OrderRow[]): NewLogRow[] {
    const at = now();
    return changed.map((order) => ({
      accountId,
      at,
      level: order.status === 'REJECTED' ? 'warn' : 'info',
      action: eventKindOf(order),
      message: `${order.tradingSymbol}: ${order.status}${order.statusMessage ? ` (${order.statusMessage})` : ''}`,
      orderId: order.id,
      detail: {
        brokerOrderId: order.brokerOrderId,
        status: order.status,
        filledQuantity: order.filledQuantity,
        averagePrice: order.averagePrice,
      },
    }));
  }

  /** Order and position events for what the paper exchange changed. */
  async function onEffects(accountId: string, effects: PaperEffects): Promise<void> {
    for (const order of effects.orders) {
      await tell(order.userId, {
        kind: eventKindOf(order),
        brokerId: accountId,
        at: now().toISOString(),
        order: orderView(order),
      });
    }
    for (const order of effects.orders) {
      // An order line's takeProfit / stopLoss become its position's protection when it fills (unless set already).
      if (order.status === 'COMPLETE' && (order.takeProfit !== null || order.stopLoss !== null)) {
        await repository.attachProtection(order, now());
      }
    }
    await watchChanged(accountId);
    const userId = effects.orders[0]?.userId;
    if (effects.positionsChanged > 0 && userId) {
      const row = await repository.account(userId, accountId);
      if (row) {
        for (const position of await positionViews(row, false)) {
          await tell(userId, { kind: 'position.changed', brokerId: accountId, at: now().toISOString(), position });
        }
      }
    }
  }

  const exchange = createPaperExchange({
    repository,
    market,
    clock,
    logger,
    capital,
    onEffects,
    logsOf,
    ...(deps.feedStale ? { feedStale: deps.feedStale } : {}),
  });
  const entryGuards: EntryGuard[] = [];
  const watchListeners: WatchChangeListener[] = [];
  /** Tells the watchers (the risk engine) that what they watch of an account changed in the database. */
  async function watchChanged(accountId: string): Promise<void> {
    for (const listener of watchListeners) await listener(accountId);
  }

  /** A live order's new state: the trading log and the order event on the user's feed channel. */
  async function onLiveChange(order: OrderRow): Promise<void> {
    const kind = eventKindOf(order);
    await log(
      order.accountId,
      order.status === 'REJECTED' ? 'warn' : 'info',
      kind,
      `${order.tradingSymbol}: ${order.status}${order.statusMessage ? ` (${order.statusMessage})` : ''}`,
      order.id,
      {
        brokerOrderId: order.brokerOrderId,
        status: order.status,
        filledQuantity: order.filledQuantity,
        averagePrice: order.averagePrice,
      },
    );
    await tell(order.userId, { kind, brokerId: order.accountId, at: now().toISOString(), order: orderView(order) });
    // An order that ended may have moved a position, or left one open that an exit was to close.
    if (TERMINAL_ORDER_STATUSES.includes(order.status as OrderStatus)) await watchChanged(order.accountId);
  }

  const liveBrokers: LiveBrokers = deps.live ?? { access: async () => undefined };
  const live = createLiveExchange({
    repository,
    brokers: liveBrokers,
    clock,
    logger,
    onChanged: onLiveChange,
    log: (accountId, level, action, message, orderId, detail) =>
      log(accountId, level, action, message, orderId ?? null, detail ?? null),
    ...(deps.liveSettleMs !== undefined ? { settleMs: deps.liveSettleMs } : {}),
    ...(deps.liveResumeAfterMs !== undefined ? { resumeAfterMs: deps.liveResumeAfterMs } : {}),
  });

  async function account(userId: string, id: string): Promise<AccountRow> {
    const row = UUID.test(id) ? await repository.account(userId, id.toLowerCase()) : undefined;
    if (!row) throw errors.notFound('The broker account');
    return row;
  }

  function requireLoggedIn(row: AccountRow): void {
    if (row.status !== 'loggedIn') {
      throw new AppError('BROKER_NOT_LOGGED_IN', BROKER_MESSAGES.notLoggedIn(row.type, row.userName));
    }
    if (!row.sessionExpiresAt || row.sessionExpiresAt.getTime() <= wall.now()) {
      throw new AppError('BROKER_TOKEN_EXPIRED', BROKER_MESSAGES.sessionEnded(row.userName));
    }
  }

  /** Live for Zerodha unless the line asks for paper; paper for every other broker (spec §1). */
  function modeOf(row: AccountRow, asked: TradingMode | undefined): TradingMode {
    const live = tradesLive(row.type as BrokerType);
    if (asked === 'live' && !live) {
      throw new AppError('LIVE_TRADING_UNSUPPORTED', TRADING_MESSAGES.liveNotSupported(row.type));
    }
    return live && asked !== 'paper' ? 'live' : 'paper';
  }

  /**
   * The simulated instrument of a parsed symbol when its contract is listed at `at`: found by its token and checked
   * against the expiry's listing (and, for an option, the strikes listed), rather than searched among every contract
   * of the underlying.
   */
  function listedContract(
    parsed: NonNullable<ReturnType<typeof tryParseTradingSymbol>>,
    tradingSymbol: string,
    at: number,
  ): SimInstrument | undefined {
    let token: number;
    try {
      token = contractInstrumentToken(parsed);
    } catch {
      return undefined;
    }
    const sim = market().instrument(token);
    if (!sim || sim.tradingSymbol !== tradingSymbol || sim.exchange !== parsed.exchange) return undefined;
    const listed =
      parsed.kind === 'FUT'
        ? market()
            .futureExpiries(parsed.root, at)
            .some((e) => e.date === parsed.expiry)
        : market().chainTokens(parsed.root, parsed.expiry, at).includes(token);
    return listed ? sim : undefined;
  }

  function resolve(exchange: string, tradingSymbol: string, field = 'tradingSymbol'): ResolvedInstrument {
    const at = clock.now();
    const parsed = tryParseTradingSymbol(tradingSymbol);
    const sim = parsed && parsed.exchange === exchange ? listedContract(parsed, tradingSymbol, at) : undefined;
    if (!parsed || !sim) throw errors.validation(field, TRADING_MESSAGES.unknownInstrument(tradingSymbol));
    const contract: TradedContract = {
      root: parsed.root,
      kind: parsed.kind,
      expiry: parsed.expiry,
      strike: parsed.strike,
    };
    return {
      sim,
      contract,
      facts: {
        contract,
        underlyingKind: derivativesUnderlying(parsed.root).kind,
        lotSize: sim.lotSize,
        tickSize: sim.tickSize,
        freezeQuantity: sim.volumeFreeze,
      },
      ltp: market().quote(sim.instrumentToken, at)?.lp ?? null,
    };
  }

  function marginMarket(instruments: readonly ResolvedInstrument[]): MarginMarket {
    const at = clock.now();
    const underlyings: Record<string, { price: number; volatility: number }> = {};
    for (const i of instruments) {
      if (underlyings[i.contract.root]) continue;
      const lp = market().quote(i.sim.underlyingToken, at)?.lp;
      // Without a volatility feed here the model's fallback volatility applies (trading.md §2.3, step 2).
      if (lp !== undefined) underlyings[i.contract.root] = { price: lp, volatility: 0.15 };
    }
    return { asOf: at, underlyings };
  }

  // A user's feed channel is fixed when the account is created: read once, not per event.
  const channels = new Map<string, string>();

  async function tell(userId: string, event: OrderEvent): Promise<void> {
    try {
      const channel = channels.get(userId) ?? (await repository.websocketChannelOf(userId));
      if (channel) remember(channels, userId, channel);
      if (channel) await publishUserEvent(bus, userId, { channel, d: event });
    } catch (error) {
      // The event is a courtesy; the order book in the database is the truth the page reloads.
      logger.warn({ err: error, userId }, 'order event could not be published');
    }
  }

  async function log(
    accountId: string,
    level: 'info' | 'warn' | 'error',
    action: string,
    message: string,
    orderId: string | null = null,
    detail: Record<string, unknown> | null = null,
  ): Promise<void> {
    await repository.log({ accountId, at: now(), level, action, message, orderId, detail });
  }

  function orderView(row: OrderRow): OrderView {
    return {
      id: row.id,
      brokerOrderId: row.brokerOrderId,
      mode: row.mode,
      exchange: row.exchange as OrderView['exchange'],
      tradingSymbol: row.tradingSymbol,
      instrumentToken: row.instrumentToken,
      transactionType: row.transactionType as OrderView['transactionType'],
      product: row.product as OrderView['product'],
      orderType: row.orderType as OrderView['orderType'],
      variety: row.variety as OrderView['variety'],
      validity: row.validity as OrderView['validity'],
      quantity: row.quantity,
      filledQuantity: row.filledQuantity,
      pendingQuantity: ['COMPLETE', 'CANCELLED', 'REJECTED', 'FAILED'].includes(row.status)
        ? 0
        : row.quantity - row.filledQuantity,
      price: row.price,
      triggerPrice: row.triggerPrice,
      averagePrice: row.averagePrice,
      status: row.status as OrderView['status'],
      statusMessage: row.statusMessage,
      tag: row.tag,
      slice: { index: row.sliceIndex, count: row.sliceCount },
      modifications: row.modifications,
      placedAt: row.placedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The trading log line of an order handed to the paper exchange. */
  function sentLog(order: OrderRow): NewLogRow {
    return {
      accountId: order.accountId,
      at: now(),
      level: 'info',
      action: 'order.sent',
      message: `${order.transactionType} ${order.quantity} ${order.tradingSymbol} ${order.orderType} sent to the paper exchange`,
      orderId: order.id,
      detail: { tag: order.tag },
    };
  }

  /**
   * Sends the journalled orders of an intent that have not been sent yet. Paper orders are acknowledged by the
   * paper exchange: resting (`OPEN`), or waiting for their trigger (`TRIGGER_PENDING`). Safe to run again after a
   * restart: an order already past `INTENT` is never sent twice.
   */
  async function send(intentId: string, journalled?: readonly OrderRow[]): Promise<Map<string, OrderRow>> {
    const orders = journalled ?? (await repository.ordersOfIntent(intentId));
    const latest = new Map<string, OrderRow>();
    const pause = () => new Promise((r) => setTimeout(r, deps.testSendDelayMs));
    // Live orders go to the broker one by one; each resolves an ambiguous answer by tag before the next.
    const liveOrders = orders.filter((o) => o.mode === 'live');
    for (const order of liveOrders) {
      if (deps.testSendDelayMs && order !== liveOrders[0]) await pause();
      // Another process holds this order: it sends the rest of the intent, in sequence, and ends it.
      if (!(await sendLive(intentId, order)))
        return new Map((await repository.ordersOfIntent(intentId)).map((o) => [o.id, o]));
    }
    if (liveOrders.length > 0) for (const o of await repository.ordersOfIntent(intentId)) latest.set(o.id, o);
    const unsent = orders.filter((o) => o.mode !== 'live' && o.status === 'INTENT');
    for (const order of unsent) {
      if (deps.testSendDelayMs && order !== unsent[0]) await pause();
      // One transaction writes the book's input, the order's new state, its log lines and (with the last order) the
      // intent's end: a restart never sends it again.
      const effects = await exchange.submit(order, {
        logs: [sentLog(order)],
        ...(order === unsent[unsent.length - 1] ? { finishIntentId: intentId } : {}),
      });
      for (const changed of effects.orders) latest.set(changed.id, changed);
    }
    if (unsent.length === 0) await repository.finishIntent(intentId, now());
    return latest;
  }

  /**
   * A live order of an intent: sent when journalled, resolved by tag when a stopped process left it `SENT` or
   * `UNKNOWN`; false when another process holds it. An ended session fails the intent's unsent orders and ends the intent (409 BROKER_TOKEN_EXPIRED).
   */
  async function sendLive(intentId: string, order: OrderRow): Promise<boolean> {
    if (!['INTENT', 'SENT', 'UNKNOWN'].includes(order.status)) return true;
    const row = await repository.accountById(order.accountId);
    if (!row) return true;
    try {
      return order.status === 'INTENT' ? await live.submit(row, order) : await live.resume(row, order);
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'BROKER_TOKEN_EXPIRED') {
        for (const rest of await repository.ordersOfIntent(intentId)) {
          if (rest.status !== 'INTENT') continue;
          const failed = await repository.updateOrder(
            rest.id,
            { status: 'FAILED', statusMessage: error.message },
            now(),
          );
          if (failed) await onLiveChange(failed);
        }
        // An order sent without a clear answer keeps its intent pending: the next resume looks for it by tag.
        const open = (await repository.ordersOfIntent(intentId)).some(
          (o) => o.status === 'SENT' || o.status === 'UNKNOWN',
        );
        if (!open) await repository.finishIntent(intentId, now());
      }
      throw error;
    }
  }

  async function waitForIntent(intentId: string): Promise<void> {
    const deadline = Date.now() + IDEMPOTENT_WAIT_MS;
    for (;;) {
      const intent = await repository.intent(intentId);
      if (!intent || intent.state === 'done') return;
      if (Date.now() > deadline)
        throw errors.unavailable('The first request with this Idempotency-Key is still running.');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Places one or several order lines for one account (sliced per spec §5); a repeated key answers the first result. */
  async function place(request: PlaceRequest): Promise<{ orders: OrderView[] }> {
    const row = await account(request.userId, request.accountId);
    const key = request.idempotencyKey ?? randomUUID();
    const requestHash = hashOf({ accountId: row.id, kind: request.kind, lines: request.lines });
    // A repeat is answered before anything else is checked: the first request's result stands.
    if (request.idempotencyKey !== undefined) {
      const repeat = await answerRepeat(request.userId, key, requestHash);
      if (repeat) return repeat;
    }
    const exit = request.exit === true;
    if (!exit) {
      requireLoggedIn(row);
      if (!row.quickTrade) throw new AppError('TRADE_ALLOWANCE_EXCEEDED', BROKER_MESSAGES.selectAccount);
    }
    const plan = exit ? 'pro' : await tradePlanNow(request.userId);
    const settings = await riskSettingsKept.get(row.id, wall.now());

    const prepared = request.lines.map((asked, index) => {
      // Market protection defaults to automatic (−1) on MARKET and SL-M, as Kite requires one since 1-Apr-2026.
      const protectable = asked.orderType === 'MARKET' || asked.orderType === 'SL-M';
      const line = protectable && asked.marketProtection === undefined ? { ...asked, marketProtection: -1 } : asked;
      const field = request.kind === 'bulk' ? `orders.${index}.` : '';
      const mode = modeOf(row, line.mode);
      if (mode === 'live' && !deps.live) {
        throw new AppError(
          'BROKER_UNAVAILABLE',
          'Live orders through Zerodha are not available in this installation yet. Please switch the account to paper trading.',
        );
      }
      const instrument = resolve(line.exchange, line.tradingSymbol, `${field}tradingSymbol`);
      const violations = validateOrderLine(
        { ...line, sliceLots: line.sliceLot ?? null, exchange: line.exchange },
        instrument.facts,
        { now: clock.now(), ltp: instrument.ltp, reducesPosition: exit },
      );
      const first = violations[0];
      if (first) throw errors.validation(`${field}${first.field}`, first.message);
      const lots = line.quantity / instrument.facts.lotSize;
      if (!exit && settings?.maxLotsPerOrder && lots > settings.maxLotsPerOrder) {
        throw new AppError('RISK_LIMIT', TRADING_MESSAGES.maxLots(settings.maxLotsPerOrder), {
          field: `${field}quantity`,
        });
      }
      const sliceLots = effectiveSliceLots(line.sliceLot, instrument.facts.freezeQuantity, instrument.facts.lotSize);
      const slices = sliceOrder(lots, sliceLots, instrument.facts.lotSize);
      return { line, mode, instrument, slices };
    });

    const totalOrders = prepared.reduce((n, p) => n + p.slices.length, 0);
    const admit = (paperOrdersPlaced: number) => {
      for (const p of prepared) {
        const refusal = planRefusal({
          plan,
          mode: p.mode,
          root: p.instrument.contract.root,
          underlyingKind: p.instrument.facts.underlyingKind,
          orders: totalOrders,
          paperOrdersPlaced,
          ...(request.origin ? { origin: request.origin } : {}),
        });
        if (refusal) throw new AppError(refusal.code, refusal.message);
      }
    };
    // The Free plan's budget is counted now for a quick refusal, and again under the journal's lock (below), where
    // a request placed at the same moment cannot also take the budget's last orders.
    admit(plan === 'free' ? await repository.paperOrdersPlaced(request.userId) : 0);
    if (!exit) {
      const lines = prepared.map((p) => ({
        mode: p.mode,
        instrumentToken: p.instrument.sim.instrumentToken,
        product: p.line.product,
        transactionType: p.line.transactionType,
        quantity: p.line.quantity,
      }));
      for (const guard of entryGuards) await guard({ userId: request.userId, accountId: row.id, lines, settings });
    }

    const placedAt = now();
    const orders: Omit<NewOrderRow, 'intentId'>[] = sequenceSlices(prepared).map(({ lineIndex, sliceIndex }, seq) => {
      const p = prepared[lineIndex];
      const slice = p?.slices[sliceIndex];
      if (!p || !slice) throw new Error('slice sequence out of range');
      const { line, instrument } = p;
      const priced = line.orderType === 'LIMIT' || line.orderType === 'SL';
      const triggered = line.orderType === 'SL' || line.orderType === 'SL-M';
      return {
        userId: request.userId,
        accountId: row.id,
        seq,
        mode: p.mode,
        tag: newTag(),
        exchange: line.exchange,
        tradingSymbol: line.tradingSymbol,
        instrumentToken: instrument.sim.instrumentToken,
        lotSize: instrument.facts.lotSize,
        tickSize: instrument.facts.tickSize,
        transactionType: line.transactionType,
        product: line.product,
        orderType: line.orderType,
        variety: line.variety,
        validity: line.validity,
        quantity: slice.quantity,
        price: priced ? (line.price ?? null) : null,
        triggerPrice: triggered ? (line.triggerPrice ?? null) : null,
        marketProtection: line.marketProtection ?? null,
        status: 'INTENT',
        sliceIndex: slice.index + 1,
        sliceCount: p.slices.length,
        takeProfit: line.takeProfit?.price ?? null,
        stopLoss: line.stopLoss?.price ?? null,
        placedAt,
        updatedAt: placedAt,
      };
    });

    const journalled = await repository.journal(
      {
        userId: request.userId,
        accountId: row.id,
        idempotencyKey: key,
        requestHash,
        kind: request.kind,
        request: { lines: request.lines },
        createdAt: placedAt,
        updatedAt: placedAt,
      },
      orders,
      (intentId) => ({
        accountId: row.id,
        at: placedAt,
        level: 'info',
        action: `intent.${request.kind}`,
        message: `${orders.length} order(s) journalled`,
        orderId: null,
        detail: { intentId, lines: request.lines.length },
      }),
      plan === 'free' ? admit : undefined,
    );
    const { intent } = journalled;
    if (!journalled.created) {
      const repeat = await answerRepeat(request.userId, key, requestHash, intent.id);
      if (repeat) return repeat;
    }
    // The answer is each order as the step that sent it left it, so it costs no further read.
    const sent = await send(intent.id, journalled.orders);
    return { orders: journalled.orders.map((o) => orderView(sent.get(o.id) ?? o)) };
  }

  async function answerRepeat(
    userId: string,
    key: string,
    requestHash: string,
    knownIntentId?: string,
  ): Promise<{ orders: OrderView[] } | undefined> {
    const intent = knownIntentId ? await repository.intent(knownIntentId) : await repository.intentByKey(userId, key);
    if (!intent) return undefined;
    if (intent.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', TRADING_MESSAGES.idempotencyReused);
    }
    await waitForIntent(intent.id);
    return { orders: (await repository.ordersOfIntent(intent.id)).map(orderView) };
  }

  /**
   * Exits a position at market for the risk engine: cancels the position's working orders first (so a resting exit
   * cannot fill as well), then journals one exit intent under `key`; returns the intent id.
   */
  async function exitPosition(accountId: string, positionId: string, reason: string, key: string): Promise<string> {
    const row = await repository.accountById(accountId);
    const position = row ? await repository.position(row.id, positionId) : undefined;
    if (!row || !position) throw errors.notFound('The position');
    if (position.quantity === 0) throw errors.conflict('The position is closed already.');
    for (const order of await repository.workingOrders(row.id, position.mode)) {
      if (order.instrumentToken === position.instrumentToken && order.product === position.product) {
        await exchange.cancel(order);
      }
    }
    await log(
      row.id,
      'info',
      'protection.triggered',
      `${position.tradingSymbol}: ${reason} reached, exiting ${Math.abs(position.quantity)}`,
      null,
      { positionId },
    );
    await place({
      userId: row.userId,
      accountId: row.id,
      kind: 'exit',
      exit: true,
      idempotencyKey: key,
      lines: [
        {
          exchange: position.exchange as OrderLine['exchange'],
          tradingSymbol: position.tradingSymbol,
          variety: 'regular',
          validity: 'DAY',
          product: position.product as OrderLine['product'],
          orderType: 'MARKET',
          transactionType: position.quantity > 0 ? 'SELL' : 'BUY',
          quantity: Math.abs(position.quantity),
          marketProtection: -1,
        },
      ],
    });
    const intent = await repository.intentByKey(row.userId, key);
    if (!intent) throw new Error('exit intent missing after placement');
    return intent.id;
  }

  /** Cancels every working order of an account in one mode (a portfolio trigger's scope); returns how many. */
  async function cancelWorkingOrders(accountId: string, mode: TradingMode, reason: string): Promise<number> {
    let cancelled = 0;
    for (const order of await repository.workingOrders(accountId, mode)) {
      const effects = await exchange.cancel(order);
      if (!effects.refused) cancelled += 1;
    }
    if (cancelled > 0)
      await log(accountId, 'info', 'orders.cancelled', `${cancelled} pending order(s) cancelled: ${reason}`);
    return cancelled;
  }

  /** Resumes every intent a stopped process left in flight (journalled, not yet answered). */
  async function resume(): Promise<number> {
    const pending = await repository.pendingIntents();
    for (const intent of pending) {
      try {
        await send(intent.id);
      } catch (error) {
        logger.error({ err: error, intentId: intent.id }, 'resuming an order intent failed');
      }
    }
    return pending.length;
  }

  /**
   * Resolves the live orders left without an answer for `olderThanMs` (a broker book that could not be read, a peer
   * process that stopped): each is looked for by its tag, then sent once more if no process has resent it.
   */
  async function resumeUnanswered(olderThanMs: number): Promise<number> {
    const intents = await repository.unansweredLiveIntents(new Date(clock.now() - olderThanMs));
    for (const intentId of intents) {
      try {
        await send(intentId);
      } catch (error) {
        logger.warn({ err: error, intentId }, 'an unanswered live order could not be resolved yet');
      }
    }
    return intents.length;
  }

  async function workingOrder(userId: string, accountId: string, orderId: string) {
    const row = await account(userId, accountId);
    const order = await repository.order(row.id, orderId);
    if (!order) throw errors.notFound('The order');
    return { row, order };
  }

  /** Modifies a working order (spec §4.2); the 26th modification is refused before any broker call. */
  async function modify(
    userId: string,
    accountId: string,
    orderId: string,
    body: ModifyOrderRequest,
  ): Promise<OrderView> {
    const { row, order } = await workingOrder(userId, accountId, orderId);
    requireLoggedIn(row);
    if (!['OPEN', 'TRIGGER_PENDING', 'PARTIAL'].includes(order.status)) {
      throw new AppError('ORDER_NOT_MODIFIABLE', TRADING_MESSAGES.notModifiable);
    }
    const orderType = body.orderType ?? (order.orderType as OrderLine['orderType']);
    const quantity = body.quantity ?? order.quantity;
    const onTick = (v: number) => Math.abs(Math.round(v / order.tickSize) * order.tickSize - v) < 1e-6;
    if (quantity % order.lotSize !== 0 || quantity < order.filledQuantity) {
      throw errors.validation('quantity', `Quantity must be a multiple of the lot size ${order.lotSize}.`);
    }
    const price = orderType === 'LIMIT' || orderType === 'SL' ? (body.price ?? order.price) : null;
    const triggerPrice = orderType === 'SL' || orderType === 'SL-M' ? (body.triggerPrice ?? order.triggerPrice) : null;
    if ((orderType === 'LIMIT' || orderType === 'SL') && (price === null || price <= 0)) {
      throw errors.validation('price', `A ${orderType} order needs a price.`);
    }
    if (price !== null && !onTick(price)) {
      throw errors.validation('price', `Price must be a multiple of the tick size ${order.tickSize}.`);
    }
    if ((orderType === 'SL' || orderType === 'SL-M') && (triggerPrice === null || triggerPrice <= 0)) {
      throw errors.validation('triggerPrice', `A ${orderType} order needs a trigger price above 0.`);
    }
    if (triggerPrice !== null && !onTick(triggerPrice)) {
      throw errors.validation('triggerPrice', `Trigger price must be a multiple of the tick size ${order.tickSize}.`);
    }
    const count = await repository.countModification(order.id, MAX_MODIFICATIONS);
    if (count === undefined) throw new AppError('MODIFICATION_LIMIT', TRADING_MESSAGES.modificationLimit);
    const validity = body.validity ?? (order.validity === 'IOC' ? 'IOC' : 'DAY');
    if (order.mode === 'live') {
      const modified = await live.modify(row, order, { orderType, quantity, price, triggerPrice, validity });
      if (!modified) throw new AppError('ORDER_NOT_MODIFIABLE', TRADING_MESSAGES.notModifiable);
      await log(
        row.id,
        'info',
        'order.modified',
        `Order ${modified.brokerOrderId ?? modified.id} modified (${count} of ${MAX_MODIFICATIONS})`,
        modified.id,
        { orderType, quantity, price, triggerPrice },
      );
      await onLiveChange(modified);
      return orderView(modified);
    }
    const effects = await exchange.modify(
      order,
      { orderType, quantity, price, triggerPrice, validity },
      `${order.id}:${count}`,
    );
    if (effects.refused) throw new AppError('ORDER_NOT_MODIFIABLE', effects.refused.message);
    const updated = await repository.order(row.id, order.id);
    if (!updated) throw errors.notFound('The order');
    await log(
      row.id,
      'info',
      'order.modified',
      `Order ${updated.brokerOrderId ?? updated.id} modified (${count} of ${MAX_MODIFICATIONS})`,
      updated.id,
      {
        orderType,
        quantity,
        price,
        triggerPrice,
      },
    );
    return orderView(updated);
  }

  /** Cancels a working order; fills already made stay. */
  async function cancel(userId: string, accountId: string, orderId: string): Promise<OrderView> {
    const { row, order } = await workingOrder(userId, accountId, orderId);
    requireLoggedIn(row);
    if (!['OPEN', 'TRIGGER_PENDING', 'PARTIAL'].includes(order.status)) {
      throw new AppError('ORDER_NOT_MODIFIABLE', TRADING_MESSAGES.notModifiable);
    }
    if (order.mode === 'live') {
      const cancelled = await live.cancel(row, order);
      const latest = cancelled ?? (await repository.order(row.id, order.id));
      if (!latest) throw errors.notFound('The order');
      return orderView(latest);
    }
    const effects = await exchange.cancel(order);
    if (effects.refused) throw new AppError('ORDER_NOT_MODIFIABLE', effects.refused.message);
    const updated = await repository.order(row.id, order.id);
    if (!updated) throw errors.notFound('The order');
    return orderView(updated);
  }

  /** A live account's adapter and session, or undefined for a paper account. */
  async function liveOf(row: AccountRow): Promise<LiveAccess | undefined> {
    if (modeOf(row, undefined) !== 'live' || !deps.live) return undefined;
    requireLoggedIn(row);
    return live.access(row);
  }

  /**
   * Places one line on every account of the user enabled for trading, each at the line's quantity times the
   * account's multiplier. One fan-out never mixes live and paper: it is the line's mode, or live when any account
   * trades live; accounts of the other mode are left out. Each account answers for itself: placed, or rejected with
   * the reason (a refusal here, or the broker's rejection), while the others stand.
   */
  async function fanOut(
    userId: string,
    line: OrderLine,
    idempotencyKey?: string,
    origin?: OrderOrigin,
  ): Promise<FanOutResult> {
    const accounts = await repository.tradingAccounts(userId);
    if (accounts.length === 0) throw new AppError('TRADE_ALLOWANCE_EXCEEDED', BROKER_MESSAGES.selectAccount);
    const liveFor = (row: AccountRow) => tradesLive(row.type as BrokerType) && line.mode !== 'paper';
    const mode: TradingMode = line.mode ?? (accounts.some(liveFor) ? 'live' : 'paper');
    const members = accounts.filter((row) => (mode === 'live' ? liveFor(row) : true));
    if (members.length === 0)
      throw new AppError('LIVE_TRADING_UNSUPPORTED', TRADING_MESSAGES.liveNotSupported(accounts[0]?.type ?? ''));
    const results = await Promise.all(
      members.map(async (row) => {
        const base = { brokerId: row.id, userName: row.userName, multiplier: row.tradeMultiplier };
        try {
          const { orders } = await place({
            userId,
            accountId: row.id,
            kind: 'place',
            lines: [{ ...line, mode, quantity: line.quantity * row.tradeMultiplier }],
            ...(origin !== undefined ? { origin } : {}),
            ...(idempotencyKey !== undefined ? { idempotencyKey: `${idempotencyKey}:${row.id}` } : {}),
          });
          const refused = orders.find((o) => o.status === 'REJECTED' || o.status === 'FAILED');
          return refused
            ? { ...base, status: 'rejected' as const, reason: refused.statusMessage ?? refused.status, orders }
            : { ...base, status: 'placed' as const, reason: null, orders };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { ...base, status: 'rejected' as const, reason: error.message, orders: [] };
        }
      }),
    );
    return { mode, results };
  }

  /** Sets how many times a fanned-out line's quantity the account trades. */
  async function setTradeMultiplier(
    userId: string,
    accountId: string,
    multiplier: number,
  ): Promise<{ multiplier: number }> {
    const row = await account(userId, accountId);
    await repository.setTradeMultiplier(row.id, multiplier);
    await log(row.id, 'info', 'fanout.multiplier', `Fan-out multiplier set to ${multiplier}`, null);
    return { multiplier };
  }

  /** Runs a read at the broker for a live account, its failure mapped for the API. */
  async function atBroker<T>(row: AccountRow, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw fromBrokerFailure(error, row, 'BROKER_REJECTED');
    }
  }

  /** Applies an order update the broker pushed (a verified postback) to the account's book. */
  async function applyBrokerUpdate(accountId: string, update: BrokerOrder): Promise<void> {
    await live.apply(accountId, update, 'postback');
  }

  const lotSizeOf = (token: number) => market().instrument(token)?.lotSize ?? 1;

  const dayStart = () => new Date(istMidnight(istDateOf(clock.now())));

  async function orders(userId: string, accountId: string): Promise<{ orders: OrderView[] }> {
    const row = await account(userId, accountId);
    const loggedIn = row.status === 'loggedIn' && (row.sessionExpiresAt?.getTime() ?? 0) > wall.now();
    const access = loggedIn ? await liveOf(row) : undefined;
    if (access) {
      // Kite's book is the truth for a live account: each of our orders in it takes its state (never backwards).
      // Without an answer from Kite the book shows what postbacks and answers recorded, and the log says why.
      try {
        for (const update of await access.adapter.orders.list(access.context)) {
          await live.apply(row.id, update, 'orderbook');
        }
      } catch (error) {
        await log(
          row.id,
          'warn',
          'orders.refresh_failed',
          error instanceof Error ? error.message : 'order book not read',
        );
      }
    }
    return { orders: (await repository.orders(row.id, dayStart())).map(orderView) };
  }

  async function trades(userId: string, accountId: string): Promise<{ trades: TradeView[] }> {
    const row = await account(userId, accountId);
    const access = await liveOf(row);
    if (access) {
      const [fillsAtBroker, ours] = await Promise.all([
        atBroker(row, () => access.adapter.orders.trades(access.context)),
        repository.orders(row.id, dayStart()),
      ]);
      const byBrokerId = new Map(ours.flatMap((o) => (o.brokerOrderId ? [[o.brokerOrderId, o.id] as const] : [])));
      return {
        trades: fillsAtBroker.map((t) => ({
          id: t.tradeId,
          orderId: byBrokerId.get(t.orderId) ?? t.orderId,
          brokerOrderId: t.orderId,
          mode: 'live' as const,
          exchange: t.exchange as TradeView['exchange'],
          tradingSymbol: t.tradingSymbol,
          instrumentToken: t.instrumentToken,
          transactionType: t.transactionType,
          product: t.product as TradeView['product'],
          quantity: t.quantity,
          price: t.price,
          // Kite's contract note carries the charges; the trade book does not.
          charges: null,
          filledAt: t.filledAt.toISOString(),
        })),
      };
    }
    const fills = await repository.fills(row.id, dayStart());
    // The breakdown of each fill's charges (trading.md §3): brokerage once per executed order, so each fill is
    // charged with the history of its order's earlier fills, as the paper exchange charged it.
    const history = new Map<string, { turnover: number; brokerage: number }>();
    const chargesOf = (f: (typeof fills)[number]): TradeView['charges'] => {
      const sim = market().instrument(f.order.instrumentToken);
      if (!sim || sim.expiry === null || (f.order.exchange !== 'NFO' && f.order.exchange !== 'BFO')) return null;
      const kind = sim.instrumentType === 'FUT' ? 'FUT' : sim.instrumentType === 'CE' ? 'CE' : 'PE';
      const before = history.get(f.orderId) ?? { turnover: 0, brokerage: 0 };
      const c = fillCharges(
        {
          contract: { root: sim.name, kind },
          exchange: f.order.exchange,
          side: f.order.transactionType === 'SELL' ? 'SELL' : 'BUY',
          quantity: f.quantity,
          price: f.price,
          date: istDateOf(f.filledAt.getTime()),
        },
        before,
      );
      history.set(f.orderId, { turnover: before.turnover + c.turnover, brokerage: before.brokerage + c.brokerage });
      return {
        brokerage: c.brokerage,
        stt: c.stt,
        exchange: c.exchangeTransaction,
        sebi: c.sebi,
        stamp: c.stampDuty,
        gst: c.gst,
        total: f.chargesTotal,
      };
    };
    return {
      trades: fills.map((f) => ({
        id: f.id,
        orderId: f.orderId,
        brokerOrderId: f.order.brokerOrderId,
        mode: f.order.mode,
        exchange: f.order.exchange as TradeView['exchange'],
        tradingSymbol: f.order.tradingSymbol,
        instrumentToken: f.order.instrumentToken,
        transactionType: f.order.transactionType as TradeView['transactionType'],
        product: f.order.product as TradeView['product'],
        quantity: f.quantity,
        price: f.price,
        charges: chargesOf(f),
        filledAt: f.filledAt.toISOString(),
      })),
    };
  }

  async function positionViews(row: AccountRow, fnoOnly: boolean): Promise<PositionView[]> {
    const mode = modeOf(row, undefined) === 'live' ? 'live' : 'paper';
    const [positions, protections] = await Promise.all([
      repository.positions(row.id, mode),
      repository.protections(row.id),
    ]);
    const byPosition = new Map(protections.map((p) => [p.positionId, p]));
    const at = clock.now();
    return positions
      .filter((p) => !fnoOnly || p.exchange === 'NFO' || p.exchange === 'BFO')
      .map((p) => {
        const lastPrice = market().quote(p.instrumentToken, at)?.lp ?? null;
        const unrealisedPnl = lastPrice === null ? 0 : roundPaise((lastPrice - p.averagePrice) * p.quantity);
        const pnl = roundPaise(p.realisedPnl + unrealisedPnl);
        const protection = byPosition.get(p.id);
        return {
          id: p.id,
          mode: p.mode,
          exchange: p.exchange as PositionView['exchange'],
          tradingSymbol: p.tradingSymbol,
          instrumentToken: p.instrumentToken,
          product: p.product as PositionView['product'],
          quantity: p.quantity,
          lotSize: p.lotSize,
          averagePrice: p.averagePrice,
          lastPrice,
          buyQuantity: p.buyQuantity,
          sellQuantity: p.sellQuantity,
          buyValue: p.buyValue,
          sellValue: p.sellValue,
          realisedPnl: p.realisedPnl,
          unrealisedPnl,
          pnl,
          charges: p.charges,
          netPnl: roundPaise(pnl - p.charges),
          protection: {
            target: protection?.target ?? null,
            stopLoss: protection?.stopLoss ?? null,
            trailingStop: protection?.trailingStop ?? null,
            triggered: protection?.triggeredAt != null,
          },
        };
      });
  }

  async function positions(userId: string, accountId: string, fnoOnly = false): Promise<{ positions: PositionView[] }> {
    const row = await account(userId, accountId);
    const access = await liveOf(row);
    if (access) {
      const atKite = await atBroker(row, () => access.adapter.portfolio.positions(access.context));
      return {
        positions: atKite
          .filter((p) => !fnoOnly || p.exchange === 'NFO' || p.exchange === 'BFO')
          .map((p) => ({
            // Kite's positions have no id: exchange, symbol and product name one.
            id: `${p.exchange}:${p.tradingSymbol}:${p.product}`,
            mode: 'live' as const,
            exchange: p.exchange as PositionView['exchange'],
            tradingSymbol: p.tradingSymbol,
            instrumentToken: p.instrumentToken,
            product: p.product as PositionView['product'],
            quantity: p.quantity,
            lotSize: lotSizeOf(p.instrumentToken),
            averagePrice: p.averagePrice,
            lastPrice: p.lastPrice,
            buyQuantity: p.buyQuantity,
            sellQuantity: p.sellQuantity,
            buyValue: roundPaise(p.buyValue),
            sellValue: roundPaise(p.sellValue),
            realisedPnl: roundPaise(p.realisedPnl),
            unrealisedPnl: roundPaise(p.unrealisedPnl),
            pnl: roundPaise(p.pnl),
            charges: 0,
            netPnl: roundPaise(p.pnl),
            protection: { target: null, stopLoss: null, trailingStop: null, triggered: false },
          })),
      };
    }
    return { positions: await positionViews(row, fnoOnly) };
  }

  /** A live account's holdings at the broker; paper books hold none (stock F&O is not carried into settlement). */
  async function holdings(userId: string, accountId: string): Promise<{ holdings: HoldingView[] }> {
    const row = await account(userId, accountId);
    const access = await liveOf(row);
    if (!access) return { holdings: [] };
    const atKite = await atBroker(row, () => access.adapter.portfolio.holdings(access.context));
    return { holdings: atKite.map((h) => ({ ...h, pnl: roundPaise(h.pnl) })) };
  }

  function legOf(p: PositionRow): { leg: MarginLeg; instrument: ResolvedInstrument } | undefined {
    if (p.quantity === 0) return undefined;
    const instrument = resolve(p.exchange, p.tradingSymbol);
    return {
      instrument,
      leg: {
        contract: instrument.contract,
        side: p.quantity > 0 ? 'BUY' : 'SELL',
        quantity: Math.abs(p.quantity),
        price: instrument.ltp ?? p.averagePrice,
      },
    };
  }

  /** The paper book's funds from its exchange: virtual capital, blocked margin (positions and pending orders), P&L. */
  async function funds(userId: string, accountId: string): Promise<Funds> {
    return fundsOf(await account(userId, accountId));
  }

  async function fundsOf(row: AccountRow): Promise<Funds> {
    const access = await liveOf(row);
    if (access) {
      const f = await atBroker(row, () => access.adapter.portfolio.funds(access.context));
      return {
        mode: 'live',
        equity: {
          openingBalance: f.openingBalance,
          available: { cash: f.cash, liveBalance: f.liveBalance },
          utilised: {
            debits: f.debits,
            span: f.span,
            exposure: f.exposure,
            optionPremium: f.optionPremium,
            realisedPnl: f.realisedPnl,
            unrealisedPnl: f.unrealisedPnl,
            charges: 0,
          },
        },
      };
    }
    const book = await exchange.funds(row.id);
    const legs: MarginLeg[] = [];
    const instruments: ResolvedInstrument[] = [];
    for (const p of await repository.positions(row.id, 'paper')) {
      const l = legOf(p);
      if (l) {
        legs.push(l.leg);
        instruments.push(l.instrument);
      }
    }
    // The split of what positions block (SPAN, exposure, premium) for the funds panel; the total is the book's.
    const split =
      legs.length > 0
        ? portfolioMargin(legs, marginMarket(instruments))
        : { span: 0, exposure: 0, optionPremium: 0, total: 0 };
    return {
      mode: 'paper',
      equity: {
        openingBalance: book.capital,
        available: { cash: roundPaise(book.available), liveBalance: roundPaise(book.available + book.unrealisedPnl) },
        utilised: {
          debits: roundPaise(book.blockedMargin),
          span: split.span,
          exposure: split.exposure,
          optionPremium: split.optionPremium,
          realisedPnl: roundPaise(book.realisedPnl),
          unrealisedPnl: roundPaise(book.unrealisedPnl),
          charges: roundPaise(book.charges),
        },
      },
    };
  }

  function marginLegOf(line: MarginLine, field: string): { leg: MarginLeg; instrument: ResolvedInstrument } {
    const instrument = resolve(line.exchange, line.tradingSymbol, field);
    const price =
      line.orderType === 'LIMIT' || line.orderType === 'SL' ? (line.price ?? instrument.ltp) : instrument.ltp;
    if (price === null || price === undefined) throw errors.unavailable(TRADING_MESSAGES.noPrice);
    return {
      instrument,
      leg: { contract: instrument.contract, side: line.transactionType, quantity: line.quantity, price },
    };
  }

  const marginLegAtBroker = (line: MarginLine): BrokerMarginLeg => ({
    exchange: line.exchange,
    tradingSymbol: line.tradingSymbol,
    transactionType: line.transactionType,
    variety: line.variety,
    product: line.product,
    orderType: line.orderType,
    quantity: line.quantity,
    price: line.price ?? null,
    triggerPrice: line.triggerPrice ?? null,
  });

  const presentMargin = (
    tradingSymbol: string,
    m: { span: number; exposure: number; optionPremium: number; total: number },
  ) => ({
    tradingSymbol,
    span: m.span,
    exposure: m.exposure,
    optionPremium: m.optionPremium,
    total: m.total,
    charges: null,
  });

  /** `fetch-margins`: the margin one order needs (spec: `data.margins[0].total`). */
  async function orderMargins(userId: string, accountId: string, lines: readonly MarginLine[]) {
    const row = await account(userId, accountId);
    try {
      const access = await liveOf(row);
      if (access) {
        const margins = await atBroker(row, () =>
          access.adapter.portfolio.orderMargins(access.context, lines.map(marginLegAtBroker)),
        );
        return { margins: margins.map((m) => ({ ...m, charges: null })) };
      }
      return {
        margins: lines.map((line, i) => {
          const { leg, instrument } = marginLegOf(line, `orders.${i}.tradingSymbol`);
          return presentMargin(line.tradingSymbol, orderMargin(leg, marginMarket([instrument])));
        }),
      };
    } catch (error) {
      // Spec §8: margin errors are stored, not shown; the caller still gets the envelope's error.
      await log(row.id, 'warn', 'margins.failed', error instanceof Error ? error.message : 'margin calculation failed');
      throw error;
    }
  }

  /** `fetch-basket-margins`: legs alone (`initial`), margined together (`final`), per order. */
  async function basketMargins(userId: string, accountId: string, body: BasketMarginsRequest) {
    const row = await account(userId, accountId);
    try {
      const access = await liveOf(row);
      if (access) {
        const answer = await atBroker(row, () =>
          access.adapter.portfolio.basketMargins(
            access.context,
            body.orders.map(marginLegAtBroker),
            body.considerPositions === true,
          ),
        );
        return { ...answer, orders: answer.orders.map((m) => ({ ...m, charges: null })) };
      }
      const legs = body.orders.map((line, i) => marginLegOf(line, `orders.${i}.tradingSymbol`));
      const positionLegs = body.considerPositions
        ? (await repository.positions(row.id, modeOf(row, undefined))).flatMap((p) => legOf(p) ?? [])
        : [];
      const result = basketMargin(
        legs.map((l) => l.leg),
        marginMarket([...legs, ...positionLegs].map((l) => l.instrument)),
        { considerPositions: body.considerPositions === true, positions: positionLegs.map((l) => l.leg) },
      );
      return {
        initial: { total: result.initial.total },
        final: { total: result.final.total },
        orders: result.orders.map((m, i) => presentMargin(body.orders[i]?.tradingSymbol ?? '', m)),
      };
    } catch (error) {
      await log(row.id, 'warn', 'margins.failed', error instanceof Error ? error.message : 'basket margin failed');
      throw error;
    }
  }

  /**
   * Starts a paper account's book again from virtual capital (`capital`, or what it had). Refused while orders or
   * positions are open: a reset must not silently cancel work or drop a position's P&L.
   */
  async function resetPaper(userId: string, accountId: string, body: PaperResetRequest): Promise<Funds> {
    const row = await account(userId, accountId);
    if (modeOf(row, undefined) !== 'paper') throw errors.conflict(TRADING_MESSAGES.liveNotSupported(row.type));
    if ((await repository.workingOrders(row.id, 'paper')).length > 0) {
      throw new AppError('PAPER_BOOK_BUSY', TRADING_MESSAGES.resetOpenOrders);
    }
    if ((await repository.openPositionCount(row.id)) > 0) {
      throw new AppError('PAPER_BOOK_BUSY', TRADING_MESSAGES.resetOpenPositions);
    }
    // Without a new capital the book keeps the one it has (the engine's default would be the server's).
    const capital = body.capital ?? (await exchange.funds(row.id)).capital;
    await exchange.reset(row.id, randomUUID(), capital);
    await watchChanged(row.id);
    await log(row.id, 'info', 'paper.reset', `Paper account reset with capital ${capital}`);
    const funds = await fundsOf(row);
    await tell(userId, { kind: 'funds.changed', brokerId: row.id, at: now().toISOString(), funds });
    return funds;
  }

  /** Converts a position's product (MIS ↔ NRML) as a whole. */
  async function convert(
    userId: string,
    accountId: string,
    body: ConvertPositionRequest,
  ): Promise<{ positions: PositionView[] }> {
    const row = await account(userId, accountId);
    requireLoggedIn(row);
    const mode = modeOf(row, undefined);
    const access = await liveOf(row);
    if (access) {
      if (body.oldProduct === body.newProduct) throw errors.validation('newProduct', 'Choose a different product.');
      const atKite = (await atBroker(row, () => access.adapter.portfolio.positions(access.context))).find(
        (p) =>
          p.exchange === body.exchange &&
          p.tradingSymbol === body.tradingSymbol &&
          p.product === body.oldProduct &&
          p.quantity !== 0,
      );
      if (!atKite) throw errors.notFound('The position');
      await atBroker(row, () =>
        access.adapter.portfolio.convert(access.context, {
          exchange: body.exchange,
          tradingSymbol: body.tradingSymbol,
          transactionType: atKite.quantity > 0 ? 'BUY' : 'SELL',
          quantity: body.quantity ?? Math.abs(atKite.quantity),
          oldProduct: body.oldProduct,
          newProduct: body.newProduct,
        }),
      );
      await log(
        row.id,
        'info',
        'position.converted',
        `${body.tradingSymbol} ${body.oldProduct} → ${body.newProduct}`,
        null,
      );
      return positions(userId, accountId);
    }
    const position = (await repository.positions(row.id, mode)).find(
      (p) =>
        p.exchange === body.exchange &&
        p.tradingSymbol === body.tradingSymbol &&
        p.product === body.oldProduct &&
        p.quantity !== 0,
    );
    if (!position) throw errors.notFound('The position');
    if (body.oldProduct === body.newProduct) throw errors.validation('newProduct', 'Choose a different product.');
    if (body.quantity !== undefined && body.quantity !== Math.abs(position.quantity)) {
      throw errors.validation('quantity', 'A paper position is converted as a whole.');
    }
    if (!(await repository.convertPosition(position, body.newProduct, now()))) {
      throw errors.conflict(
        `A ${body.newProduct} position in ${body.tradingSymbol} exists already; close one of them first.`,
      );
    }
    await watchChanged(row.id);
    await log(
      row.id,
      'info',
      'position.converted',
      `${body.tradingSymbol} ${body.oldProduct} → ${body.newProduct}`,
      null,
    );
    return { positions: await positionViews(row, false) };
  }

  /** Sets a position's target, stop and trailing stop (watched on the server). */
  async function setProfitLoss(
    userId: string,
    accountId: string,
    positionId: string,
    body: ProfitLossRequest,
  ): Promise<PositionView> {
    const row = await account(userId, accountId);
    const position = UUID.test(positionId) ? await repository.position(row.id, positionId.toLowerCase()) : undefined;
    if (!position) throw errors.notFound('The position');
    const existing = (await repository.protections(row.id)).find((p) => p.positionId === position.id);
    const next = {
      target: body.target === undefined ? (existing?.target ?? null) : body.target,
      stopLoss: body.stopLoss === undefined ? (existing?.stopLoss ?? null) : body.stopLoss,
      trailingStop: body.trailingStop === undefined ? (existing?.trailingStop ?? null) : body.trailingStop,
    };
    const long = position.quantity > 0;
    const ltp = market().quote(position.instrumentToken, clock.now())?.lp ?? null;
    if (ltp !== null && position.quantity !== 0) {
      if (next.target !== null && (long ? next.target <= ltp : next.target >= ltp)) {
        throw errors.validation('target', `Target price should be ${long ? 'greater' : 'less'} than ${ltp} price.`);
      }
      if (next.stopLoss !== null && (long ? next.stopLoss >= ltp : next.stopLoss <= ltp)) {
        throw errors.validation('stopLoss', `StopLoss price should be ${long ? 'less' : 'greater'} than ${ltp} price.`);
      }
    }
    if (next.trailingStop !== null && next.stopLoss === null) {
      throw errors.validation('trailingStop', 'A trailing stop needs a stop loss to trail.');
    }
    await repository.setProtection({
      positionId: position.id,
      accountId: row.id,
      ...next,
      trailAnchor: next.trailingStop === null ? null : ltp,
      triggeredAt: null,
      exitIntentId: null,
      updatedAt: now(),
    });
    await watchChanged(row.id);
    await log(
      row.id,
      'info',
      'position.protection',
      `${position.tradingSymbol}: target ${next.target ?? '-'}, stop ${next.stopLoss ?? '-'}, trail ${next.trailingStop ?? '-'}`,
      null,
    );
    const view = (await positionViews(row, false)).find((v) => v.id === position.id);
    if (!view) throw errors.notFound('The position');
    await tell(userId, { kind: 'position.changed', brokerId: row.id, at: now().toISOString(), position: view });
    return view;
  }

  // An order reads its account's risk settings and its user's plans: kept a second (RecentReads), so a burst of
  // orders does not read them once each. Settings saved here replace the kept ones at once. Plans are kept only
  // while the user has one and never past its end, so a plan just bought (or a trial just started) applies at once.
  const riskSettingsKept = new RecentReads((accountId: string) => repository.riskSettings(accountId));
  const plansKept = new RecentReads(
    (userId: string) => repository.tradePlans(userId, new Date(wall.now())),
    (plans) => (plans.length > 0 ? Math.min(...plans.map((p) => p.endsAt.getTime())) : undefined),
  );

  /** The QuikTrade plan the user trades under now. */
  async function tradePlanNow(userId: string): Promise<TradePlan> {
    return tradePlanOf((await plansKept.get(userId, wall.now())).map((p) => p.planName));
  }

  async function riskSettingsOf(userId: string, accountId: string): Promise<RiskSettings> {
    const row = await account(userId, accountId);
    const [saved, open] = await Promise.all([repository.riskSettings(row.id), repository.openPositionCount(row.id)]);
    if (saved) riskSettingsKept.set(row.id, saved);
    return {
      brokerId: row.id,
      maxPositions: saved?.maxPositions ?? RISK_SETTINGS_DEFAULTS.maxPositions,
      riskPercentagePerTrade: saved?.riskPercentagePerTrade ?? RISK_SETTINGS_DEFAULTS.riskPercentagePerTrade,
      idealRewardToRisk: saved?.idealRewardToRisk ?? RISK_SETTINGS_DEFAULTS.idealRewardToRisk,
      riskPerTradeAmount: saved?.riskPerTradeAmount ?? RISK_SETTINGS_DEFAULTS.riskPerTradeAmount,
      positionsTaken: open,
      dailyLossLimit: saved ? saved.dailyLossLimit : RISK_SETTINGS_DEFAULTS.dailyLossLimit,
      maxLotsPerOrder: saved ? saved.maxLotsPerOrder : RISK_SETTINGS_DEFAULTS.maxLotsPerOrder,
    };
  }

  async function saveRiskSettings(userId: string, body: UpdateRiskSettingsRequest): Promise<RiskSettings> {
    const current = await riskSettingsOf(userId, body.brokerId);
    if (
      body.dailyLossLimit !== undefined &&
      body.dailyLossLimit !== current.dailyLossLimit &&
      istMillisOfDay(clock.now()) >= DAILY_LOSS_EDIT_UNTIL_MS
    ) {
      throw new AppError('RISK_LIMIT', TRADING_MESSAGES.dailyLossLimitEditWindow, { field: 'dailyLossLimit' });
    }
    const saved = await repository.saveRiskSettings({
      accountId: current.brokerId,
      maxPositions: body.maxPositions ?? current.maxPositions,
      riskPercentagePerTrade: body.riskPercentagePerTrade ?? current.riskPercentagePerTrade,
      idealRewardToRisk: body.idealRewardToRisk ?? current.idealRewardToRisk,
      riskPerTradeAmount: body.riskPerTradeAmount ?? current.riskPerTradeAmount,
      dailyLossLimit: body.dailyLossLimit === undefined ? current.dailyLossLimit : body.dailyLossLimit,
      maxLotsPerOrder: body.maxLotsPerOrder === undefined ? current.maxLotsPerOrder : body.maxLotsPerOrder,
      updatedAt: now(),
    });
    riskSettingsKept.set(saved.accountId, saved);
    await watchChanged(current.brokerId);
    await log(current.brokerId, 'info', 'risksettings.saved', 'Risk settings saved', null);
    return riskSettingsOf(userId, body.brokerId);
  }

  async function logs(
    userId: string,
    accountId: string,
    from?: number | string,
    to?: number | string,
  ): Promise<{ logs: TradingLogEntry[] }> {
    const row = await account(userId, accountId);
    const instant = (v: number | string | undefined, fallback: Date) =>
      v === undefined ? fallback : new Date(typeof v === 'number' ? v : Date.parse(v));
    const rows = await repository.logs(row.id, instant(from, dayStart()), instant(to, now()));
    return {
      logs: rows.map((r) => ({
        id: String(r.id),
        at: r.at.toISOString(),
        level: r.level,
        action: r.action,
        message: r.message,
        orderId: r.orderId,
        detail: r.detail,
      })),
    };
  }

  return {
    /** The paper exchange (its `pump` applies the market to every active book). */
    exchange,
    place,
    fanOut,
    setTradeMultiplier,
    resume,
    resumeUnanswered,
    applyBrokerUpdate,
    exitPosition,
    cancelWorkingOrders,
    /** Adds a check every new entry must pass (exits placed by the risk engine are not held back). */
    guardEntries(guard: EntryGuard): void {
      entryGuards.push(guard);
    },
    /** Tells `listener` every account whose positions, position protection or risk settings change. */
    onWatchChange(listener: WatchChangeListener): void {
      watchListeners.push(listener);
    },
    /** Writes one line of an account's trading log. */
    log,
    /** The QuikTrade plan the user trades under now. */
    tradePlan: tradePlanNow,
    modify,
    cancel,
    orders,
    trades,
    positions,
    holdings,
    funds,
    orderMargins,
    basketMargins,
    convert,
    resetPaper,
    setProfitLoss,
    riskSettings: riskSettingsOf,
    saveRiskSettings,
    logs,
  };
}

/** The trading service. */
export type TradingService = ReturnType<typeof createTradingService>;
