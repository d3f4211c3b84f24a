import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { TradingService } from '../trading/trading.service';
import { passMarket, type RiskMarket } from './pass-market';
import { createPortfolioWatch } from './portfolio-watch';
import { evaluateProtection } from './position-protection';
import type { QuikTradeRepository } from './quiktrade.repository';
import { createRuleWatch } from './rule-watch';

/** What the risk engine is built from. */
export interface RiskEngineDeps {
  repository: QuikTradeRepository;
  trading: Pick<TradingService, 'exitPosition' | 'cancelWorkingOrders' | 'place' | 'log'>;
  market: () => MarketSim;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** A last price older than this is stale: nothing triggers on it (trading.md §4.4). */
  staleAfterMs?: number;
  /** Whether the market feed is stale now: protection is paused until it is fresh again. */
  feedStale?: () => boolean;
}

/** A last price older than this is stale by default (the feed ticks every second). */
export const DEFAULT_STALE_AFTER_MS = 30_000;

/**
 * Position protection on the server (ARCHITECTURE §6): every watched position's target, stop and trailing stop
 * against the last price, with the browser closed. State lives in the database, so a restarted engine carries on;
 * a trigger is claimed in the database before its exit is placed, so one trigger places one exit intent (its
 * idempotency key is the position and the claim), never two.
 */
export function createRiskEngine(deps: RiskEngineDeps) {
  const { repository, trading, market, clock, logger } = deps;
  const staleAfter = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const portfolios = createPortfolioWatch({ ...deps, staleAfterMs: staleAfter });
  const rules = createRuleWatch({ ...deps, staleAfterMs: staleAfter });

  /** Places the exit of a claimed trigger; the key (position + claim instant) makes a retry the same intent. */
  async function exit(accountId: string, positionId: string, reason: string, claimedAt: number): Promise<boolean> {
    try {
      const intentId = await trading.exitPosition(accountId, positionId, reason, `exit-${positionId}-${claimedAt}`);
      await repository.recordExit(positionId, intentId);
      return true;
    } catch (error) {
      logger.error({ err: error, positionId }, 'protection exit could not be placed');
      return false;
    }
  }

  /** Evaluates every watched position protection at `at`; returns the exits placed. */
  async function watchPositions(at: number, view: RiskMarket): Promise<number> {
    let exits = 0;
    for (const { protection, position } of await repository.unfinishedExits()) {
      const claimedAt = protection.triggeredAt?.getTime() ?? at;
      if (await exit(position.accountId, position.id, 'resumed', claimedAt)) exits += 1;
    }
    // A stale feed pauses every trigger: a price that has stopped moving is not the market.
    if (deps.feedStale?.()) return exits;
    for (const { protection, position } of await repository.watched()) {
      const tick = view.quote(position.instrumentToken, at);
      // No price, or a stale one: paused, never triggered on an old price.
      if (!tick || at - tick.ts > staleAfter) continue;
      const decision = evaluateProtection(
        {
          target: protection.target,
          stopLoss: protection.stopLoss,
          trailingStop: protection.trailingStop,
          trailAnchor: protection.trailAnchor,
        },
        position.quantity > 0 ? 'long' : 'short',
        tick.lp,
      );
      if (decision.trigger === null) {
        if (decision.moved) {
          await repository.saveTrail(position.id, decision.next.stopLoss, decision.next.trailAnchor, new Date(at));
        }
        continue;
      }
      if (!(await repository.claim(position.id, new Date(at)))) continue;
      if (await exit(position.accountId, position.id, decision.trigger, at)) exits += 1;
    }
    return exits;
  }

  return {
    /** One pass at `at`: position protection, then portfolio levels and daily loss locks, then rules. */
    async watch(at: number = clock.now()): Promise<number> {
      const view = passMarket(market(), at);
      let triggers = await watchPositions(at, view);
      // Portfolio levels and rules wait for a fresh feed too (the terminal shows the pause).
      if (deps.feedStale?.()) return triggers;
      triggers += await portfolios.watch(at, view);
      triggers += await rules.watch(at, view);
      return triggers;
    },
  };
}

/** The risk engine. */
export type RiskEngine = ReturnType<typeof createRiskEngine>;
