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
import {
  PaperBookMovedError,
  type NewLogRow,
  type OrderRow,
  type PaperBookInput,
  type SavedPaperBook,
  type TradingRepository,
} from './trading.repository';

/** What happened to the database after an input: the orders and positions that changed, for events and the engine. */
export interface PaperEffects {
  orders: OrderRow[];
  /** Everything the engine reported for the inputs (funds, fills, square-offs), for whoever needs more than rows. */
  events: readonly PaperEngineEvent[];
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
  /** Whether the market feed is stale now: the books are told, and nothing fills or triggers until it is fresh. */
  feedStale?: () => boolean;
  /** Called after every applied input with what changed (order and position events go out from here). */
  onEffects?: (accountId: string, effects: PaperEffects) => Promise<void>;
  /** The trading log rows for the orders a step changed, written in the step's own transaction. */
  logsOf?: (accountId: string, changed: readonly OrderRow[]) => NewLogRow[];
}

/** What one call asks of a book besides its inputs: log rows of its own, an intent to close. */
interface StepExtras {
  logs?: NewLogRow[];
  finishIntentId?: string;
}

/**
 * A snapshot is written after this many inputs, or after as many inputs as the book holds orders when that is more: a
 * snapshot's cost grows with the orders it holds, so a large book writes one less often (the cost per input stays
 * flat, and an order is not held up by a large write every 200 inputs); a load replays at most that many inputs.
 */
export const PAPER_SNAPSHOT_EVERY = 200;

/** One book in memory: its engine, the seq of its last input and of its last snapshot (null: none written yet). */
export interface LoadedBook {
  engine: PaperEngine;
  seq: number;
  snapshotSeq: number | null;
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

/** A book as persisted, rebuilt: its snapshot (a new book with `capital` when none), then its inputs replayed. */
export function restorePaperBook(saved: SavedPaperBook, capital: number): LoadedBook {
  const engine = createPaperEngine(
    saved.state ? { state: saved.state as unknown as PaperEngineState } : { config: { capital } },
  );
  let seq = saved.inputSeq;
  for (const { seq: s, input } of saved.inputs) {
    engine.apply(input as unknown as PaperEngineInput);
    seq = s;
  }
  return { engine, seq, snapshotSeq: saved.state ? saved.inputSeq : null };
}

/**
 * The paper exchange (trading.md §4.4): one matching engine (`@fnodesk/brokers` paper engine) per account, fed the
 * simulated market's ticks with depth, its state persisted with the fills it produced in one transaction, so a fill
 * is recorded exactly once and a restart continues the book. Inputs to one book are applied one at a time.
 */
export function createPaperExchange(deps: PaperExchangeDeps) {
  const { repository, market, clock, logger } = deps;
  const books = new Map<string, LoadedBook>();
  const queues = new Map<string, Promise<unknown>>();
  // Books of open positions alone that a pump passed over: marked to market when their funds are read.
  const unmarked = new Set<string>();

  /** Runs `task` after every earlier task of the same book. */
  function serial<T>(accountId: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(accountId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    queues.set(accountId, settled);
    // The queue of an idle book is dropped, so the map holds only books with work.
    void settled.then(() => {
      if (queues.get(accountId) === settled) queues.delete(accountId);
    });
    return next;
  }

  // Snapshot writes in flight, per book (each after the one before it).
  const snapshotWrites = new Map<string, Promise<void>>();

  /**
   * Writes a book's snapshot after the step that made it due, in a transaction of its own, outside the book's queue:
   * a large book's snapshot is a large row, and the orders behind it need not wait for it to be stored. The inputs
   * it covers are all stored already, so a snapshot written late, or never (its write failed), costs a longer replay
   * at the next load, nothing else; an older snapshot never replaces a newer one.
   */
  function writeSnapshot(accountId: string, snapshot: { state: Record<string, unknown>; inputSeq: number }): void {
    const at = new Date(clock.now());
    const previous = snapshotWrites.get(accountId) ?? Promise.resolve();
    const next = previous
      .then(() => repository.writePaperSnapshot(accountId, snapshot.state, snapshot.inputSeq, at))
      .catch((error: unknown) => logger.error({ err: error, accountId }, 'paper book snapshot not written'));
    snapshotWrites.set(accountId, next);
    void next.then(() => {
      if (snapshotWrites.get(accountId) === next) snapshotWrites.delete(accountId);
    });
  }

  /** The book in memory, loaded on first use. */
  async function book(accountId: string): Promise<LoadedBook> {
    const cached = books.get(accountId);
    if (cached) return cached;
    const loaded = restorePaperBook(await repository.paperBook(accountId), deps.capital);
    books.set(accountId, loaded);
    return loaded;
  }

  /** The book for a read: in memory, brought up to what other processes committed when books are shared. */
  async function current(accountId: string): Promise<LoadedBook> {
    const loaded = await book(accountId);
    if (!repository.sharedBooks) return loaded;
    const missed = await repository.paperBookInputsAfter(accountId, loaded.seq);
    if (missed === null) {
      books.delete(accountId);
      return book(accountId);
    }
    for (const m of missed) {
      loaded.engine.apply(m.input as unknown as PaperEngineInput);
      loaded.seq = m.seq;
    }
    return loaded;
  }

  /**
   * Applies inputs to a book and writes them with what they produced, in one transaction: only the input rows and
   * the orders, fills and positions that changed, plus a snapshot now and then (PAPER_SNAPSHOT_EVERY). On a failed
   * write the book is dropped from memory and reloaded from the database, the truth, on next use.
   */
  async function apply(
    accountId: string,
    inputs: readonly PaperEngineInput[],
    extras: StepExtras = {},
  ): Promise<PaperEffects> {
    let loaded = await book(accountId);
    let refusedEvent: Extract<PaperEngineEvent, { type: 'order-rejected' }> | undefined;
    // A snapshot due after this step, written once it commits (see `writeSnapshot`).
    let later: { state: Record<string, unknown>; inputSeq: number } | null = null;
    const step = (current: LoadedBook) => (missed: readonly PaperBookInput[]) => {
      // Inputs another process committed since this one last acted on the book come first.
      for (const m of missed) {
        current.engine.apply(m.input as unknown as PaperEngineInput);
        current.seq = m.seq;
      }
      const events: PaperEngineEvent[] = [];
      const rows: PaperBookInput[] = [];
      for (const input of inputs) {
        events.push(...current.engine.apply(input));
        rows.push({ seq: current.seq + rows.length + 1, input: input });
      }
      const last = current.seq + rows.length;
      // (The orders are counted only once the inputs reach PAPER_SNAPSHOT_EVERY: counting a large book is not free.)
      const since = current.snapshotSeq === null ? null : last - current.snapshotSeq;
      const snapshotDue = since === null || (since >= PAPER_SNAPSHOT_EVERY && since >= current.engine.orderCount());
      // A book's first snapshot (its capital) goes with its first step; later ones after theirs.
      const snapshot = snapshotDue
        ? { state: current.engine.snapshot() as unknown as Record<string, unknown>, inputSeq: last }
        : null;
      later = since === null ? null : snapshot;
      refusedEvent = events.find(
        (e): e is Extract<PaperEngineEvent, { type: 'order-rejected' }> =>
          e.type === 'order-rejected' && e.code !== 'INSUFFICIENT_MARGIN' && e.code !== 'INVALID_ORDER',
      );
      return {
        inputs: rows,
        events,
        snapshot: since === null ? snapshot : null,
        logs: (changed: readonly OrderRow[]) => [...(extras.logs ?? []), ...(deps.logsOf?.(accountId, changed) ?? [])],
        ...(extras.finishIntentId ? { finishIntentId: extras.finishIntentId } : {}),
      };
    };
    let written;
    try {
      try {
        written = await repository.paperBookStep(accountId, loaded.seq, step(loaded), statusOf, new Date(clock.now()));
      } catch (error) {
        if (!(error instanceof PaperBookMovedError)) throw error;
        // Another process wrote a newer snapshot than this one has seen: start from it and try once more.
        books.delete(accountId);
        loaded = await book(accountId);
        written = await repository.paperBookStep(accountId, loaded.seq, step(loaded), statusOf, new Date(clock.now()));
      }
    } catch (error) {
      // The database is the truth: forget the in-memory book so the next input reloads what was committed.
      books.delete(accountId);
      throw error;
    }
    const last = loaded.seq + inputs.length;
    if (written.snapshotSeq !== null) loaded.snapshotSeq = written.snapshotSeq;
    loaded.seq = last;
    // (Set by the step's builder, which TypeScript's narrowing of `later` does not see.)
    const due = later as { state: Record<string, unknown>; inputSeq: number } | null;
    if (due !== null) {
      loaded.snapshotSeq = due.inputSeq;
      writeSnapshot(accountId, due);
    }
    const result: PaperEffects = {
      orders: written.orders,
      events: written.events,
      positionsChanged: written.positionsChanged,
      refused: refusedEvent ? { code: refusedEvent.code, message: refusedEvent.message } : null,
    };
    if (deps.onEffects && (result.orders.length > 0 || result.positionsChanged > 0)) {
      await deps.onEffects(accountId, result);
    }
    return result;
  }

  /** The market's inputs for a book at `at`: the feed's state, time passing, the ticks (with depth) it watches. */
  function marketInputs(engine: PaperEngine, at: number): PaperEngineInput[] {
    const ticks = market()
      .ticks(engine.watchedTokens(), at)
      .map((t) => ({
        token: t.token,
        ts: t.ts,
        lp: t.lp,
        ...(t.vt !== undefined ? { vt: t.vt } : {}),
        ...(t.depth ? { depth: t.depth } : {}),
      }));
    return [
      { type: 'feed', at, stale: deps.feedStale?.() ?? false },
      { type: 'time', at },
      ...(ticks.length > 0 ? [{ type: 'ticks' as const, at, ticks }] : []),
    ];
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
    /** Resolves once every snapshot write under way has ended (before the database closes; tests). */
    async flushSnapshots(): Promise<void> {
      while (snapshotWrites.size > 0) await Promise.all(snapshotWrites.values());
    },

    /**
     * Hands a journalled order to the paper exchange; it is acknowledged, rejected (margin) or filled. `extras` are
     * written in the same transaction (the order's "sent" log line; the intent closed with its last order).
     */
    submit(row: OrderRow, extras: StepExtras = {}): Promise<PaperEffects> {
      return serial(row.accountId, async () => {
        const at = clock.now();
        const { contract, kind } = contractOf(row, market());
        return apply(
          row.accountId,
          [
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
          ],
          extras,
        );
      });
    },

    /** Modifies a working paper order; `eventId` makes a repeated modify harmless. */
    modify(row: OrderRow, changes: PaperOrderChanges, eventId: string): Promise<PaperEffects> {
      return serial(row.accountId, () =>
        apply(row.accountId, [{ type: 'modify', at: clock.now(), eventId, orderId: row.id, changes }]),
      );
    },

    /** Starts the book again from virtual capital (`capital`, or the capital it had); `eventId` makes a repeat harmless. */
    reset(accountId: string, eventId: string, capital?: number): Promise<PaperEffects> {
      return serial(accountId, () =>
        apply(accountId, [{ type: 'reset', at: clock.now(), eventId, ...(capital !== undefined ? { capital } : {}) }]),
      );
    },

    /** Cancels a working paper order. */
    cancel(row: OrderRow): Promise<PaperEffects> {
      return serial(row.accountId, () => apply(row.accountId, [{ type: 'cancel', at: clock.now(), orderId: row.id }]));
    },

    /**
     * The book's funds (capital, cash, blocked margin, P&L, charges), with what other processes committed; a book the
     * pumps passed over is marked to market first.
     */
    funds(accountId: string): Promise<PaperFunds> {
      return serial(accountId, async () => {
        const loaded = await current(accountId);
        if (!unmarked.has(accountId)) return loaded.engine.funds();
        await apply(accountId, marketInputs(loaded.engine, clock.now()));
        unmarked.delete(accountId);
        return (await book(accountId)).engine.funds();
      });
    },

    /**
     * Applies the market at `at` (default now) to every book the market can change (working orders, a timer due):
     * ticks with depth for their instruments, and time passing (square-off, expiry, day end). A book of open positions
     * alone is passed over (one transaction a book a second was most of a pass with a thousand such books) and marked
     * to market when its funds are read. Returns the books with working orders or open positions.
     */
    async pump(at: number = clock.now()): Promise<number> {
      const accounts = await repository.activePaperAccounts();
      for (const { accountId, working } of accounts) {
        try {
          await serial(accountId, async () => {
            const { engine } = await book(accountId);
            // Working orders are known from the database too: another process may have placed them.
            if (!working && !engine.needsMarket(at)) {
              unmarked.add(accountId);
              return;
            }
            unmarked.delete(accountId);
            await apply(accountId, marketInputs(engine, at));
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
