import { istDateOf, type Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { TradingService } from '../trading/trading.service';
import { passMarket, type RiskMarket } from './pass-market';
import { createPortfolioWatch } from './portfolio-watch';
import { evaluateProtection } from './position-protection';
import type { QuikTradeRepository, WatchedProtection } from './quiktrade.repository';
import { createRuleWatch } from './rule-watch';
import { createWatchIndex, type WatchIndex } from './watch-index';

/** What the risk engine is built from. */
export interface RiskEngineDeps {
  repository: QuikTradeRepository;
  trading: Pick<TradingService, 'exitPosition' | 'cancelWorkingOrders' | 'place' | 'log'>;
  market: () => MarketSim;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The watched set in memory (one of this engine's own, told of nothing but its own triggers, when not given). */
  index?: WatchIndex;
  /** A last price older than this is stale: nothing triggers on it (trading.md §4.4). */
  staleAfterMs?: number;
  /** Whether the market feed is stale now: protection is paused until it is fresh again. */
  feedStale?: () => boolean;
}

/** A last price older than this is stale by default (the feed ticks every second). */
export const DEFAULT_STALE_AFTER_MS = 30_000;

/** Exits tried per position before a protection whose exits keep failing is left triggered (the log says so). */
export const EXIT_ATTEMPTS = 3;
/** Exits that ended unfilled are looked for among the triggers of this last while. */
const FAILED_EXIT_WINDOW_MS = 24 * 3_600_000;

/**
 * Position protection on the server (ARCHITECTURE §6): every watched position's target, stop and trailing stop
 * against the last price, with the browser closed. State lives in the database, so a restarted engine carries on;
 * the engine watches an in-memory copy of it (the watch index), read again per account when told it changed. A
 * trigger is claimed in the database before its exit is placed, so one trigger places one exit intent (its
 * idempotency key is the position and the claim), never two.
 *
 * A pass evaluates what the ticks since the last evaluated pass can have changed: the protections and portfolio
 * MTMs of accounts holding an instrument whose last tick is new, every account read again since, and every account
 * once a day; rules on every pass (a TIME rule moves with the clock, a rule's wait ticks count new ticks only).
 */
export function createRiskEngine(deps: RiskEngineDeps) {
  const { repository, trading, market, clock, logger } = deps;
  const staleAfter = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const index = deps.index ?? createWatchIndex({ repository, logger });
  const changed = (accountId: string) => index.changed(accountId);
  const portfolios = createPortfolioWatch({ ...deps, staleAfterMs: staleAfter, changed });
  const rules = createRuleWatch({ ...deps, staleAfterMs: staleAfter, changed });
  // The last tick's instant per instrument as of the last evaluated pass.
  const lastTicks = new Map<number, number>();
  // Accounts read again since the last evaluated pass (a stale feed pauses evaluation, not reading).
  const fresh = new Set<string>();
  let lastDay: string | undefined;
  // Whether a pass has run (the first looks for failed exits in every account).
  let started = false;
  let running: Promise<unknown> = Promise.resolve();

  /** Places the exit of a claimed trigger; the key (position + claim instant) makes a retry the same intent. */
  async function exit(accountId: string, positionId: string, reason: string, claimedAt: number): Promise<boolean> {
    try {
      const intentId = await trading.exitPosition(accountId, positionId, reason, `exit-${positionId}-${claimedAt}`);
      await repository.recordExit(positionId, intentId);
      return true;
    } catch (error) {
      logger.error({ err: error, positionId }, 'protection exit could not be placed');
      return false;
    } finally {
      await changed(accountId);
    }
  }

  /** Places again the exits claimed and never placed (a process stopped in between), under the same keys. */
  async function resumeExits(at: number): Promise<number> {
    let exits = 0;
    for (const accountId of [...index.unfinished()]) {
      for (const { protection, position } of index.account(accountId)?.unfinishedExits ?? []) {
        const claimedAt = protection.triggeredAt?.getTime() ?? at;
        if (await exit(position.accountId, position.id, 'resumed', claimedAt)) exits += 1;
      }
    }
    return exits;
  }

  /**
   * What the pass evaluates: the instruments whose last tick is new, the accounts holding one of them, and the
   * accounts evaluated whole (read again since the last evaluated pass, or every account on a new day).
   */
  function affected(at: number, view: RiskMarket) {
    const whole = new Set(fresh);
    fresh.clear();
    const day = istDateOf(at);
    if (day !== lastDay) for (const id of index.accountIds()) whole.add(id);
    lastDay = day;
    const ticked = new Set<number>();
    const holders = index.holders();
    for (const token of holders.keys()) {
      const ts = view.quote(token, at)?.ts ?? Number.NEGATIVE_INFINITY;
      if (lastTicks.get(token) === ts) continue;
      lastTicks.set(token, ts);
      ticked.add(token);
    }
    // On a full feed every instrument ticks every second: then every account is affected.
    if (ticked.size === holders.size) return { accounts: [...index.accounts()], ticked, whole };
    const ids = new Set(whole);
    for (const token of ticked) for (const id of holders.get(token) ?? []) ids.add(id);
    for (const id of index.unfinished()) ids.add(id);
    const accounts = [...ids].flatMap((id) => index.account(id) ?? []);
    return { accounts, ticked, whole };
  }

  /** What one protection's levels do at `at`: null when nothing moved and nothing triggered (no write). */
  function decide(at: number, view: RiskMarket, { protection, position }: WatchedProtection) {
    const tick = view.quote(position.instrumentToken, at);
    // No price, or a stale one: paused, never triggered on an old price.
    if (!tick || at - tick.ts > staleAfter) return null;
    const decision = evaluateProtection(protection, position.quantity > 0 ? 'long' : 'short', tick.lp);
    return decision.trigger === null && !decision.moved ? null : decision;
  }

  /** Writes a moved trail or claims a trigger and places its exit; true when the exit was placed. */
  async function act(
    at: number,
    { protection, position }: WatchedProtection,
    decision: ReturnType<typeof evaluateProtection>,
  ): Promise<boolean> {
    if (decision.trigger === null) {
      const { stopLoss, trailAnchor } = decision.next;
      await repository.saveTrail(position.id, stopLoss, trailAnchor, new Date(at));
      // The copy follows the row: the next tick trails from here, as it would from the database.
      Object.assign(protection, { stopLoss, trailAnchor, updatedAt: new Date(at) });
      return false;
    }
    const claimed = await repository.claim(position.id, new Date(at));
    if (!claimed) {
      // Another engine claimed it: read the account again.
      await changed(position.accountId);
      return false;
    }
    return exit(position.accountId, position.id, decision.trigger, at);
  }

  /**
   * A stop is cleared only by a confirmed exit: a protection whose exit ended without closing the position (an
   * order rejected, cancelled or failed, or only part filled) watches its levels again, and the next price beyond
   * them places a new exit, up to {@link EXIT_ATTEMPTS} tries. Portfolio levels whose exits left a position open
   * are armed again the same way.
   */
  async function rearmFailedExits(at: number, accountIds: readonly string[] | null): Promise<void> {
    const since = new Date(at - FAILED_EXIT_WINDOW_MS);
    const nextTry = (tries: number) =>
      tries + 1 === EXIT_ATTEMPTS ? 'last try' : `try ${tries + 1} of ${EXIT_ATTEMPTS}`;
    const positions = await repository.rearmFailedExits(accountIds, since, new Date(at), EXIT_ATTEMPTS);
    for (const { accountId, positionId, tradingSymbol, tries } of positions) {
      await trading.log(
        accountId,
        'warn',
        'protection.rearmed',
        `${tradingSymbol}: the exit did not close the position; its stop and target are watched again (${nextTry(tries)} on the next trigger)`,
        null,
        { positionId, tries },
      );
      await changed(accountId);
    }
    const portfolios = await repository.rearmFailedPortfolioExits(accountIds, since, new Date(at), EXIT_ATTEMPTS);
    for (const { accountId, mode, tries } of portfolios) {
      await trading.log(
        accountId,
        'warn',
        'portfolio.rearmed',
        `The exits did not close every position; the portfolio levels are armed again (${nextTry(tries)} on the next trigger)`,
        null,
        { mode, tries },
      );
      await changed(accountId);
    }
  }

  async function pass(at: number): Promise<number> {
    await index.start();
    const reread = await index.refresh();
    for (const id of reread) fresh.add(id);
    const view = passMarket(market(), at);
    let triggers = await resumeExits(at);
    // An exit's orders ending tells the index its account changed; every account on the first pass (a failure may
    // have come while no engine ran).
    await rearmFailedExits(at, started ? reread : null);
    started = true;
    // A stale feed pauses every trigger: a price that has stopped moving is not the market. Portfolio levels and
    // rules wait for a fresh feed too (the terminal shows the pause).
    if (deps.feedStale?.()) return triggers;
    const { accounts, ticked, whole } = affected(at, view);
    for (const account of accounts) {
      const all = whole.has(account.accountId);
      for (const watched of account.protections) {
        // A price seen already moves nothing: the levels were evaluated at it.
        if (!all && !ticked.has(watched.position.instrumentToken)) continue;
        const decision = decide(at, view, watched);
        if (decision && (await act(at, watched, decision))) triggers += 1;
      }
    }
    triggers += await portfolios.watch(at, view, accounts);
    triggers += await rules.watch(at, view, index.rules());
    return triggers;
  }

  return {
    /** One pass at `at`: position protection, then portfolio levels and daily loss locks, then rules. */
    async watch(at: number = clock.now()): Promise<number> {
      // One pass at a time: a pass writes what the next one reads.
      const next = running.then(
        () => pass(at),
        () => pass(at),
      );
      running = next;
      return next;
    },
    /** The watched set this engine evaluates. */
    index,
  };
}

/** The risk engine. */
export type RiskEngine = ReturnType<typeof createRiskEngine>;
