import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The order side of the fake Kite Connect server (trading.md §1): one order book, trade book, position book and
 * holdings per Kite user, driven by the routes of Kite Connect v3 and by test hooks (fills, triggers, rejections,
 * held answers, postbacks). Plugged into `startKiteConnectFake`, which owns the HTTP server and the sessions.
 */

/** Kite's order statuses the fake moves through (interim ones are not simulated). */
export type KiteFakeOrderStatus = 'OPEN' | 'TRIGGER PENDING' | 'COMPLETE' | 'REJECTED' | 'CANCELLED';

/** One order as Kite's order book returns it. */
export interface KiteFakeOrder {
  order_id: string;
  exchange_order_id: string | null;
  parent_order_id: string | null;
  placed_by: string;
  variety: string;
  status: KiteFakeOrderStatus;
  status_message: string | null;
  status_message_raw: string | null;
  tradingsymbol: string;
  exchange: string;
  instrument_token: number;
  transaction_type: 'BUY' | 'SELL';
  order_type: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  product: string;
  validity: string;
  price: number;
  trigger_price: number;
  average_price: number;
  quantity: number;
  filled_quantity: number;
  pending_quantity: number;
  cancelled_quantity: number;
  disclosed_quantity: number;
  market_protection: number;
  order_timestamp: string;
  exchange_timestamp: string | null;
  exchange_update_timestamp: string | null;
  tag: string | null;
  tags: string[];
  guid: string;
  modified: boolean;
  meta: Record<string, unknown>;
}

/** One fill as Kite's trade book returns it. */
export interface KiteFakeTrade {
  trade_id: string;
  order_id: string;
  exchange_order_id: string | null;
  tradingsymbol: string;
  exchange: string;
  instrument_token: number;
  product: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  average_price: number;
  fill_timestamp: string;
  order_timestamp: string;
  exchange_timestamp: string;
}

/** A holding a fake user starts with. */
export interface KiteFakeHolding {
  readonly tradingsymbol: string;
  readonly exchange: string;
  readonly instrument_token: number;
  readonly quantity: number;
  readonly average_price: number;
  readonly last_price: number;
}

/** What the order book needs from the server around it. */
export interface KiteOrderBookDeps {
  /** The fake's controllable clock (order timestamps, token expiry); rate limits use real time. */
  now(): number;
  /** The postback URL and secret of an app, if it registered one. */
  appOf(apiKey: string): { readonly apiSecret: string; readonly postbackUrl?: string } | undefined;
  /** Holdings of a user, by Kite user id. */
  holdingsOf(userId: string): readonly KiteFakeHolding[];
  /** Kite's instrument token of a contract (Kite finds it from the exchange and symbol); default 0. */
  instrumentToken?(exchange: string, tradingSymbol: string): number | undefined;
}

/** The authenticated caller of a request. */
export interface KiteCaller {
  readonly apiKey: string;
  readonly userId: string;
}

/** A held answer: the order is created, the response comes after `delayMs` (or never, when null). */
interface HeldAnswer {
  readonly delayMs: number | null;
}

/** Kite's order rate limit: 10 orders a second per account (trading.md §1.7). */
export const KITE_ORDERS_PER_SECOND = 10;
/** Kite's limit of modifications per order. */
export const KITE_MAX_MODIFICATIONS = 25;

const ORDER_TYPES = ['MARKET', 'LIMIT', 'SL', 'SL-M'] as const;
const TERMINAL: readonly KiteFakeOrderStatus[] = ['COMPLETE', 'REJECTED', 'CANCELLED'];

/** Kite's `YYYY-MM-DD HH:MM:SS` in IST. */
export function kiteTimestamp(epochMs: number): string {
  return new Date(epochMs + 19_800_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Kite's postback checksum: hex SHA-256 of order_id + order_timestamp + api_secret (not an HMAC). */
const checksumOf = (orderId: string, orderTimestamp: string, apiSecret: string) =>
  createHash('sha256')
    .update(orderId + orderTimestamp + apiSecret)
    .digest('hex');

const isOption = (tradingSymbol: string) => /\d(CE|PE)$/.test(tradingSymbol);

interface Book {
  readonly orders: Map<string, KiteFakeOrder & { apiKey: string }>;
  readonly trades: KiteFakeTrade[];
  /** Order placements, modifications and cancellations in real time, for the 10/s limit. */
  readonly orderCalls: number[];
  /** Net positions by `exchange:tradingsymbol:product`. */
  readonly positions: Map<string, PositionState>;
}

interface PositionState {
  tradingsymbol: string;
  exchange: string;
  instrument_token: number;
  product: string;
  buy_quantity: number;
  sell_quantity: number;
  buy_value: number;
  sell_value: number;
}

/** Answers of the order routes, in Kite's envelope. */
export interface KiteAnswer {
  readonly status: number;
  readonly body: unknown;
  /** When set, the answer is held for this long (null: never sent); the order exists already. */
  readonly hold?: HeldAnswer;
}

const success = (data: unknown): KiteAnswer => ({ status: 200, body: { status: 'success', data } });
const failure = (status: number, errorType: string, message: string): KiteAnswer => ({
  status,
  body: { status: 'error', message, data: null, error_type: errorType },
});

/** The order, trade, position and margin routes of the fake Kite, with their test hooks. */
export function createKiteOrderBook(deps: KiteOrderBookDeps) {
  const books = new Map<string, Book>();
  const orderOwner = new Map<string, string>();
  const rejections = new Map<string, string[]>();
  const holds = new Map<string, HeldAnswer[]>();
  const postbacks: Record<string, unknown>[] = [];
  let sequence = 0;
  let tradeSequence = 0;
  let postbacksHeld = false;
  const inFlight = new Set<Promise<unknown>>();

  const bookOf = (userId: string): Book => {
    let book = books.get(userId);
    if (!book) {
      book = { orders: new Map(), trades: [], orderCalls: [], positions: new Map() };
      books.set(userId, book);
    }
    return book;
  };

  const publicOrder = (o: KiteFakeOrder & { apiKey: string }): KiteFakeOrder => {
    const { apiKey: _apiKey, ...rest } = o;
    return { ...rest, tags: [...rest.tags], meta: { ...rest.meta } };
  };

  /** The documented postback payload of an order, signed with its app's secret. */
  function postbackOf(order: KiteFakeOrder & { apiKey: string }, userId: string): Record<string, unknown> | undefined {
    const app = deps.appOf(order.apiKey);
    if (!app) return undefined;
    return {
      user_id: userId,
      unfilled_quantity: order.pending_quantity,
      app_id: 1,
      checksum: checksumOf(order.order_id, order.order_timestamp, app.apiSecret),
      ...publicOrder(order),
      // Kite posts `UPDATE` for a modification or a partial fill, else the terminal status.
      status: TERMINAL.includes(order.status) ? order.status : 'UPDATE',
      status_detail: order.status,
    };
  }

  async function deliver(payload: Record<string, unknown>, apiKey: string): Promise<void> {
    const url = deps.appOf(apiKey)?.postbackUrl;
    if (!url) return;
    const sent = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
    inFlight.add(sent);
    await sent;
    inFlight.delete(sent);
  }

  async function notify(order: KiteFakeOrder & { apiKey: string }, userId: string): Promise<void> {
    const payload = postbackOf(order, userId);
    if (!payload) return;
    postbacks.push(payload);
    if (!postbacksHeld) await deliver(payload, order.apiKey);
  }

  function changePosition(book: Book, order: KiteFakeOrder, quantity: number, price: number): void {
    const key = `${order.exchange}:${order.tradingsymbol}:${order.product}`;
    const p = book.positions.get(key) ?? {
      tradingsymbol: order.tradingsymbol,
      exchange: order.exchange,
      instrument_token: order.instrument_token,
      product: order.product,
      buy_quantity: 0,
      sell_quantity: 0,
      buy_value: 0,
      sell_value: 0,
    };
    if (order.transaction_type === 'BUY') {
      p.buy_quantity += quantity;
      p.buy_value += quantity * price;
    } else {
      p.sell_quantity += quantity;
      p.sell_value += quantity * price;
    }
    book.positions.set(key, p);
  }

  /** Real time for the rate limit: Kite counts requests in wall time, whatever the test's clock says. */
  function rateLimited(book: Book): boolean {
    const t = performance.now();
    while (book.orderCalls.length > 0 && (book.orderCalls[0] ?? 0) <= t - 1000) book.orderCalls.shift();
    if (book.orderCalls.length >= KITE_ORDERS_PER_SECOND) return true;
    book.orderCalls.push(t);
    return false;
  }

  const num = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : Number(v));

  async function place(caller: KiteCaller, variety: string, form: URLSearchParams): Promise<KiteAnswer> {
    const book = bookOf(caller.userId);
    if (rateLimited(book)) return failure(429, 'NetworkException', 'Too many requests');
    for (const field of ['tradingsymbol', 'exchange', 'transaction_type', 'quantity', 'product', 'order_type']) {
      if (!form.get(field)) return failure(400, 'InputException', `Missing \`${field}\`.`);
    }
    if (!['regular', 'amo', 'co', 'iceberg', 'auction'].includes(variety)) {
      return failure(400, 'InputException', 'Invalid `variety`.');
    }
    const orderType = form.get('order_type') as KiteFakeOrder['order_type'];
    if (!ORDER_TYPES.includes(orderType)) return failure(400, 'InputException', 'Invalid `order_type`.');
    const side = form.get('transaction_type');
    if (side !== 'BUY' && side !== 'SELL') return failure(400, 'InputException', 'Invalid `transaction_type`.');
    const quantity = Number(form.get('quantity'));
    if (!Number.isInteger(quantity) || quantity <= 0) return failure(400, 'InputException', 'Invalid `quantity`.');
    const price = num(form.get('price'));
    const trigger = num(form.get('trigger_price'));
    if ((orderType === 'LIMIT' || orderType === 'SL') && !(price !== undefined && price > 0)) {
      return failure(400, 'InputException', 'Invalid `price`.');
    }
    if ((orderType === 'SL' || orderType === 'SL-M') && !(trigger !== undefined && trigger > 0)) {
      return failure(400, 'InputException', 'Invalid `trigger_price`.');
    }
    const tradingSymbol = form.get('tradingsymbol') ?? '';
    const exchange = form.get('exchange') ?? '';
    if (orderType === 'SL-M' && (isOption(tradingSymbol) || exchange === 'BFO')) {
      return failure(400, 'InputException', 'SL-M orders are not allowed for options.');
    }
    const tag = form.get('tag');
    if (tag !== null && tag.length > 20) return failure(400, 'InputException', 'Invalid `tag`. Maximum 20 characters.');
    const protection = num(form.get('market_protection')) ?? 0;
    if ((orderType === 'MARKET' || orderType === 'SL-M') && protection === 0) {
      return failure(400, 'InputException', 'Market orders without market protection are not allowed via API.');
    }
    const at = deps.now();
    const orderId = `${kiteTimestamp(at).slice(2, 10).replace(/-/g, '')}${String(++sequence).padStart(7, '0')}`;
    const rejection = rejections.get(caller.userId)?.shift();
    const order: KiteFakeOrder & { apiKey: string } = {
      apiKey: caller.apiKey,
      order_id: orderId,
      exchange_order_id: rejection ? null : `${1_100_000_000_000_000 + sequence}`,
      parent_order_id: null,
      placed_by: caller.userId,
      variety,
      status: rejection ? 'REJECTED' : orderType === 'SL' || orderType === 'SL-M' ? 'TRIGGER PENDING' : 'OPEN',
      status_message: rejection ?? null,
      status_message_raw: rejection ? `RMS:${rejection}` : null,
      tradingsymbol: tradingSymbol,
      exchange,
      instrument_token: deps.instrumentToken?.(exchange, tradingSymbol) ?? 0,
      transaction_type: side,
      order_type: orderType,
      product: form.get('product') ?? '',
      validity: form.get('validity') ?? 'DAY',
      price: price ?? 0,
      trigger_price: trigger ?? 0,
      average_price: 0,
      quantity,
      filled_quantity: 0,
      pending_quantity: rejection ? 0 : quantity,
      cancelled_quantity: 0,
      disclosed_quantity: 0,
      market_protection: protection,
      order_timestamp: kiteTimestamp(at),
      exchange_timestamp: rejection ? null : kiteTimestamp(at),
      exchange_update_timestamp: null,
      tag,
      tags: tag ? [tag] : [],
      guid: `${caller.userId}-${orderId}`,
      modified: false,
      meta: { modifications: 0 },
    };
    book.orders.set(orderId, order);
    orderOwner.set(orderId, caller.userId);
    if (rejection) void notify(order, caller.userId);
    const answer = success({ order_id: orderId });
    const hold = holds.get(caller.userId)?.shift();
    return hold ? { ...answer, hold } : answer;
  }

  const owned = (caller: KiteCaller, orderId: string) => bookOf(caller.userId).orders.get(orderId);

  async function modify(caller: KiteCaller, orderId: string, form: URLSearchParams): Promise<KiteAnswer> {
    const book = bookOf(caller.userId);
    if (rateLimited(book)) return failure(429, 'NetworkException', 'Too many requests');
    const order = owned(caller, orderId);
    if (!order) return failure(400, 'InputException', 'Invalid `order_id`.');
    if (TERMINAL.includes(order.status)) {
      return failure(400, 'InputException', `Order cannot be modified as it is being processed or is ${order.status}.`);
    }
    const modifications = Number(order.meta.modifications ?? 0);
    if (modifications >= KITE_MAX_MODIFICATIONS) {
      return failure(400, 'InputException', 'Maximum allowed order modifications exceeded.');
    }
    const type = (form.get('order_type') ?? order.order_type) as KiteFakeOrder['order_type'];
    if (!ORDER_TYPES.includes(type)) return failure(400, 'InputException', 'Invalid `order_type`.');
    const quantity = num(form.get('quantity')) ?? order.quantity;
    if (!Number.isInteger(quantity) || quantity < order.filled_quantity || quantity <= 0) {
      return failure(400, 'InputException', 'Invalid `quantity`.');
    }
    order.order_type = type;
    order.quantity = quantity;
    order.pending_quantity = quantity - order.filled_quantity;
    order.price = num(form.get('price')) ?? order.price;
    order.trigger_price = num(form.get('trigger_price')) ?? order.trigger_price;
    order.validity = form.get('validity') ?? order.validity;
    order.modified = true;
    order.meta = { ...order.meta, modifications: modifications + 1 };
    if (order.status === 'TRIGGER PENDING' && (type === 'LIMIT' || type === 'MARKET')) order.status = 'OPEN';
    if (order.status === 'OPEN' && (type === 'SL' || type === 'SL-M') && order.filled_quantity === 0) {
      order.status = 'TRIGGER PENDING';
    }
    order.exchange_update_timestamp = kiteTimestamp(deps.now());
    void notify(order, caller.userId);
    return success({ order_id: orderId });
  }

  async function cancel(caller: KiteCaller, orderId: string): Promise<KiteAnswer> {
    const book = bookOf(caller.userId);
    if (rateLimited(book)) return failure(429, 'NetworkException', 'Too many requests');
    const order = owned(caller, orderId);
    if (!order) return failure(400, 'InputException', 'Invalid `order_id`.');
    if (TERMINAL.includes(order.status)) {
      return failure(
        400,
        'InputException',
        `Order cannot be cancelled as it is being processed or is ${order.status}.`,
      );
    }
    order.status = 'CANCELLED';
    order.cancelled_quantity = order.pending_quantity;
    order.pending_quantity = 0;
    order.exchange_update_timestamp = kiteTimestamp(deps.now());
    void notify(order, caller.userId);
    return success({ order_id: orderId });
  }

  function positionsOf(caller: KiteCaller) {
    const rows = [...bookOf(caller.userId).positions.values()].map((p) => {
      const quantity = p.buy_quantity - p.sell_quantity;
      const buyPrice = p.buy_quantity > 0 ? p.buy_value / p.buy_quantity : 0;
      const sellPrice = p.sell_quantity > 0 ? p.sell_value / p.sell_quantity : 0;
      const closed = Math.min(p.buy_quantity, p.sell_quantity);
      const realised = closed * (sellPrice - buyPrice);
      const average = quantity > 0 ? buyPrice : quantity < 0 ? sellPrice : 0;
      return {
        ...p,
        quantity,
        overnight_quantity: 0,
        multiplier: 1,
        average_price: average,
        close_price: 0,
        last_price: average,
        value: p.sell_value - p.buy_value,
        pnl: realised,
        m2m: realised,
        unrealised: 0,
        realised,
        buy_price: buyPrice,
        sell_price: sellPrice,
        day_buy_quantity: p.buy_quantity,
        day_sell_quantity: p.sell_quantity,
        day_buy_value: p.buy_value,
        day_sell_value: p.sell_value,
      };
    });
    return { net: rows, day: rows };
  }

  function convert(caller: KiteCaller, form: URLSearchParams): KiteAnswer {
    const book = bookOf(caller.userId);
    const exchange = form.get('exchange') ?? '';
    const symbol = form.get('tradingsymbol') ?? '';
    const from = book.positions.get(`${exchange}:${symbol}:${form.get('old_product') ?? ''}`);
    const newProduct = form.get('new_product') ?? '';
    const quantity = Number(form.get('quantity'));
    if (!from || !newProduct || !Number.isInteger(quantity) || quantity <= 0) {
      return failure(400, 'InputException', 'Invalid position conversion.');
    }
    const net = from.buy_quantity - from.sell_quantity;
    if (quantity > Math.abs(net)) return failure(400, 'InputException', 'Quantity exceeds the open position.');
    const key = `${exchange}:${symbol}:${newProduct}`;
    if (book.positions.has(key)) return failure(400, 'InputException', 'A position in the new product exists.');
    if (quantity !== Math.abs(net)) {
      return failure(400, 'InputException', 'Partial conversion is not supported by this test double.');
    }
    book.positions.delete(`${exchange}:${symbol}:${from.product}`);
    book.positions.set(key, { ...from, product: newProduct });
    return success(true);
  }

  interface MarginOrderBody {
    exchange?: string;
    tradingsymbol?: string;
    transaction_type?: string;
    quantity?: number;
    price?: number;
    trigger_price?: number;
    order_type?: string;
  }

  /** A plain margin model (not SPAN): premium for bought options, 12 % of notional for sold options and futures. */
  function marginOf(o: MarginOrderBody) {
    const quantity = Number(o.quantity ?? 0);
    const price = Number(o.price ?? 0) || Number(o.trigger_price ?? 0) || 100;
    const notional = quantity * price;
    const premium = isOption(o.tradingsymbol ?? '') && o.transaction_type === 'BUY' ? notional : 0;
    const span = premium > 0 ? 0 : Math.round(notional * 0.09 * 100) / 100;
    const exposure = premium > 0 ? 0 : Math.round(notional * 0.03 * 100) / 100;
    return {
      type: 'equity',
      tradingsymbol: o.tradingsymbol ?? '',
      exchange: o.exchange ?? '',
      span,
      exposure,
      option_premium: premium,
      additional: 0,
      bo: 0,
      cash: 0,
      var: 0,
      pnl: { realised: 0, unrealised: 0 },
      leverage: 1,
      charges: null,
      total: Math.round((span + exposure + premium) * 100) / 100,
    };
  }

  const parseArray = (text: string): MarginOrderBody[] | undefined => {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? (parsed as MarginOrderBody[]) : undefined;
    } catch {
      return undefined;
    }
  };

  function basket(orders: MarginOrderBody[]) {
    const each = orders.map(marginOf);
    const sum = (f: (m: ReturnType<typeof marginOf>) => number) => each.reduce((n, m) => n + f(m), 0);
    const hedged =
      orders.some((o) => o.transaction_type === 'BUY') && orders.some((o) => o.transaction_type === 'SELL');
    const initial = { ...marginOf({}), span: sum((m) => m.span), total: sum((m) => m.total) };
    // Offsetting legs earn a spread benefit: the fake halves the SPAN of a hedged basket.
    const finalSpan = hedged ? initial.span / 2 : initial.span;
    const final = { ...initial, span: finalSpan, total: initial.total - (initial.span - finalSpan) };
    return { initial, final, orders: each, charges: null };
  }

  /** Answers one order-side request, or undefined when the route is not one of the book's. */
  async function handle(caller: KiteCaller, method: string, url: URL, body: string): Promise<KiteAnswer | undefined> {
    const path = url.pathname;
    const book = bookOf(caller.userId);
    const orderRoute = /^\/orders\/([a-z]+)(?:\/([^/]+))?$/.exec(path);
    if (method === 'POST' && orderRoute && !orderRoute[2]) {
      return place(caller, orderRoute[1] ?? '', new URLSearchParams(body));
    }
    if (method === 'PUT' && orderRoute?.[2]) return modify(caller, orderRoute[2], new URLSearchParams(body));
    if (method === 'DELETE' && orderRoute?.[2]) return cancel(caller, orderRoute[2]);
    if (method === 'GET' && path === '/orders') return success([...book.orders.values()].map(publicOrder));
    const history = /^\/orders\/(\d+)$/.exec(path);
    if (method === 'GET' && history) {
      const order = owned(caller, history[1] ?? '');
      return order ? success([publicOrder(order)]) : failure(400, 'InputException', 'Invalid `order_id`.');
    }
    const orderTrades = /^\/orders\/(\d+)\/trades$/.exec(path);
    if (method === 'GET' && orderTrades) return success(book.trades.filter((t) => t.order_id === orderTrades[1]));
    if (method === 'GET' && path === '/trades') return success(book.trades);
    if (method === 'GET' && path === '/portfolio/positions') return success(positionsOf(caller));
    if (method === 'PUT' && path === '/portfolio/positions') return convert(caller, new URLSearchParams(body));
    if (method === 'GET' && path === '/portfolio/holdings') {
      return success(
        deps.holdingsOf(caller.userId).map((h) => ({
          ...h,
          isin: '',
          product: 'CNC',
          t1_quantity: 0,
          realised_quantity: h.quantity,
          collateral_quantity: 0,
          collateral_type: '',
          close_price: h.last_price,
          pnl: (h.last_price - h.average_price) * h.quantity,
          day_change: 0,
          day_change_percentage: 0,
        })),
      );
    }
    if (method === 'POST' && path === '/margins/orders') {
      const orders = parseArray(body);
      return orders ? success(orders.map(marginOf)) : failure(400, 'InputException', 'Invalid margin request.');
    }
    if (method === 'POST' && path === '/margins/basket') {
      const orders = parseArray(body);
      return orders ? success(basket(orders)) : failure(400, 'InputException', 'Invalid margin request.');
    }
    return undefined;
  }

  function find(orderId: string) {
    const userId = orderOwner.get(orderId);
    const order = userId ? books.get(userId)?.orders.get(orderId) : undefined;
    if (!userId || !order) throw new Error(`The fake Kite has no order ${orderId}`);
    return { userId, order, book: bookOf(userId) };
  }

  const hooks = {
    /** Every order of a user (or of every user), as `GET /orders` returns it. */
    orders(userId?: string): KiteFakeOrder[] {
      const all = userId ? [bookOf(userId)] : [...books.values()];
      return all.flatMap((b) => [...b.orders.values()].map(publicOrder));
    },
    /** Fills `quantity` of an order at `price`: a trade, the position, `OPEN` (partial) or `COMPLETE`, a postback. */
    async fill(orderId: string, quantity: number, price: number): Promise<void> {
      const { userId, order, book } = find(orderId);
      if (TERMINAL.includes(order.status)) throw new Error(`Order ${orderId} is ${order.status}`);
      if (quantity <= 0 || quantity > order.pending_quantity) throw new Error('Fill quantity out of range');
      const at = kiteTimestamp(deps.now());
      book.trades.push({
        trade_id: String(++tradeSequence).padStart(8, '0'),
        order_id: order.order_id,
        exchange_order_id: order.exchange_order_id,
        tradingsymbol: order.tradingsymbol,
        exchange: order.exchange,
        instrument_token: order.instrument_token,
        product: order.product,
        transaction_type: order.transaction_type,
        quantity,
        average_price: price,
        fill_timestamp: at,
        order_timestamp: order.order_timestamp,
        exchange_timestamp: at,
      });
      order.average_price =
        (order.average_price * order.filled_quantity + price * quantity) / (order.filled_quantity + quantity);
      order.filled_quantity += quantity;
      order.pending_quantity -= quantity;
      order.status = order.pending_quantity === 0 ? 'COMPLETE' : 'OPEN';
      order.exchange_update_timestamp = at;
      changePosition(book, order, quantity, price);
      await notify(order, userId);
    },
    /** An SL / SL-M order's trigger was hit: `TRIGGER PENDING` → `OPEN`. */
    async trigger(orderId: string): Promise<void> {
      const { userId, order } = find(orderId);
      if (order.status !== 'TRIGGER PENDING') throw new Error(`Order ${orderId} is ${order.status}`);
      order.status = 'OPEN';
      await notify(order, userId);
    },
    /** The user's next order is accepted by the API and rejected by RMS with this reason (status `REJECTED`). */
    rejectNext(userId: string, reason: string): void {
      rejections.set(userId, [...(rejections.get(userId) ?? []), reason]);
    },
    /**
     * The user's next order is created, and its answer arrives `delayMs` later (after the client's timeout), or
     * never when `delayMs` is null.
     */
    holdNextAnswer(userId: string, delayMs: number | null): void {
      holds.set(userId, [...(holds.get(userId) ?? []), { delayMs }]);
    },
    /** Every postback payload so far, in the order Kite produced them. */
    postbacks(): readonly Record<string, unknown>[] {
      return postbacks;
    },
    /** While held, postbacks are recorded but not delivered (tests deliver them in any order with `deliver`). */
    holdPostbacks(held: boolean): void {
      postbacksHeld = held;
    },
    /** POSTs a postback payload to its app's postback URL (again, or out of order). */
    deliver(payload: Record<string, unknown>): Promise<void> {
      const orderId = typeof payload.order_id === 'string' ? payload.order_id : '';
      const { order } = find(orderId);
      return deliver(payload, order.apiKey);
    },
    /** Waits for postbacks being delivered. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };

  /** Writes an answer, holding it when a test asked the order's response to arrive late or never. */
  function respond(res: ServerResponse, req: IncomingMessage, answer: KiteAnswer): void {
    const send = () => {
      if (res.writableEnded || req.socket.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    };
    if (!answer.hold) return send();
    if (answer.hold.delayMs !== null) setTimeout(send, answer.hold.delayMs);
  }

  return { handle, respond, hooks };
}

/** The order side of a fake Kite server. */
export type KiteOrderBook = ReturnType<typeof createKiteOrderBook>;
/** The test hooks of the fake's order side. */
export type KiteOrderBookHooks = KiteOrderBook['hooks'];
