import {
  isBrokerError,
  type BrokerCallContext,
  type BrokerOrder,
  type BrokerOrderRequest,
  type TradingBrokerAdapter,
} from '@fnodesk/brokers';
import { BROKER_MESSAGES, TERMINAL_ORDER_STATUSES, type OrderStatus } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, errors } from '../../platform/errors';
import { WORKING_STATUSES, type AccountRow, type OrderRow, type TradingRepository } from './trading.repository';

/** A live account's adapter and opened session, for one order call. */
export interface LiveAccess {
  readonly adapter: TradingBrokerAdapter;
  readonly context: BrokerCallContext;
}

/** Where live sessions come from (the brokers module, which holds the sealed tokens). */
export interface LiveBrokers {
  /** The adapter and session of a logged-in account that trades for real; undefined without a live session. */
  access(accountId: string): Promise<LiveAccess | undefined>;
}

/** What the live exchange is built from. */
export interface LiveExchangeDeps {
  repository: TradingRepository;
  brokers: LiveBrokers;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Publishes an order's new state (order events) once it changed in our book. */
  onChanged: (order: OrderRow) => Promise<void>;
  /** Writes the trading log. */
  log: (
    accountId: string,
    level: 'info' | 'warn' | 'error',
    action: string,
    message: string,
    orderId?: string | null,
    detail?: Record<string, unknown> | null,
  ) => Promise<void>;
  /**
   * How long to let an ambiguous send settle before looking for it by tag (real time): Kite may book an order a
   * moment after the answer timed out. Default 1 s.
   */
  settleMs?: number;
  /**
   * How long after an order's last change a resume waits before it asks the broker (real time): a send still in
   * flight in another process has its answer or its timeout by then. Default 10 s (the broker calls' timeout).
   */
  resumeAfterMs?: number;
}

/** How far along an order is; an update never moves an order to a lower rank (or out of a terminal state). */
const RANK: Readonly<Record<OrderStatus, number>> = {
  INTENT: 0,
  SENT: 0,
  UNKNOWN: 0,
  OPEN: 1,
  TRIGGER_PENDING: 1,
  PARTIAL: 2,
  COMPLETE: 3,
  CANCELLED: 3,
  REJECTED: 3,
  FAILED: 3,
};
const NOT_ACKNOWLEDGED = ['INTENT', 'SENT', 'UNKNOWN'];
const rankOf = (status: string) => RANK[status as OrderStatus] ?? 0;
const isTerminal = (status: string) => TERMINAL_ORDER_STATUSES.includes(status as OrderStatus);

/** The live account's session ended (Kite invalidates every token at 06:00 IST, or the user logged out). */
export function tokenExpired(row: Pick<AccountRow, 'userName'>): AppError {
  return new AppError('BROKER_TOKEN_EXPIRED', BROKER_MESSAGES.sessionEnded(row.userName));
}

/** A broker failure on a read, a modify or a cancel, as the API answers it. */
export function fromBrokerFailure(error: unknown, row: Pick<AccountRow, 'userName'>, refused: string): unknown {
  if (!isBrokerError(error)) return error;
  switch (error.code) {
    case 'SESSION_EXPIRED':
      return tokenExpired(row);
    case 'RATE_LIMITED':
      return errors.rateLimited(1);
    case 'BROKER_TIMEOUT':
    case 'BROKER_UNAVAILABLE':
      return errors.unavailable(error.message);
    case 'MISSING_CREDENTIALS':
      return errors.conflict(error.message);
    default:
      return new AppError(
        refused === 'ORDER_NOT_MODIFIABLE' ? 'ORDER_NOT_MODIFIABLE' : 'BROKER_REJECTED',
        error.message,
      );
  }
}

/**
 * Orders of live accounts at their broker (trading.md §1.5): a journalled order is marked `SENT` before the call;
 * the broker's order id moves it to `OPEN` / `TRIGGER_PENDING`; an ambiguous answer (timeout, outage, rate limit)
 * makes it `UNKNOWN`, and it is looked for by its tag in the broker's order book before anything is sent again:
 * found → adopted, not found → sent once more with the same tag. Updates (postbacks, the order book) apply
 * monotonically: never out of a terminal state, never to a smaller fill, never twice.
 */
export function createLiveExchange(deps: LiveExchangeDeps) {
  const { repository, brokers, clock, logger, onChanged, log } = deps;
  const now = () => new Date(clock.now());
  const settleMs = deps.settleMs ?? 1_000;
  const resumeAfterMs = deps.resumeAfterMs ?? 10_000;

  async function accessOf(row: Pick<AccountRow, 'id' | 'userName'>): Promise<LiveAccess> {
    const access = await brokers.access(row.id);
    if (!access) throw tokenExpired(row);
    return access;
  }

  const requestOf = (order: OrderRow): BrokerOrderRequest => ({
    variety: order.variety,
    exchange: order.exchange,
    tradingSymbol: order.tradingSymbol,
    transactionType: order.transactionType === 'SELL' ? 'SELL' : 'BUY',
    quantity: order.quantity,
    product: order.product,
    orderType: order.orderType as BrokerOrderRequest['orderType'],
    validity: order.validity,
    price: order.price,
    triggerPrice: order.triggerPrice,
    marketProtection: order.marketProtection,
    tag: order.tag,
  });

  /** Our columns for a broker's view of an order. */
  const stateOf = (update: BrokerOrder) => ({
    status: update.status,
    filledQuantity: update.filledQuantity,
    averagePrice: update.averagePrice,
    statusMessage: update.statusMessage,
    quantity: update.quantity > 0 ? update.quantity : undefined,
  });

  async function changed(row: OrderRow | undefined): Promise<void> {
    if (row) await onChanged(row);
  }

  /** The broker acknowledged the order (or it was found by its tag): our row takes its id and state. */
  async function adopt(order: OrderRow, brokerOrderId: string, found?: BrokerOrder): Promise<void> {
    const initial = order.orderType === 'SL' || order.orderType === 'SL-M' ? 'TRIGGER_PENDING' : 'OPEN';
    const state =
      found && found.status !== 'SENT' ? stateOf(found) : { status: initial, filledQuantity: 0, statusMessage: null };
    const row = await repository.applyBrokerState(order.id, { ...state, brokerOrderId }, NOT_ACKNOWLEDGED, now(), {
      brokerOrderId,
      adoptedByTag: found !== undefined,
    });
    if (row) {
      await log(
        order.accountId,
        'info',
        found ? 'order.reconciled' : 'order.acked',
        found
          ? `Order ${brokerOrderId} found at the broker by tag ${order.tag}`
          : `Order ${brokerOrderId} acknowledged by the broker`,
        order.id,
        { brokerOrderId, tag: order.tag },
      );
    }
    await changed(row);
  }

  async function end(order: OrderRow, status: 'REJECTED' | 'FAILED', message: string): Promise<void> {
    const row = await repository.updateOrder(order.id, { status, statusMessage: message }, now(), { message });
    await log(order.accountId, 'warn', status === 'REJECTED' ? 'order.rejected' : 'order.failed', message, order.id, {
      tag: order.tag,
    });
    await changed(row);
  }

  /** Sends an order; false when its answer was unclear and another process took the order over. */
  async function attempt(
    row: Pick<AccountRow, 'id' | 'userName'>,
    order: OrderRow,
    access: LiveAccess,
    mayRetry: boolean,
  ): Promise<boolean> {
    try {
      const { orderId } = await access.adapter.orders.place(access.context, requestOf(order));
      await adopt(order, orderId);
      return true;
    } catch (error) {
      if (!isBrokerError(error)) throw error;
      switch (error.code) {
        case 'BROKER_TIMEOUT':
        case 'BROKER_UNAVAILABLE':
        case 'RATE_LIMITED':
          // Unknown, not failed: the order may be in the book already.
          await repository.updateOrder(order.id, { status: 'UNKNOWN', statusMessage: error.message }, now(), {
            code: error.code,
          });
          await log(order.accountId, 'warn', 'order.unknown', error.message, order.id, { tag: order.tag });
          return reconcile(row, order, access, mayRetry);
        case 'SESSION_EXPIRED':
          await end(order, 'FAILED', BROKER_MESSAGES.sessionEnded(row.userName));
          throw tokenExpired(row);
        default:
          await end(order, 'REJECTED', error.message);
          return true;
      }
    }
  }

  /**
   * Looks for an order sent without a clear answer by its tag; adopts it, or sends it once more when it is absent.
   * False when another process claimed the resend: the order, and the rest of its intent, are that process's.
   */
  async function reconcile(
    row: Pick<AccountRow, 'id' | 'userName'>,
    order: OrderRow,
    access: LiveAccess,
    mayRetry: boolean,
  ): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    let found: BrokerOrder | undefined;
    try {
      found = (await access.adapter.orders.list(access.context)).find((o) => o.tag === order.tag);
    } catch (error) {
      // The book could not be read: the order stays UNKNOWN and its intent pending, for the next resume.
      logger.warn({ err: error, orderId: order.id }, 'the broker order book could not be read to reconcile');
      await log(order.accountId, 'warn', 'order.reconcile_failed', 'The order book could not be read', order.id, {
        tag: order.tag,
      });
      throw fromBrokerFailure(error, row, 'BROKER_REJECTED');
    }
    if (found) {
      await adopt(order, found.orderId, found);
      return true;
    }
    if (!mayRetry) {
      await end(order, 'FAILED', 'Zerodha did not confirm the order.');
      return true;
    }
    // One resend per order, claimed in the database: another process resolving the same order sends nothing.
    const claimed = await repository.claimResend(order.id, now());
    if (!claimed) return false;
    await log(
      order.accountId,
      'info',
      'order.resent',
      `Not in the broker's book; sent again with tag ${order.tag}`,
      order.id,
      {
        tag: order.tag,
      },
    );
    return attempt(row, claimed, access, false);
  }

  return {
    /**
     * Sends a journalled order (`INTENT`) to the broker. False when another process holds the order (it moved it
     * out of `INTENT` first, or claimed its resend): the rest of its intent is left to that process, in sequence.
     */
    async submit(row: Pick<AccountRow, 'id' | 'userName'>, order: OrderRow): Promise<boolean> {
      const access = await brokers.access(row.id);
      if (!access) {
        await end(order, 'FAILED', BROKER_MESSAGES.sessionEnded(row.userName));
        throw tokenExpired(row);
      }
      // Marked SENT before the call: after a crash, SENT means "ask the broker before sending again". The move is
      // taken only from INTENT, so of two processes resuming the same intent one sends and the other finds it gone.
      const sent = await repository.applyBrokerState(
        order.id,
        { status: 'SENT', filledQuantity: 0 },
        ['INTENT'],
        now(),
        {
          tag: order.tag,
        },
      );
      if (!sent) return false;
      await log(
        order.accountId,
        'info',
        'order.sent',
        `${order.transactionType} ${order.quantity} ${order.tradingSymbol} ${order.orderType} sent to the broker`,
        order.id,
        { tag: order.tag },
      );
      return attempt(row, sent, access, true);
    },

    /**
     * Resolves an order a stopped process left `SENT` or `UNKNOWN`, once its last change is `resumeAfterMs` old: by
     * tag first, then sent once more (if no process has resent it yet). False when another process holds it.
     */
    async resume(row: Pick<AccountRow, 'id' | 'userName'>, order: OrderRow): Promise<boolean> {
      // A send of this order may still be in flight in a live process: ask the broker once it has answered.
      const wait = Math.min(resumeAfterMs, order.updatedAt.getTime() + resumeAfterMs - clock.now());
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return reconcile(row, order, await accessOf(row), true);
    },

    /**
     * Applies an order update from the broker (a postback or a line of its order book) to our row, exactly once and
     * never backwards; orders of other apps or platforms are not ours and are ignored.
     */
    async apply(accountId: string, update: BrokerOrder, source: string): Promise<void> {
      let order = update.orderId ? await repository.order(accountId, update.orderId) : undefined;
      if (!order && update.tag) order = await repository.orderByTag(accountId, update.tag);
      if (!order || order.mode !== 'live' || isTerminal(order.status) || update.status === 'SENT') return;
      if (update.filledQuantity < order.filledQuantity) return;
      if (update.filledQuantity === order.filledQuantity) {
        if (rankOf(update.status) < rankOf(order.status) || update.status === order.status) return;
      }
      const row = await repository.applyBrokerState(
        order.id,
        { ...stateOf(update), brokerOrderId: update.orderId },
        [...WORKING_STATUSES],
        now(),
        { source, brokerStatus: update.brokerStatus },
      );
      await changed(row);
    },

    /** Modifies an order at the broker, then in our book. */
    async modify(
      row: AccountRow,
      order: OrderRow,
      change: {
        orderType: string;
        quantity: number;
        price: number | null;
        triggerPrice: number | null;
        validity: string;
      },
    ): Promise<OrderRow | undefined> {
      const access = await accessOf(row);
      if (!order.brokerOrderId)
        throw new AppError('ORDER_NOT_MODIFIABLE', 'The broker has not acknowledged the order yet.');
      const protectable = change.orderType === 'MARKET' || change.orderType === 'SL-M';
      try {
        await access.adapter.orders.modify(access.context, order.variety, order.brokerOrderId, {
          orderType: change.orderType as BrokerOrderRequest['orderType'],
          quantity: change.quantity,
          price: change.price,
          triggerPrice: change.triggerPrice,
          validity: change.validity,
          marketProtection: protectable ? (order.marketProtection ?? -1) : null,
        });
      } catch (error) {
        await log(
          row.id,
          'warn',
          'order.modify_refused',
          isBrokerError(error) ? error.message : 'modify failed',
          order.id,
        );
        throw fromBrokerFailure(error, row, 'ORDER_NOT_MODIFIABLE');
      }
      const status =
        order.status === 'PARTIAL'
          ? 'PARTIAL'
          : change.orderType === 'SL' || change.orderType === 'SL-M'
            ? order.status
            : 'OPEN';
      return repository.updateOrder(
        order.id,
        {
          orderType: change.orderType,
          quantity: change.quantity,
          price: change.price,
          triggerPrice: change.triggerPrice,
          validity: change.validity,
          status,
        },
        now(),
        { modified: true },
      );
    },

    /** Cancels an order at the broker, then in our book (fills already made stay). */
    async cancel(row: AccountRow, order: OrderRow): Promise<OrderRow | undefined> {
      const access = await accessOf(row);
      if (!order.brokerOrderId)
        throw new AppError('ORDER_NOT_MODIFIABLE', 'The broker has not acknowledged the order yet.');
      try {
        await access.adapter.orders.cancel(access.context, order.variety, order.brokerOrderId);
      } catch (error) {
        await log(
          row.id,
          'warn',
          'order.cancel_refused',
          isBrokerError(error) ? error.message : 'cancel failed',
          order.id,
        );
        throw fromBrokerFailure(error, row, 'ORDER_NOT_MODIFIABLE');
      }
      const updated = await repository.applyBrokerState(
        order.id,
        { status: 'CANCELLED', filledQuantity: order.filledQuantity },
        [...WORKING_STATUSES],
        now(),
        { source: 'cancel' },
      );
      await changed(updated);
      return updated;
    },

    /** The account's adapter and session (BROKER_TOKEN_EXPIRED without one). */
    access: accessOf,
  };
}

/** The live exchange. */
export type LiveExchange = ReturnType<typeof createLiveExchange>;
