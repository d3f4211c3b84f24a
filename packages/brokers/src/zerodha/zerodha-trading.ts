import type { Connect as KiteConnect } from 'kiteconnect';
import type {
  BrokerAccountAuth,
  BrokerCallContext,
  BrokerFunds,
  BrokerHolding,
  BrokerMargin,
  BrokerMarginLeg,
  BrokerOrder,
  BrokerOrderStatus,
  BrokerOrders,
  BrokerOrderUpdates,
  BrokerPortfolio,
  BrokerPosition,
  BrokerTrade,
} from '../core/broker-adapter';
import { BrokerError } from '../core/broker-error';
import type { TokenBucket } from '../core/broker-http';
import { verifyKitePostback } from './zerodha-postback';

/** How the trading parts reach Kite: an SDK client per account and session, every call mapped to `BrokerError`. */
export interface KiteTradingDeps {
  /** A client for the call's account and session (throws MISSING_CREDENTIALS without an API key). */
  client: (context: BrokerCallContext) => KiteConnect;
  /** Runs an authenticated SDK call, turning its rejection into a `BrokerError` without secrets. */
  call: <T>(context: BrokerCallContext, fn: () => Promise<T>) => Promise<T>;
  /** The order-rate limiter of an account (Kite: 10 orders a second per account, all apps). */
  orderBucket: (accountId: string) => TokenBucket;
}

type KiteRecord = Record<string, unknown>;

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
const number = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const priceOrNull = (v: unknown): number | null => (number(v) > 0 ? number(v) : null);
const side = (v: unknown): 'BUY' | 'SELL' => (v === 'SELL' ? 'SELL' : 'BUY');
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A Kite time (`YYYY-MM-DD HH:MM:SS`, IST) as text. The SDK turns some of them into a `Date` parsed in the process's
 * time zone; its local fields are Kite's IST fields, so they are read back as text.
 */
function kiteTimeText(v: unknown): string {
  if (v instanceof Date) {
    return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())} ${pad(v.getHours())}:${pad(v.getMinutes())}:${pad(v.getSeconds())}`;
  }
  return text(v);
}

/** A Kite time as an instant. */
function kiteTimeInstant(v: unknown): Date {
  const t = kiteTimeText(v);
  const at = Date.parse(`${t.replace(' ', 'T')}+05:30`);
  return Number.isNaN(at) ? new Date(0) : new Date(at);
}

/**
 * Kite's status text → our state (trading.md §1.5). A partly filled order stays `OPEN` at Kite; it is `PARTIAL`
 * here. Interim states (`VALIDATION PENDING`, `PUT ORDER REQ RECEIVED`, `MODIFY PENDING`…) and any status not known
 * are not terminal: `SENT` until a known one arrives.
 */
export function kiteStatusOf(status: string, filled: number): BrokerOrderStatus {
  switch (status) {
    case 'COMPLETE':
      return 'COMPLETE';
    case 'CANCELLED':
      return 'CANCELLED';
    case 'REJECTED':
      return 'REJECTED';
    case 'TRIGGER PENDING':
      return 'TRIGGER_PENDING';
    case 'OPEN':
      return filled > 0 ? 'PARTIAL' : 'OPEN';
    default:
      return filled > 0 ? 'PARTIAL' : 'SENT';
  }
}

/** One order of Kite's book, history or postback in our shape. */
export function kiteOrderOf(o: KiteRecord): BrokerOrder {
  const filled = number(o.filled_quantity);
  // A postback says `UPDATE` for a modification or a partial fill; the order's own state is then OPEN or TRIGGER PENDING.
  const raw = text(o.status);
  const brokerStatus = raw === 'UPDATE' ? text(o.status_detail) || 'OPEN' : raw;
  return {
    orderId: text(o.order_id),
    status: kiteStatusOf(brokerStatus, filled),
    brokerStatus,
    statusMessage: text(o.status_message) || null,
    tag: text(o.tag) || null,
    variety: text(o.variety),
    exchange: text(o.exchange),
    tradingSymbol: text(o.tradingsymbol),
    instrumentToken: number(o.instrument_token),
    transactionType: side(o.transaction_type),
    product: text(o.product),
    orderType: text(o.order_type),
    validity: text(o.validity),
    quantity: number(o.quantity),
    filledQuantity: filled,
    pendingQuantity: number(o.pending_quantity),
    price: priceOrNull(o.price),
    triggerPrice: priceOrNull(o.trigger_price),
    averagePrice: priceOrNull(o.average_price),
    orderTimestamp: kiteTimeText(o.order_timestamp),
  };
}

function tradeOf(t: KiteRecord): BrokerTrade {
  return {
    tradeId: text(t.trade_id),
    orderId: text(t.order_id),
    exchange: text(t.exchange),
    tradingSymbol: text(t.tradingsymbol),
    instrumentToken: number(t.instrument_token),
    transactionType: side(t.transaction_type),
    product: text(t.product),
    quantity: number(t.quantity),
    price: number(t.average_price),
    filledAt: kiteTimeInstant(t.fill_timestamp ?? t.exchange_timestamp),
  };
}

function positionOf(p: KiteRecord): BrokerPosition {
  return {
    exchange: text(p.exchange),
    tradingSymbol: text(p.tradingsymbol),
    instrumentToken: number(p.instrument_token),
    product: text(p.product),
    quantity: number(p.quantity),
    averagePrice: number(p.average_price),
    lastPrice: priceOrNull(p.last_price),
    buyQuantity: number(p.buy_quantity),
    sellQuantity: number(p.sell_quantity),
    buyValue: number(p.buy_value),
    sellValue: number(p.sell_value),
    realisedPnl: number(p.realised),
    unrealisedPnl: number(p.unrealised),
    pnl: number(p.pnl),
  };
}

function holdingOf(h: KiteRecord): BrokerHolding {
  return {
    exchange: text(h.exchange),
    tradingSymbol: text(h.tradingsymbol),
    instrumentToken: number(h.instrument_token),
    quantity: number(h.quantity),
    averagePrice: number(h.average_price),
    lastPrice: priceOrNull(h.last_price),
    pnl: number(h.pnl),
  };
}

function marginOf(m: KiteRecord): BrokerMargin {
  return {
    tradingSymbol: text(m.tradingsymbol),
    span: number(m.span),
    exposure: number(m.exposure),
    optionPremium: number(m.option_premium),
    total: number(m.total),
  };
}

const marginOrder = (leg: BrokerMarginLeg) => ({
  exchange: leg.exchange,
  tradingsymbol: leg.tradingSymbol,
  transaction_type: leg.transactionType,
  variety: leg.variety,
  product: leg.product,
  order_type: leg.orderType,
  quantity: leg.quantity,
  price: leg.price ?? 0,
  trigger_price: leg.triggerPrice ?? 0,
});

// The SDK's parameter types are narrower unions of the same strings our contracts validate; the casts below hand
// it our already-validated enums.
type PlaceParams = Parameters<KiteConnect['placeOrder']>[1];
type ModifyParams = Parameters<KiteConnect['modifyOrder']>[2];
type Variety = Parameters<KiteConnect['placeOrder']>[0];
type CancelVariety = Parameters<KiteConnect['cancelOrder']>[0];
type MarginOrders = Parameters<KiteConnect['orderMargins']>[0];
type ConvertParams = Parameters<KiteConnect['convertPosition']>[0];

/** Kite's order routes through the SDK, writes queued under the account's order rate. */
export function createKiteOrders(deps: KiteTradingDeps): BrokerOrders {
  const { client, call } = deps;
  const records = (v: unknown): KiteRecord[] => (Array.isArray(v) ? (v as KiteRecord[]) : []);
  return {
    async place(context, order) {
      await deps.orderBucket(context.account.accountId).take();
      const params = {
        exchange: order.exchange,
        tradingsymbol: order.tradingSymbol,
        transaction_type: order.transactionType,
        quantity: order.quantity,
        product: order.product,
        order_type: order.orderType,
        validity: order.validity,
        tag: order.tag,
        ...(order.price != null ? { price: order.price } : {}),
        ...(order.triggerPrice != null ? { trigger_price: order.triggerPrice } : {}),
        ...(order.marketProtection != null ? { market_protection: order.marketProtection } : {}),
      } as PlaceParams;
      const kc = client(context);
      const answer = await call(context, () => kc.placeOrder(order.variety as Variety, params));
      const orderId = text((answer as { order_id?: unknown }).order_id);
      if (!orderId) throw new BrokerError('BROKER_UNAVAILABLE', 'Zerodha answered without an order id.');
      return { orderId };
    },
    async modify(context, variety, orderId, change) {
      await deps.orderBucket(context.account.accountId).take();
      const params = {
        order_type: change.orderType,
        quantity: change.quantity,
        validity: change.validity,
        ...(change.price !== null ? { price: change.price } : {}),
        ...(change.triggerPrice !== null ? { trigger_price: change.triggerPrice } : {}),
        // A change to MARKET or SL-M must carry market protection again (trading.md §1.3).
        ...(change.marketProtection != null ? { market_protection: change.marketProtection } : {}),
      } as ModifyParams;
      const kc = client(context);
      await call(context, () => kc.modifyOrder(variety as Variety, orderId, params));
    },
    async cancel(context, variety, orderId) {
      await deps.orderBucket(context.account.accountId).take();
      const kc = client(context);
      await call(context, () => kc.cancelOrder(variety as CancelVariety, orderId));
    },
    async list(context) {
      const kc = client(context);
      return records(await call(context, () => kc.getOrders())).map(kiteOrderOf);
    },
    async history(context, orderId) {
      const kc = client(context);
      return records(await call(context, () => kc.getOrderHistory(orderId))).map(kiteOrderOf);
    },
    async trades(context, orderId) {
      const kc = client(context);
      const rows = await call(context, () => (orderId ? kc.getOrderTrades(orderId) : kc.getTrades()));
      return records(rows).map(tradeOf);
    },
  };
}

/** Kite's portfolio, funds and margin routes through the SDK. */
export function createKitePortfolio(deps: KiteTradingDeps): BrokerPortfolio {
  const { client, call } = deps;
  return {
    async positions(context) {
      const kc = client(context);
      const answer = await call(context, () => kc.getPositions());
      return ((answer.net ?? []) as unknown as KiteRecord[]).map(positionOf);
    },
    async holdings(context) {
      const kc = client(context);
      return ((await call(context, () => kc.getHoldings())) as unknown as KiteRecord[]).map(holdingOf);
    },
    async funds(context): Promise<BrokerFunds> {
      const kc = client(context);
      const margins = await call(context, () => kc.getMargins());
      const equity = margins.equity;
      return {
        openingBalance: number(equity?.available.opening_balance),
        cash: number(equity?.available.cash),
        liveBalance: number(equity?.available.live_balance),
        debits: number(equity?.utilised.debits),
        span: number(equity?.utilised.span),
        exposure: number(equity?.utilised.exposure),
        optionPremium: number(equity?.utilised.option_premium),
        realisedPnl: number(equity?.utilised.m2m_realised),
        unrealisedPnl: number(equity?.utilised.m2m_unrealised),
      };
    },
    async orderMargins(context, legs) {
      const kc = client(context);
      const rows = await call(context, () => kc.orderMargins(legs.map(marginOrder) as MarginOrders, 'regular'));
      return (rows as unknown as KiteRecord[]).map(marginOf);
    },
    async basketMargins(context, legs, considerPositions) {
      const kc = client(context);
      const answer = await call(context, () =>
        kc.orderBasketMargins(legs.map(marginOrder) as MarginOrders, considerPositions, 'regular'),
      );
      return {
        initial: { total: number(answer.initial.total) },
        final: { total: number(answer.final.total) },
        orders: (answer.orders as unknown as KiteRecord[]).map(marginOf),
      };
    },
    async convert(context, conversion) {
      const kc = client(context);
      const params = {
        exchange: conversion.exchange,
        tradingsymbol: conversion.tradingSymbol,
        transaction_type: conversion.transactionType,
        position_type: 'day',
        quantity: conversion.quantity,
        old_product: conversion.oldProduct,
        new_product: conversion.newProduct,
      } as ConvertParams;
      await call(context, () => kc.convertPosition(params));
    },
  };
}

/** Kite's postbacks: checked with SHA-256(order_id + order_timestamp + api_secret), then mapped. */
export const kiteOrderUpdates: BrokerOrderUpdates = {
  fromPostback(account: BrokerAccountAuth, body: unknown): BrokerOrder {
    if (!account.apiSecret || !verifyKitePostback(body, account.apiSecret)) {
      throw new BrokerError('CHECKSUM_MISMATCH', 'The postback checksum does not match.', {
        brokerId: 'zerodha',
        retryable: false,
      });
    }
    return kiteOrderOf(body as KiteRecord);
  },
};
