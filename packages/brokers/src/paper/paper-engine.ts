// The paper exchange's matching engine (reference trading.md §4.4): pure, deterministic, plain data in and out.
// The server feeds it orders, ticks (with depth), feed health, underlying prices, time and settlement prices, and
// persists what comes out; replaying the same inputs on the same starting state rebuilds the same book.
//
// Fill model:
// - Nothing fills on the tick an order arrives with or any earlier one: only ticks stamped after the order's
//   placement (or release or last modification) can fill it, and never while the feed is stale or from a tick
//   older than `staleTickMs` (OpenAlgo filled a just-subscribed symbol at a five-week-old price).
// - MARKET walks the opposite depth level by level up to its protection price (LTP ± P %, −1 = the broker's
//   automatic band); the rest rests as a LIMIT at that price (DAY) or is cancelled (IOC). Without depth it trades at
//   synthetic levels one tick beyond LTP, never at LTP itself.
// - A marketable LIMIT fills against the depth up to its price, at each level's price. A resting LIMIT fills at its
//   price when trades print through it, or at it once the quantity displayed ahead of it when it started resting has
//   traded away. Partial fills are normal.
// - SL / SL-M trigger when LTP crosses the trigger (BUY ≥, SELL ≤), then work as LIMIT / MARKET on that tick; a gap
//   fills at the gap's prices.
// - DAY orders are cancelled at the session close; AMOs wait for the next session's open.
// - MIS: at `squareOffMinutesBeforeClose` before the F&O close in force, pending MIS orders are cancelled, each open
//   MIS position gets a MARKET exit (charged the ₹50 + GST auto square-off fee) and new MIS exposure is refused.
// - Expiry: index futures and options are cash-settled at the final settlement price; long in-the-money options pay
//   exercise STT on their intrinsic value.
// - Stock F&O, which NSE settles physically: this book refuses to carry it into expiry day instead of delivering
//   shares. At the square-off time of the trading day before expiry every open position in an expiring stock
//   contract is squared off like MIS, and new exposure in it is refused from then on (PHYSICAL_SETTLEMENT_BLOCKED).
//
// Money: options move cash by their premium (a buy pays, a sell receives); futures move cash only by realised P&L.
// Charges (domain `fillCharges`) leave cash on every fill. Margin (domain `portfolioMargin`, per underlying, on
// positions and pending orders together) is blocked out of cash; an order that would raise the blocked margin above
// cash is rejected.
import {
  amoReleaseAt,
  autoSquareOffCharge,
  exerciseCharges,
  fillCharges,
  istDateOf,
  misSquareOffAt,
  portfolioMargin,
  previousTradingDay,
  sessionOn,
  sideSign,
  DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE,
  defaultMarketCalendar,
  type EpochMs,
  type IsoDate,
  type MarginLeg,
  type MarketCalendar,
} from '@fnodesk/domain';
import type {
  PaperCancelReason,
  PaperDepthLevel,
  PaperEngine,
  PaperEngineConfig,
  PaperEngineEvent,
  PaperEngineInput,
  PaperEngineOptions,
  PaperEngineState,
  PaperFill,
  PaperFunds,
  PaperOrder,
  PaperOrderChanges,
  PaperOrderRequest,
  PaperPosition,
  PaperPositionView,
  PaperRejectCode,
  PaperTick,
} from './paper-engine-types';

/** Defaults: ₹10,00,000 virtual capital, square-off 5 minutes before the close, ticks stale after 10 s. */
export const DEFAULT_PAPER_ENGINE_CONFIG: PaperEngineConfig = {
  capital: 1_000_000,
  squareOffMinutesBeforeClose: DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE,
  staleTickMs: 10_000,
  maxModifications: 25,
};

const TERMINAL = new Set(['COMPLETE', 'CANCELLED', 'REJECTED']);
const DAY_MS = 86_400_000;
// Synthetic depth when a tick carries none: five levels a tick apart, each this many lots deep.
const SYNTHETIC_LEVELS = 5;
const SYNTHETIC_LOTS_PER_LEVEL = 10;

/** A new, empty paper book state. */
export function initialPaperEngineState(config: Partial<PaperEngineConfig> = {}): PaperEngineState {
  const full = { ...DEFAULT_PAPER_ENGINE_CONFIG, ...config };
  if (!(full.capital > 0)) throw new RangeError(`Virtual capital must be positive: ${full.capital}`);
  return {
    version: 1,
    config: full,
    capital: full.capital,
    cash: full.capital,
    realisedPnl: 0,
    charges: 0,
    marginByRoot: {},
    feedStale: false,
    nextSeq: 1,
    orders: {},
    positions: {},
    lastTicks: {},
    underlyings: {},
    squaredOffDates: [],
    settledExpiries: [],
    resets: [],
    lastAt: 0,
  };
}

/** Creates the matching engine of one paper book, new or continuing from a persisted state. */
export function createPaperEngine(options: PaperEngineOptions = {}): PaperEngine {
  const state: PaperEngineState = options.state
    ? structuredClone(options.state)
    : initialPaperEngineState(options.config);
  if (options.state && options.config) state.config = { ...state.config, ...options.config };
  return new Book(state, options.calendar ?? defaultMarketCalendar);
}

// Per-tick bookkeeping: depth consumed by earlier orders on the same tick, and volume printed at LTP still
// available to resting orders.
interface TickContext {
  tick: PaperTick;
  at: EpochMs;
  /** Created on the first take from the book. */
  consumed: Map<string, number> | null;
  printVolume: number;
}

class Book implements PaperEngine {
  // Indexes over the state, rebuilt on load: working orders and positions by token.
  private readonly working = new Map<number, PaperOrder[]>();
  private readonly positionsByToken = new Map<number, PaperPosition[]>();
  private nextTimerAt = 0;
  private events: PaperEngineEvent[] = [];
  private readonly dirtyRoots = new Set<string>();

  constructor(
    private readonly state: PaperEngineState,
    private readonly calendar: MarketCalendar,
  ) {
    this.reindex();
  }

  apply(input: PaperEngineInput): PaperEngineEvent[] {
    this.events = [];
    const at = Math.max(input.at, this.state.lastAt);
    this.state.lastAt = at;
    this.runTimers(at);
    switch (input.type) {
      case 'place':
        this.place(input.order, at);
        break;
      case 'modify':
        this.modify(input.orderId, input.eventId, input.changes, at);
        break;
      case 'cancel':
        this.cancel(input.orderId, at);
        break;
      case 'ticks':
        for (const tick of input.ticks) this.onTick(tick, at);
        break;
      case 'feed':
        this.state.feedStale = input.stale;
        break;
      case 'underlying':
        if (input.market.price > 0 && input.market.volatility > 0) this.state.underlyings[input.root] = input.market;
        break;
      case 'time':
        break;
      case 'settle-expiry':
        this.settleExpiry(input.expiry, input.settlementPrices, at);
        break;
      case 'reset':
        this.reset(input.eventId, input.capital, at);
        break;
    }
    this.flushMargins(at);
    return this.events;
  }

  snapshot(): PaperEngineState {
    return structuredClone(this.state);
  }

  funds(): PaperFunds {
    const s = this.state;
    let blocked = 0;
    for (const value of Object.values(s.marginByRoot)) blocked += value;
    let unrealised = 0;
    for (const position of Object.values(s.positions)) unrealised += unrealisedOf(position);
    return {
      capital: s.capital,
      cash: round2(s.cash),
      blockedMargin: round2(blocked),
      available: round2(s.cash - blocked),
      realisedPnl: round2(s.realisedPnl),
      unrealisedPnl: round2(unrealised),
      charges: round2(s.charges),
    };
  }

  positions(): PaperPositionView[] {
    return Object.values(this.state.positions).map(viewOf);
  }

  orders(): PaperOrder[] {
    return Object.values(this.state.orders)
      .sort((a, b) => a.seq - b.seq)
      .map((order) => structuredClone(order));
  }

  orderCount(): number {
    return Object.keys(this.state.orders).length;
  }

  order(orderId: string): PaperOrder | null {
    const order = this.state.orders[orderId];
    return order ? structuredClone(order) : null;
  }

  needsMarket(at: EpochMs): boolean {
    return this.working.size > 0 || at >= this.nextTimerAt;
  }

  watchedTokens(): number[] {
    const tokens = new Set<number>(this.working.keys());
    for (const [token, positions] of this.positionsByToken) {
      if (positions.some((position) => position.quantity !== 0)) tokens.add(token);
    }
    return [...tokens].sort((a, b) => a - b);
  }

  // ---- orders ----------------------------------------------------------------------------------------------

  private place(request: PaperOrderRequest, at: EpochMs): void {
    if (this.state.orders[request.orderId]) {
      this.reject(request.orderId, 'DUPLICATE_ORDER', 'An order with this id is already in the book.', at);
      return;
    }
    const order = this.newOrder(request, at);
    this.state.orders[order.orderId] = order;
    const invalid = invalidReason(order);
    const today = istDateOf(at);
    const increases = this.increasesExposure(order);
    let refusal: { code: PaperRejectCode; message: string } | null = null;
    if (invalid) refusal = { code: 'INVALID_ORDER', message: invalid };
    else if (order.product === 'MIS' && increases && this.state.squaredOffDates.includes(today)) {
      refusal = { code: 'MIS_SQUARED_OFF', message: 'MIS positions have been squared off for the day. Use NRML.' };
    } else if (increases && this.stockCarryBlocked(order, at)) {
      refusal = {
        code: 'PHYSICAL_SETTLEMENT_BLOCKED',
        message: 'Paper trading does not carry stock futures and options into expiry day.',
      };
    }
    if (refusal) {
      this.finishRejected(order, refusal.code, refusal.message, at);
      return;
    }
    this.addWorking(order);
    if (!this.marginAllows(order.instrument.contract.root, at)) {
      this.removeWorking(order);
      this.finishRejected(
        order,
        'INSUFFICIENT_MARGIN',
        'Insufficient funds: the margin required exceeds the cash available.',
        at,
      );
      return;
    }
    this.emit({ type: 'order-accepted', at, order: structuredClone(order) });
    this.emitFunds(at);
  }

  private newOrder(request: PaperOrderRequest, at: EpochMs): PaperOrder {
    const amo = request.variety === 'amo';
    const stop = request.orderType === 'SL' || request.orderType === 'SL-M';
    const releaseAt = amo ? amoReleaseAt(at, request.instrument.exchange, this.calendar) : null;
    return {
      orderId: request.orderId,
      seq: this.state.nextSeq++,
      instrument: structuredClone(request.instrument),
      side: request.side,
      quantity: request.quantity,
      filledQuantity: 0,
      cancelledQuantity: 0,
      orderType: request.orderType,
      product: request.product,
      validity: request.validity,
      variety: request.variety,
      price: request.price ?? null,
      triggerPrice: request.triggerPrice ?? null,
      marketProtection: request.marketProtection ?? null,
      tag: request.tag ?? null,
      status: amo ? 'AMO REQ RECEIVED' : stop ? 'TRIGGER PENDING' : 'OPEN',
      statusMessage: null,
      averagePrice: 0,
      placedAt: at,
      updatedAt: at,
      activeFrom: releaseAt ?? at,
      workingPrice: request.orderType === 'LIMIT' || request.orderType === 'SL' ? (request.price ?? null) : null,
      triggered: false,
      releaseAt,
      queueAhead: null,
      modifications: 0,
      appliedModifications: [],
      fills: 0,
      chargedTurnover: 0,
      chargedBrokerage: 0,
      origin: 'user',
    };
  }

  private modify(orderId: string, eventId: string, changes: PaperOrderChanges, at: EpochMs): void {
    const order = this.state.orders[orderId];
    if (!order) return this.reject(orderId, 'ORDER_NOT_FOUND', 'No such order in the book.', at);
    if (order.appliedModifications.includes(eventId)) return;
    if (TERMINAL.has(order.status)) {
      return this.reject(orderId, 'ORDER_NOT_OPEN', `The order is ${order.status.toLowerCase()}.`, at);
    }
    if (order.modifications >= this.state.config.maxModifications) {
      return this.reject(
        orderId,
        'MODIFY_LIMIT',
        `An order can be modified at most ${this.state.config.maxModifications} times; place a new order.`,
        at,
      );
    }
    const before = structuredClone(order);
    if (changes.quantity !== undefined) order.quantity = changes.quantity;
    if (changes.price !== undefined) order.price = changes.price;
    if (changes.triggerPrice !== undefined) order.triggerPrice = changes.triggerPrice;
    if (changes.orderType !== undefined) order.orderType = changes.orderType;
    if (changes.validity !== undefined) order.validity = changes.validity;
    const invalid =
      invalidReason(order) ??
      (order.quantity <= order.filledQuantity ? 'The quantity must exceed the quantity already filled.' : null);
    if (invalid) {
      Object.assign(order, before);
      return this.reject(orderId, 'INVALID_ORDER', invalid, at);
    }
    const stop = order.orderType === 'SL' || order.orderType === 'SL-M';
    if (!stop) order.triggered = false;
    if (order.status !== 'AMO REQ RECEIVED') order.status = stop && !order.triggered ? 'TRIGGER PENDING' : 'OPEN';
    order.workingPrice = order.orderType === 'LIMIT' || order.orderType === 'SL' ? order.price : null;
    order.queueAhead = null;
    order.activeFrom = Math.max(at, order.releaseAt ?? at);
    order.updatedAt = at;
    order.modifications += 1;
    order.appliedModifications.push(eventId);
    if (!this.marginAllows(order.instrument.contract.root, at)) {
      Object.assign(order, before);
      order.appliedModifications = [...before.appliedModifications];
      return this.reject(orderId, 'INSUFFICIENT_MARGIN', 'Insufficient funds for the modified order.', at);
    }
    this.emit({ type: 'order-modified', at, order: structuredClone(order) });
    this.emitFunds(at);
  }

  private cancel(orderId: string, at: EpochMs): void {
    const order = this.state.orders[orderId];
    if (!order) return this.reject(orderId, 'ORDER_NOT_FOUND', 'No such order in the book.', at);
    if (TERMINAL.has(order.status)) {
      return this.reject(orderId, 'ORDER_NOT_OPEN', `The order is ${order.status.toLowerCase()}.`, at);
    }
    this.cancelOrder(order, 'user', at);
    this.emitFunds(at);
  }

  private cancelOrder(order: PaperOrder, reason: PaperCancelReason, at: EpochMs): void {
    order.cancelledQuantity = order.quantity - order.filledQuantity;
    order.status = 'CANCELLED';
    order.statusMessage = reason === 'user' ? null : cancelMessage(reason);
    order.updatedAt = at;
    this.removeWorking(order);
    this.dirtyRoots.add(order.instrument.contract.root);
    this.emit({ type: 'order-cancelled', at, order: structuredClone(order), reason });
  }

  private finishRejected(order: PaperOrder, code: PaperRejectCode, message: string, at: EpochMs): void {
    order.status = 'REJECTED';
    order.statusMessage = message;
    order.cancelledQuantity = 0;
    order.updatedAt = at;
    this.emit({ type: 'order-rejected', at, orderId: order.orderId, code, message });
  }

  private reject(orderId: string, code: PaperRejectCode, message: string, at: EpochMs): void {
    this.emit({ type: 'order-rejected', at, orderId, code, message });
  }

  // ---- ticks and matching ------------------------------------------------------------------------------------

  private onTick(tick: PaperTick, at: EpochMs): void {
    const key = String(tick.token);
    const last = this.state.lastTicks[key];
    // Ticks are applied once and in exchange-time order: a repeated or older tick changes nothing.
    if (last && tick.ts <= last.ts) return;
    if (!(tick.lp > 0) || !Number.isFinite(tick.lp)) return;
    const vt = tick.vt ?? null;
    const printVolume = vt !== null && last?.vt !== null && last?.vt !== undefined ? Math.max(0, vt - last.vt) : 0;
    if (last) {
      last.ts = tick.ts;
      last.lp = tick.lp;
      last.vt = vt;
    } else {
      this.state.lastTicks[key] = { ts: tick.ts, lp: tick.lp, vt };
    }
    const positions = this.positionsByToken.get(tick.token);
    if (positions) for (const position of positions) position.lastPrice = tick.lp;

    if (this.state.feedStale || at - tick.ts > this.state.config.staleTickMs) return;
    const orders = this.working.get(tick.token);
    if (!orders || orders.length === 0) return;
    const ctx: TickContext = { tick, at, consumed: null, printVolume };
    // In arrival order. Matching may take the current order off the list (filled or cancelled), never another one.
    for (let i = 0; i < orders.length;) {
      const order = orders[i]!;
      if (order.status !== 'AMO REQ RECEIVED' && tick.ts > order.activeFrom) this.matchOrder(order, ctx);
      if (orders[i] === order) i++;
    }
  }

  private matchOrder(order: PaperOrder, ctx: TickContext): void {
    const { tick, at } = ctx;
    const buy = order.side === 'BUY';
    if ((order.orderType === 'SL' || order.orderType === 'SL-M') && !order.triggered) {
      const trigger = order.triggerPrice ?? 0;
      if (buy ? tick.lp < trigger : tick.lp > trigger) return;
      order.triggered = true;
      order.status = 'OPEN';
      order.updatedAt = at;
      this.emit({ type: 'order-triggered', at, order: structuredClone(order) });
    }
    const marketLike = order.orderType === 'MARKET' || order.orderType === 'SL-M';
    if (marketLike && order.workingPrice === null) {
      // First look at the book: walk it up to the protection price; what is left rests there (DAY) or goes (IOC).
      const limit = protectionPrice(order, tick.lp);
      this.walkDepth(order, limit, ctx, true);
      if (remainingOf(order) > 0) {
        if (order.validity === 'IOC') return this.cancelOrder(order, 'ioc', at);
        order.workingPrice = limit;
        order.queueAhead = displayedAt(tick, order.side, limit);
      }
      return;
    }
    const limit = order.workingPrice;
    if (limit === null) return;
    const resting = order.queueAhead !== null;
    this.walkDepth(order, limit, ctx, !resting);
    if (remainingOf(order) === 0) return;
    if (!resting) {
      if (order.validity === 'IOC') return this.cancelOrder(order, 'ioc', at);
      order.queueAhead = displayedAt(tick, order.side, limit);
      return;
    }
    // Resting: trades printed through the limit fill it; trades at the limit first use up the queue ahead.
    const through = buy ? tick.lp < limit : tick.lp > limit;
    if (through) {
      this.fill(order, remainingOf(order), limit, ctx);
      return;
    }
    if (tick.lp === limit && ctx.printVolume > 0) {
      const ahead = order.queueAhead ?? 0;
      const usedByQueue = Math.min(ahead, ctx.printVolume);
      order.queueAhead = ahead - usedByQueue;
      ctx.printVolume -= usedByQueue;
      const quantity = Math.min(remainingOf(order), ctx.printVolume);
      if (quantity > 0) {
        ctx.printVolume -= quantity;
        this.fill(order, quantity, limit, ctx);
      }
    }
  }

  // Takes liquidity from the opposite side of the tick's book at prices no worse than `limit`.
  // Synthetic levels stand in for a missing book only when the order arrives; a resting order waits for real
  // quotes or prints.
  private walkDepth(order: PaperOrder, limit: number, ctx: TickContext, synthetic: boolean): void {
    const buy = order.side === 'BUY';
    const levels = oppositeLevels(ctx.tick, order, synthetic);
    for (const level of levels) {
      if (remainingOf(order) === 0) return;
      if (buy ? level.p > limit : level.p < limit) return;
      const key = `${buy ? 'S' : 'B'}${level.p}`;
      ctx.consumed ??= new Map();
      const available = level.q - (ctx.consumed.get(key) ?? 0);
      if (available <= 0) continue;
      const quantity = Math.min(available, remainingOf(order));
      ctx.consumed.set(key, (ctx.consumed.get(key) ?? 0) + quantity);
      this.fill(order, quantity, level.p, ctx);
    }
  }

  private fill(order: PaperOrder, quantity: number, price: number, ctx: TickContext): void {
    const { at } = ctx;
    const date = istDateOf(at);
    const instrument = order.instrument;
    const breakdown = fillCharges(
      { contract: instrument.contract, exchange: instrument.exchange, side: order.side, quantity, price, date },
      { turnover: order.chargedTurnover, brokerage: order.chargedBrokerage },
    );
    let charges = breakdown.total;
    if (order.origin === 'square-off' && order.fills === 0) charges += autoSquareOffCharge(date).total;
    order.chargedTurnover += quantity * price;
    order.chargedBrokerage += breakdown.brokerage;
    order.fills += 1;
    order.averagePrice =
      (order.averagePrice * order.filledQuantity + price * quantity) / (order.filledQuantity + quantity);
    order.filledQuantity += quantity;
    order.updatedAt = at;
    if (order.filledQuantity === order.quantity) {
      order.status = 'COMPLETE';
      this.removeWorking(order);
    }
    const fill: PaperFill = {
      fillId: `${order.orderId}#${order.fills}`,
      orderId: order.orderId,
      seq: order.fills,
      token: instrument.token,
      tradingSymbol: instrument.tradingSymbol,
      side: order.side,
      product: order.product,
      quantity,
      price,
      at,
      tickTs: ctx.tick.ts,
      charges,
    };
    this.emit({ type: 'order-filled', at, order: structuredClone(order), fill });
    const position = this.bookFill(order, quantity, price, charges, ctx.tick.lp);
    this.emit({ type: 'position-changed', at, position: viewOf(position) });
    this.dirtyRoots.add(instrument.contract.root);
  }

  // Moves the position and the cash for one fill.
  private bookFill(
    order: PaperOrder,
    quantity: number,
    price: number,
    charges: number,
    lastPrice: number,
  ): PaperPosition {
    const position = this.positionFor(order);
    const sign = sideSign(order.side);
    const held = position.quantity;
    let realised = 0;
    if (held === 0 || Math.sign(held) === sign) {
      const units = Math.abs(held);
      position.averagePrice = (position.averagePrice * units + price * quantity) / (units + quantity);
    } else {
      const closed = Math.min(quantity, Math.abs(held));
      realised = closed * (price - position.averagePrice) * Math.sign(held);
      if (quantity > Math.abs(held)) position.averagePrice = price;
      else if (quantity === Math.abs(held)) position.averagePrice = 0;
    }
    position.quantity = held + sign * quantity;
    if (sign > 0) {
      position.buyQuantity += quantity;
      position.buyValue += quantity * price;
    } else {
      position.sellQuantity += quantity;
      position.sellValue += quantity * price;
    }
    position.realisedPnl += realised;
    position.charges += charges;
    position.lastPrice = lastPrice;
    const s = this.state;
    s.realisedPnl += realised;
    s.charges += charges;
    s.cash -= charges;
    // Options: the premium changes hands now; futures: only the realised P&L does.
    if (order.instrument.contract.kind === 'FUT') s.cash += realised;
    else s.cash -= sign * quantity * price;
    return position;
  }

  private positionFor(order: PaperOrder): PaperPosition {
    const key = positionKey(order.instrument.token, order.product);
    let position = this.state.positions[key];
    if (!position) {
      position = {
        key,
        instrument: structuredClone(order.instrument),
        product: order.product,
        quantity: 0,
        averagePrice: 0,
        buyQuantity: 0,
        buyValue: 0,
        sellQuantity: 0,
        sellValue: 0,
        realisedPnl: 0,
        charges: 0,
        lastPrice: null,
      };
      this.state.positions[key] = position;
      const list = this.positionsByToken.get(order.instrument.token) ?? [];
      list.push(position);
      this.positionsByToken.set(order.instrument.token, list);
    }
    return position;
  }

  // ---- time: AMO release, MIS square-off, stock F&O before expiry, DAY orders at the close --------------------

  private runTimers(at: EpochMs): void {
    if (at < this.nextTimerAt) return;
    const today = istDateOf(at);
    for (const order of Object.values(this.state.orders)) {
      if (order.status === 'AMO REQ RECEIVED' && order.releaseAt !== null && at >= order.releaseAt) {
        const stop = order.orderType === 'SL' || order.orderType === 'SL-M';
        order.status = stop ? 'TRIGGER PENDING' : 'OPEN';
        order.updatedAt = at;
        this.emit({ type: 'order-modified', at, order: structuredClone(order) });
      }
    }
    const session = sessionOn(today, 'NFO', this.calendar);
    const squareOff = misSquareOffAt(today, 'NFO', this.state.config.squareOffMinutesBeforeClose, this.calendar);
    if (squareOff !== null && at >= squareOff && !this.state.squaredOffDates.includes(today)) {
      this.state.squaredOffDates.push(today);
      this.squareOff(today, at);
    }
    // DAY orders end with their session: at today's close, or on any later day for orders from an earlier one.
    for (const order of this.workingOrders()) {
      if (order.status === 'AMO REQ RECEIVED') continue;
      const orderDay = istDateOf(order.activeFrom);
      if (orderDay < today || (session !== null && at >= session.close && order.activeFrom < session.close)) {
        this.cancelOrder(order, 'day-end', at);
      }
    }
    // After yesterday's DAY orders have been cancelled above, so that they leave with the rest.
    if (this.state.day !== today) {
      if (this.state.day !== undefined) this.startDay();
      this.state.day = today;
    }
    let next = Math.floor((at + 19_800_000) / DAY_MS) * DAY_MS - 19_800_000 + DAY_MS;
    if (squareOff !== null && squareOff > at) next = Math.min(next, squareOff);
    if (session !== null && session.close > at) next = Math.min(next, session.close);
    for (const order of Object.values(this.state.orders)) {
      if (order.status === 'AMO REQ RECEIVED' && order.releaseAt !== null) next = Math.min(next, order.releaseAt);
    }
    this.nextTimerAt = next;
  }

  // A new day's book: orders that finished and positions that closed on earlier days leave it.
  private startDay(): void {
    const s = this.state;
    for (const [id, order] of Object.entries(s.orders)) if (TERMINAL.has(order.status)) delete s.orders[id];
    for (const [key, position] of Object.entries(s.positions)) if (position.quantity === 0) delete s.positions[key];
    this.reindex();
  }

  private squareOff(today: IsoDate, at: EpochMs): void {
    const expiringStocks = (position: PaperPosition): boolean =>
      position.instrument.underlyingKind === 'stock' &&
      this.stockCutoffDate(position.instrument.contract.expiry) === today;
    for (const order of this.workingOrders()) {
      if (order.product === 'MIS' && order.origin === 'user') this.cancelOrder(order, 'square-off', at);
    }
    for (const position of Object.values(this.state.positions)) {
      if (position.quantity === 0) continue;
      if (position.product !== 'MIS' && !expiringStocks(position)) continue;
      const orderId = `SQ-${today}-${position.key}`;
      if (this.state.orders[orderId]) continue;
      const order = this.newOrder(
        {
          orderId,
          instrument: position.instrument,
          side: position.quantity > 0 ? 'SELL' : 'BUY',
          quantity: Math.abs(position.quantity),
          orderType: 'MARKET',
          product: position.product,
          validity: 'DAY',
          variety: 'regular',
          marketProtection: -1,
          tag: 'square-off',
        },
        at,
      );
      order.origin = 'square-off';
      this.state.orders[orderId] = order;
      this.addWorking(order);
      this.dirtyRoots.add(position.instrument.contract.root);
      this.emit({ type: 'order-accepted', at, order: structuredClone(order) });
    }
  }

  // The trading day on which an expiring stock contract is squared off: the one before expiry.
  private stockCutoffDate(expiry: IsoDate): IsoDate {
    return previousTradingDay(expiry, 'NFO', this.calendar);
  }

  private stockCarryBlocked(order: PaperOrder, at: EpochMs): boolean {
    if (order.instrument.underlyingKind !== 'stock') return false;
    const cutoffDay = this.stockCutoffDate(order.instrument.contract.expiry);
    const cutoff = misSquareOffAt(cutoffDay, 'NFO', this.state.config.squareOffMinutesBeforeClose, this.calendar);
    return cutoff !== null && at >= cutoff;
  }

  // ---- expiry and reset -----------------------------------------------------------------------------------

  private settleExpiry(expiry: IsoDate, prices: Readonly<Record<string, number>>, at: EpochMs): void {
    if (this.state.settledExpiries.includes(expiry)) return;
    this.state.settledExpiries.push(expiry);
    for (const order of this.workingOrders()) {
      if (order.instrument.contract.expiry === expiry && prices[order.instrument.contract.root] !== undefined) {
        this.cancelOrder(order, 'expiry', at);
      }
    }
    const date = istDateOf(at);
    for (const position of Object.values(this.state.positions)) {
      const { contract } = position.instrument;
      const settlement = prices[contract.root];
      if (contract.expiry !== expiry || settlement === undefined || position.quantity === 0) continue;
      // Index contracts settle in cash. Stock contracts should not reach here (squared off the day before); any that
      // do (an older book replayed) are settled in cash too rather than delivered.
      const value =
        contract.kind === 'FUT'
          ? settlement
          : Math.max(0, (contract.kind === 'CE' ? 1 : -1) * (settlement - (contract.strike ?? 0)));
      const held = position.quantity;
      const realised = held * (value - position.averagePrice);
      const charges =
        contract.kind !== 'FUT' && held > 0 && value > 0
          ? exerciseCharges({ intrinsicValue: value, quantity: held, date }).total
          : 0;
      const s = this.state;
      s.realisedPnl += realised;
      s.charges += charges;
      s.cash -= charges;
      if (contract.kind === 'FUT') s.cash += realised;
      else s.cash += held * value;
      if (held > 0) {
        position.sellQuantity += held;
        position.sellValue += held * value;
      } else {
        position.buyQuantity += -held;
        position.buyValue += -held * value;
      }
      position.realisedPnl += realised;
      position.charges += charges;
      position.quantity = 0;
      position.averagePrice = 0;
      position.lastPrice = value;
      this.dirtyRoots.add(contract.root);
      this.emit({ type: 'expiry-settled', at, expiry, position: viewOf(position), settlementPrice: settlement });
    }
    this.emitFunds(at);
  }

  private reset(eventId: string, capital: number | undefined, at: EpochMs): void {
    const s = this.state;
    if (s.resets.includes(eventId)) return;
    const amount = capital ?? s.config.capital;
    if (!(amount > 0) || !Number.isFinite(amount)) return;
    s.resets.push(eventId);
    // Working orders are cancelled first, so whoever persists the events sees every order end.
    for (const order of this.workingOrders()) this.cancelOrder(order, 'reset', at);
    s.capital = amount;
    s.cash = amount;
    s.realisedPnl = 0;
    s.charges = 0;
    s.marginByRoot = {};
    s.orders = {};
    s.positions = {};
    this.reindex();
    this.emit({ type: 'book-reset', at, capital: amount });
    this.emitFunds(at);
  }

  // ---- margins --------------------------------------------------------------------------------------------

  // Recomputes the root's blocked margin with its working orders; false (the caller reverts) when it rose above cash.
  private marginAllows(root: string, at: EpochMs): boolean {
    const before = this.state.marginByRoot[root] ?? 0;
    const after = this.rootMargin(root, at);
    const others = this.totalBlocked() - before;
    if (after > before && others + after > this.state.cash) return false;
    this.state.marginByRoot[root] = after;
    return true;
  }

  private flushMargins(at: EpochMs): void {
    if (this.dirtyRoots.size === 0) return;
    for (const root of this.dirtyRoots) {
      const value = this.rootMargin(root, at);
      if (value === 0) delete this.state.marginByRoot[root];
      else this.state.marginByRoot[root] = value;
    }
    this.dirtyRoots.clear();
    this.emitFunds(at);
  }

  private totalBlocked(): number {
    let sum = 0;
    for (const value of Object.values(this.state.marginByRoot)) sum += value;
    return sum;
  }

  // Positions alone, and positions with every pending order, margined together: the larger is blocked (a pending
  // exit does not release margin before it fills), plus the premium pending option buys will need.
  private rootMargin(root: string, at: EpochMs): number {
    const positionLegs: MarginLeg[] = [];
    for (const position of Object.values(this.state.positions)) {
      if (position.instrument.contract.root !== root || position.quantity === 0) continue;
      positionLegs.push({
        contract: position.instrument.contract,
        side: position.quantity > 0 ? 'BUY' : 'SELL',
        quantity: Math.abs(position.quantity),
        price: position.lastPrice ?? position.averagePrice,
      });
    }
    const orderLegs: MarginLeg[] = [];
    let pendingPremium = 0;
    for (const order of this.workingOrders()) {
      if (order.instrument.contract.root !== root) continue;
      const price = this.orderPrice(order);
      const quantity = remainingOf(order);
      orderLegs.push({ contract: order.instrument.contract, side: order.side, quantity, price });
      if (order.side === 'BUY' && order.instrument.contract.kind !== 'FUT') pendingPremium += quantity * price;
    }
    if (positionLegs.length === 0 && orderLegs.length === 0) return 0;
    const market = { asOf: at, underlyings: this.state.underlyings };
    const risk = (legs: MarginLeg[]): number => {
      if (legs.length === 0) return 0;
      const m = portfolioMargin(legs, market);
      return m.span + m.exposure;
    };
    const alone = risk(positionLegs);
    // With every pending order filled, an order against a position closes it: the two net per contract (a pending
    // exit of a long option is not margined as a fresh short).
    const together = orderLegs.length > 0 ? risk(netPerContract([...positionLegs, ...orderLegs])) : alone;
    return round2(Math.max(alone, together) + pendingPremium);
  }

  // The price an order is margined at: its limit, else its trigger, else the last price.
  private orderPrice(order: PaperOrder): number {
    const last = this.state.lastTicks[String(order.instrument.token)]?.lp ?? 0;
    return order.workingPrice ?? order.price ?? order.triggerPrice ?? last;
  }

  // ---- indexes and helpers ------------------------------------------------------------------------------------

  private increasesExposure(order: PaperOrder): boolean {
    const position = this.state.positions[positionKey(order.instrument.token, order.product)];
    const held = position?.quantity ?? 0;
    return held === 0 || Math.sign(held) === sideSign(order.side) || order.quantity > Math.abs(held);
  }

  private reindex(): void {
    this.working.clear();
    this.positionsByToken.clear();
    const orders = Object.values(this.state.orders).sort((a, b) => a.seq - b.seq);
    for (const order of orders) if (!TERMINAL.has(order.status)) this.addWorking(order);
    for (const position of Object.values(this.state.positions)) {
      const list = this.positionsByToken.get(position.instrument.token) ?? [];
      list.push(position);
      this.positionsByToken.set(position.instrument.token, list);
    }
    this.nextTimerAt = 0;
  }

  private addWorking(order: PaperOrder): void {
    const list = this.working.get(order.instrument.token) ?? [];
    list.push(order);
    this.working.set(order.instrument.token, list);
  }

  private removeWorking(order: PaperOrder): void {
    const list = this.working.get(order.instrument.token);
    if (!list) return;
    const index = list.indexOf(order);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.working.delete(order.instrument.token);
  }

  private workingOrders(): PaperOrder[] {
    const all: PaperOrder[] = [];
    for (const list of this.working.values()) all.push(...list);
    return all.sort((a, b) => a.seq - b.seq);
  }

  private emit(event: PaperEngineEvent): void {
    this.events.push(event);
  }

  private emitFunds(at: EpochMs): void {
    // One funds event per apply, carrying the latest figures.
    const index = this.events.findIndex((event) => event.type === 'funds-changed');
    if (index >= 0) this.events.splice(index, 1);
    this.emit({ type: 'funds-changed', at, funds: this.funds() });
  }
}

function positionKey(token: number, product: string): string {
  return `${token}:${product}`;
}

function remainingOf(order: PaperOrder): number {
  return order.quantity - order.filledQuantity - order.cancelledQuantity;
}

function unrealisedOf(position: PaperPosition): number {
  return position.lastPrice === null || position.quantity === 0
    ? 0
    : position.quantity * (position.lastPrice - position.averagePrice);
}

function viewOf(position: PaperPosition): PaperPositionView {
  const unrealisedPnl = round2(unrealisedOf(position));
  const grossPnl = round2(position.realisedPnl + unrealisedPnl);
  return {
    ...structuredClone(position),
    realisedPnl: round2(position.realisedPnl),
    charges: round2(position.charges),
    unrealisedPnl,
    grossPnl,
    netPnl: round2(grossPnl - position.charges),
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

// What the engine itself refuses (the full order rules run before an order reaches it).
function invalidReason(order: PaperOrder): string | null {
  const { lotSize, tickSize } = order.instrument;
  if (!Number.isInteger(order.quantity) || order.quantity < 1 || order.quantity % lotSize !== 0) {
    return `Quantity must be a positive multiple of the lot size ${lotSize}.`;
  }
  const needsPrice = order.orderType === 'LIMIT' || order.orderType === 'SL';
  const needsTrigger = order.orderType === 'SL' || order.orderType === 'SL-M';
  if (needsPrice && !(order.price !== null && order.price > 0 && onTick(order.price, tickSize))) {
    return 'A LIMIT or SL order needs a positive price on the tick.';
  }
  if (
    needsTrigger &&
    !(order.triggerPrice !== null && order.triggerPrice > 0 && onTick(order.triggerPrice, tickSize))
  ) {
    return 'An SL or SL-M order needs a positive trigger price on the tick.';
  }
  return null;
}

function onTick(price: number, tickSize: number): boolean {
  const ticks = price / tickSize;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}

function cancelMessage(reason: PaperCancelReason): string {
  switch (reason) {
    case 'ioc':
      return 'IOC order: the unfilled quantity was cancelled.';
    case 'day-end':
      return 'DAY order: cancelled at the close of the session.';
    case 'square-off':
      return 'Cancelled by the intraday (MIS) square-off.';
    case 'expiry':
      return 'Cancelled: the contract expired.';
    case 'reset':
      return 'Cancelled: the paper book was reset.';
    case 'user':
      return 'Cancelled.';
  }
}

// The broker's automatic market-protection band when the order carries −1 (Navia's published bands, trading.md
// §1.3): futures 2 % / 1 % / 0.5 % by price, options 5 % under ₹10, 3 % to ₹100, 2 % to ₹500, 1 % above.
function autoProtection(order: PaperOrder, lp: number): number {
  if (order.instrument.contract.kind === 'FUT') return lp < 100 ? 0.02 : lp < 500 ? 0.01 : 0.005;
  return lp < 10 ? 0.05 : lp < 100 ? 0.03 : lp < 500 ? 0.02 : 0.01;
}

// The worst price a MARKET / SL-M order accepts: LTP ± protection, on the tick, at least one tick from LTP.
function protectionPrice(order: PaperOrder, lp: number): number {
  const mp = order.marketProtection;
  const share = mp !== null && mp > 0 ? mp / 100 : autoProtection(order, lp);
  const tick = order.instrument.tickSize;
  if (order.side === 'BUY')
    return roundToTick(Math.max(Math.floor((lp * (1 + share)) / tick + 1e-6), Math.round(lp / tick) + 1), tick);
  return roundToTick(
    Math.max(Math.min(Math.ceil((lp * (1 - share)) / tick - 1e-6), Math.round(lp / tick) - 1), 1),
    tick,
  );
}

function roundToTick(ticks: number, tick: number): number {
  return Number((ticks * tick).toFixed(6));
}

// The side of the book an order takes from, best first; synthetic levels beyond LTP when the tick has no depth.
function oppositeLevels(tick: PaperTick, order: PaperOrder, synthetic: boolean): readonly PaperDepthLevel[] {
  const buy = order.side === 'BUY';
  const side = buy ? tick.depth?.sell : tick.depth?.buy;
  if (side && side.length > 0) return side;
  if (!synthetic) return [];
  const step = order.instrument.tickSize;
  const size = order.instrument.lotSize * SYNTHETIC_LOTS_PER_LEVEL;
  const base = Math.round(tick.lp / step);
  const levels: PaperDepthLevel[] = [];
  for (let i = 1; i <= SYNTHETIC_LEVELS; i++) {
    const ticks = buy ? base + i : base - i;
    if (ticks < 1) break;
    levels.push({ p: roundToTick(ticks, step), q: size });
  }
  return levels;
}

// Units displayed on the order's own side at its price: the queue ahead of a newly resting order.
function displayedAt(tick: PaperTick, side: 'BUY' | 'SELL', price: number): number {
  const levels = side === 'BUY' ? tick.depth?.buy : tick.depth?.sell;
  let sum = 0;
  for (const level of levels ?? []) if (level.p === price) sum += level.q;
  return sum;
}

// A contract's key, kept per contract object: a book's orders and positions hold theirs for as long as they live,
// and a margin pass over a large book would otherwise build the same text once per order.
const contractKeys = new WeakMap<MarginLeg['contract'], string>();
function contractKey(contract: MarginLeg['contract']): string {
  let key = contractKeys.get(contract);
  if (key === undefined) {
    key = `${contract.root}|${contract.kind}|${contract.expiry}|${contract.strike ?? ''}`;
    contractKeys.set(contract, key);
  }
  return key;
}

/**
 * Legs netted per contract: the signed quantities added, priced at the first leg on the side that remains; a
 * contract that nets to nothing drops out.
 */
function netPerContract(legs: readonly MarginLeg[]): MarginLeg[] {
  const byContract = new Map<string, { contract: MarginLeg['contract']; units: number; legs: MarginLeg[] }>();
  for (const leg of legs) {
    const key = contractKey(leg.contract);
    const entry = byContract.get(key) ?? { contract: leg.contract, units: 0, legs: [] };
    entry.units += sideSign(leg.side) * leg.quantity;
    entry.legs.push(leg);
    byContract.set(key, entry);
  }
  const netted: MarginLeg[] = [];
  for (const { contract, units, legs: contractLegs } of byContract.values()) {
    if (units === 0) continue;
    const side = units > 0 ? 'BUY' : 'SELL';
    const price = (contractLegs.find((leg) => leg.side === side) ?? contractLegs[0]!).price;
    netted.push({ contract, side, quantity: Math.abs(units), price });
  }
  return netted;
}
