import {
  createPaperEngine,
  type PaperEngine,
  type PaperEngineEvent,
  type PaperEngineInput,
  type PaperEngineState,
  type PaperFunds,
  type PaperOrder,
  type PaperOrderChanges,
} from '@fnodesk/brokers';
import { derivativesUnderlying, type Clock, type TradedContract } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, TradingRepository } from './trading.repository';

/** What happened to the database after an input: the orders and positions that changed, for events and the engine. */
export interface PaperEffects {
  orders: OrderRow[];
  positionsChanged: number;
  /** The engine's own refusal of a modify or cancel (the order itself is unchanged). */
  refused: { code: string; message: string } | null;
}

/** What the paper exchange is built from. */
export interface PaperExchangeDeps {
  repository: TradingRepository;
  market: () => MarketSim;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Virtual capital of a new book. */
  capital: number;
  /** Called after every applied input with what changed (order and position events go out from here). */
  onEffects?: (accountId: string, effects: PaperEffects) => Promise<void>;
}

// Our order states from the engine's (Kite-named) ones; a partly filled working order shows as PARTIAL.
function statusOf(order: PaperOrder): string {
  switch (order.status) {
    case 'OPEN':
    case 'AMO REQ RECEIVED':
      return order.filledQuantity > 0 ? 'PARTIAL' : 'OPEN';
    case 'TRIGGER PENDING':
      return 'TRIGGER_PENDING';
    default:
      return order.status;
  }
}

function contractOf(row: OrderRow, market: MarketSim): { contract: TradedContract; kind: 'index' | 'stock' } {
  const sim = market.instrument(row.instrumentToken);
  if (!sim || sim.expiry === null) throw new Error(`paper order ${row.id} names no derivative`);
  const kind = sim.instrumentType === 'FUT' ? 'FUT' : sim.instrumentType === 'CE' ? 'CE' : 'PE';
  return {
    contract: { root: sim.name, kind, expiry: sim.expiry, strike: sim.strike },
    kind: derivativesUnderlying(sim.name).kind,
  };
}

/**
 * The paper exchange (trading.md §4.4): one matching engine (`@fnodesk/brokers` paper engine) per account, fed the
 * simulated market's ticks with depth, its state persisted with the fills it produced in one transaction, so a fill
 * is recorded exactly once and a restart continues the book. Inputs to one book are applied one at a time.
 */
export function createPaperExchange(deps: PaperExchangeDeps) {
  const { repository, market, clock, logger } = deps;
  const books = new Map<string, PaperEngine>();
  const queues = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier task of the same book. */
  function serial<T>(accountId: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(accountId) ?? Promise.resolve();
    const next = previous.then(task, task);
    queues.set(
      accountId,
      next.catch(() => undefined),
    );
    return next;
  }

  async function book(accountId: string): Promise<PaperEngine> {
    const cached = books.get(accountId);
    if (cached) return cached;
    const saved = await repository.paperBook(accountId);
    const engine = createPaperEngine(
      saved ? { state: saved as unknown as PaperEngineState } : { config: { capital: deps.capital } },
    );
    books.set(accountId, engine);
    return engine;
  }

  /** Applies inputs to a book and writes what they produced; on a failed write the book is reloaded from the DB. */
  async function apply(accountId: string, inputs: readonly PaperEngineInput[]): Promise<PaperEffects> {
    const engine = await book(accountId);
    const events: PaperEngineEvent[] = [];
    for (const input of inputs) events.push(...engine.apply(input));
    const refusedEvent = events.find(
      (e): e is Extract<PaperEngineEvent, { type: 'order-rejected' }> =>
        e.type === 'order-rejected' && e.code !== 'INSUFFICIENT_MARGIN' && e.code !== 'INVALID_ORDER',
    );
    try {
      const effects = await repository.applyPaperEvents(
        accountId,
        engine.snapshot() as unknown as Record<string, unknown>,
        events,
        statusOf,
        new Date(clock.now()),
      );
      const result = {
        ...effects,
        refused: refusedEvent ? { code: refusedEvent.code, message: refusedEvent.message } : null,
      };
      if (deps.onEffects && (result.orders.length > 0 || result.positionsChanged > 0)) {
        await deps.onEffects(accountId, result);
      }
      return result;
    } catch (error) {
      // The database is the truth: forget the in-memory book so the next input reloads what was committed.
      books.delete(accountId);
      throw error;
    }
  }

  function underlyingInputs(rows: readonly OrderRow[], at: number): PaperEngineInput[] {
    const sim = market();
    const seen = new Set<string>();
    const inputs: PaperEngineInput[] = [];
    for (const row of rows) {
      const instrument = sim.instrument(row.instrumentToken);
      if (!instrument || seen.has(instrument.name)) continue;
      seen.add(instrument.name);
      const lp = sim.quote(instrument.underlyingToken, at)?.lp;
      // Without a volatility feed the margin model's fallback volatility applies (trading.md §2.3).
      if (lp !== undefined)
        inputs.push({ type: 'underlying', at, root: instrument.name, market: { price: lp, volatility: 0.15 } });
    }
    return inputs;
  }

  return {
    /** Hands a journalled order to the paper exchange; it is acknowledged, rejected (margin) or filled. */
    submit(row: OrderRow): Promise<PaperEffects> {
      return serial(row.accountId, async () => {
        const at = clock.now();
        const { contract, kind } = contractOf(row, market());
        return apply(row.accountId, [
          ...underlyingInputs([row], at),
          {
            type: 'place',
            at,
            order: {
              orderId: row.id,
              instrument: {
                token: row.instrumentToken,
                tradingSymbol: row.tradingSymbol,
                exchange: row.exchange === 'BFO' ? 'BFO' : 'NFO',
                contract,
                underlyingKind: kind,
                lotSize: row.lotSize,
                tickSize: row.tickSize,
              },
              side: row.transactionType === 'SELL' ? 'SELL' : 'BUY',
              quantity: row.quantity,
              orderType: row.orderType as PaperOrder['orderType'],
              product: row.product === 'NRML' ? 'NRML' : 'MIS',
              validity: row.validity === 'IOC' ? 'IOC' : 'DAY',
              variety: row.variety === 'amo' ? 'amo' : 'regular',
              price: row.price,
              triggerPrice: row.triggerPrice,
              marketProtection: row.marketProtection,
              tag: row.tag,
            },
          },
        ]);
      });
    },

    /** Modifies a working paper order; `eventId` makes a repeated modify harmless. */
    modify(row: OrderRow, changes: PaperOrderChanges, eventId: string): Promise<PaperEffects> {
      return serial(row.accountId, () =>
        apply(row.accountId, [{ type: 'modify', at: clock.now(), eventId, orderId: row.id, changes }]),
      );
    },

    /** Cancels a working paper order. */
    cancel(row: OrderRow): Promise<PaperEffects> {
      return serial(row.accountId, () => apply(row.accountId, [{ type: 'cancel', at: clock.now(), orderId: row.id }]));
    },

    /** The book's funds (capital, cash, blocked margin, P&L, charges). */
    funds(accountId: string): Promise<PaperFunds> {
      return serial(accountId, async () => (await book(accountId)).funds());
    },

    /**
     * Applies the market at `at` (default now) to every book with working orders or open positions: ticks with
     * depth for their instruments, and time passing (square-off, expiry, day end). Returns the books touched.
     */
    async pump(at: number = clock.now()): Promise<number> {
      const accounts = await repository.activePaperAccounts();
      for (const accountId of accounts) {
        try {
          await serial(accountId, async () => {
            const engine = await book(accountId);
            const tokens = new Set<number>();
            for (const o of engine.orders())
              if (o.status === 'OPEN' || o.status === 'TRIGGER PENDING' || o.status === 'AMO REQ RECEIVED')
                tokens.add(o.instrument.token);
            for (const p of engine.positions()) if (p.quantity !== 0) tokens.add(p.instrument.token);
            const ticks = market()
              .ticks([...tokens], at)
              .map((t) => ({
                token: t.token,
                ts: t.ts,
                lp: t.lp,
                ...(t.vt !== undefined ? { vt: t.vt } : {}),
                ...(t.depth ? { depth: t.depth } : {}),
              }));
            await apply(accountId, [
              { type: 'time', at },
              ...(ticks.length > 0 ? [{ type: 'ticks' as const, at, ticks }] : []),
            ]);
          });
        } catch (error) {
          logger.error({ err: error, accountId }, 'paper book could not apply the market');
        }
      }
      return accounts.length;
    },
  };
}

/** The paper exchange. */
export type PaperExchange = ReturnType<typeof createPaperExchange>;
