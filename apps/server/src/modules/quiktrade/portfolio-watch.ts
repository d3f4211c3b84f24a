import { istDateOf, type Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TradingService } from '../trading/trading.service';
import { accountMtm, type MtmQuote } from './account-mtm';
import type { RiskMarket } from './pass-market';
import { evaluatePortfolio } from './portfolio-risk';
import type { PortfolioRiskRow, QuikTradeRepository, RiskPositionRow } from './quiktrade.repository';
import type { WatchedAccount } from './watch-index';

/** What the portfolio watch is built from. */
export interface PortfolioWatchDeps {
  repository: QuikTradeRepository;
  trading: Pick<TradingService, 'exitPosition' | 'cancelWorkingOrders' | 'log'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  staleAfterMs: number;
  /** Tells the watch index an account's portfolio risk changed in the database (claimed, exits placed). */
  changed: (accountId: string) => Promise<void>;
}

const REASONS = { mtmStop: 'portfolio MTM stop', mtmTarget: 'portfolio MTM target', trailStop: 'portfolio trail stop' };

/**
 * Portfolio MTM stop, target and lock-in trail per account and mode, and the daily loss lock, on every market pass.
 * A trigger is claimed in the database (which disarms it) before anything is placed; then the scope's pending
 * orders are cancelled and one exit intent is placed per open position (sliced at the freeze limit by the order
 * path), each under a key of its own, so a process stopped half-way is finished by the next pass without placing
 * any exit twice. Nothing is evaluated while a price of the account's open positions is stale.
 */
export function createPortfolioWatch(deps: PortfolioWatchDeps) {
  const { repository, trading, logger } = deps;
  // Scopes locked today by this process: the lock is in the database, this only spares the write on every pass.
  const lockedToday = new Set<string>();
  // Highest MTM seen per account and mode by this process (written with the trail stop when that moves).
  const peaks = new Map<string, { generation: number; peak: number }>();

  /** Exits every open position of a triggered portfolio; true when all exits are placed. */
  async function exitAll(risk: PortfolioRiskRow, positions: readonly RiskPositionRow[], claimedAt: number) {
    const reason = REASONS[risk.trigger ?? 'mtmStop'];
    let complete = true;
    for (const position of positions) {
      if (position.quantity === 0) continue;
      // A position whose own stop or target already fired is being exited by that trigger.
      const own = await repository.claimForPortfolio(position.id, new Date(claimedAt));
      if (own === 'taken') continue;
      const key = `portfolio-${position.id}-${claimedAt}`;
      if (await repository.intentId(key)) continue;
      try {
        const intentId = await trading.exitPosition(risk.accountId, position.id, reason, key);
        if (own === 'claimed') await repository.recordExit(position.id, intentId);
      } catch (error) {
        complete = false;
        logger.error({ err: error, positionId: position.id }, 'portfolio exit could not be placed');
      }
    }
    return complete;
  }

  async function fire(
    risk: PortfolioRiskRow,
    positions: readonly RiskPositionRow[],
    claimedAt: number,
    first: boolean,
  ) {
    if (first) {
      await trading.cancelWorkingOrders(risk.accountId, risk.mode, REASONS[risk.trigger ?? 'mtmStop']);
    }
    if (await exitAll(risk, positions, claimedAt)) {
      await repository.markPortfolioExited(risk.accountId, risk.mode, new Date(deps.clock.now()));
      await deps.changed(risk.accountId);
    }
  }

  /**
   * What an armed portfolio risk's levels do at `at` (its peak kept): null when nothing is to be written or claimed.
   */
  function decide(
    at: number,
    quote: (token: number) => MtmQuote | null | undefined,
    risk: PortfolioRiskRow,
    positions: readonly RiskPositionRow[],
  ) {
    if (!positions.some((p) => p.quantity !== 0)) return null;
    const m = accountMtm(positions, quote, at, deps.staleAfterMs);
    if (m.stale) return null;
    const scope = `${risk.accountId}:${risk.mode}`;
    // The peak seen since the levels were last saved (saving them starts afresh).
    const generation = risk.updatedAt.getTime();
    const seen = peaks.get(scope);
    const peakMtm =
      seen?.generation === generation && (risk.peakMtm === null || seen.peak > risk.peakMtm) ? seen.peak : risk.peakMtm;
    const { mtmStop, mtmTarget, trailFrom, trailLock, trailStep, trailStop } = risk;
    const decision = evaluatePortfolio(
      { mtmStop, mtmTarget, trailFrom, trailLock, trailStep, trailStop, peakMtm },
      m.mtm,
    );
    if (decision.next.peakMtm !== null) {
      if (seen?.generation === generation) seen.peak = decision.next.peakMtm;
      else peaks.set(scope, { generation, peak: decision.next.peakMtm });
    }
    // Only a move of the locked-in stop is written: the stop must survive a restart, the peak need not (a restarted
    // engine starts its peak at the MTM it sees, and the stored stop never falls).
    if (decision.trigger === null && decision.next.trailStop === risk.trailStop) return null;
    return { decision, mtm: m.mtm };
  }

  /** Writes a moved trail stop, or claims a trigger and exits; true when this engine claimed a trigger. */
  async function act(
    at: number,
    risk: PortfolioRiskRow,
    positions: readonly RiskPositionRow[],
    { decision, mtm }: NonNullable<ReturnType<typeof decide>>,
  ): Promise<boolean> {
    if (decision.trigger === null) {
      const { trailStop, peakMtm: peak } = decision.next;
      await repository.savePortfolioTrail(risk.accountId, risk.mode, trailStop, peak);
      // The copy follows the row (its `updatedAt`, the peak's key, stays).
      Object.assign(risk, { trailStop, peakMtm: peak });
      return false;
    }
    const claimed = await repository.claimPortfolio(risk.accountId, risk.mode, decision.trigger, new Date(at));
    // Claimed here or by another engine: either way the account is read again.
    await deps.changed(risk.accountId);
    if (!claimed) return false;
    await trading.log(
      risk.accountId,
      'warn',
      'portfolio.triggered',
      `${REASONS[decision.trigger]} reached at MTM ${mtm}: cancelling pending orders and exiting every position`,
      null,
      { mode: risk.mode, mtm, trigger: decision.trigger },
    );
    await fire({ ...risk, trigger: decision.trigger }, positions, at, true);
    return true;
  }

  /** The daily loss lock of one account with an open position, per mode with positions. */
  async function watchLossLimit(
    at: number,
    day: string,
    quote: (token: number) => MtmQuote | null | undefined,
    account: WatchedAccount,
    dailyLossLimit: number,
  ): Promise<void> {
    const { accountId } = account;
    for (const mode of ['paper', 'live'] as const) {
      const positions = account.byMode[mode];
      if (positions.length === 0) continue;
      const lockKey = `${accountId}:${mode}:${day}`;
      if (lockedToday.has(lockKey)) continue;
      const m = accountMtm(positions, quote, at, deps.staleAfterMs);
      if (m.stale || m.mtm > -dailyLossLimit) continue;
      lockedToday.add(lockKey);
      if (await repository.lockDay(accountId, mode, day, m.mtm, new Date(at))) {
        await trading.log(accountId, 'warn', 'risk.locked', `Daily loss limit reached at MTM ${m.mtm}`, null, {
          mode,
        });
      }
    }
  }

  return {
    /**
     * One pass at `at` over the pass's view of the market: portfolio levels and daily loss locks of `accounts` (as
     * the watch index has them).
     */
    async watch(at: number, market: RiskMarket, accounts: readonly WatchedAccount[]): Promise<number> {
      const quote = (token: number) => market.quote(token, at);
      const day = istDateOf(at);
      let fired = 0;

      for (const account of accounts) {
        for (const risk of account.portfolios) {
          const positions = account.byMode[risk.mode];
          if (!risk.armed) {
            // Claimed before a restart, its exits not all placed: finish them under the same keys.
            await fire(risk, positions, risk.triggeredAt?.getTime() ?? at, false);
            continue;
          }
          const decided = decide(at, quote, risk, positions);
          if (decided && (await act(at, risk, positions, decided))) fired += 1;
        }
        if (account.dailyLossLimit !== null && account.open) {
          await watchLossLimit(at, day, quote, account, account.dailyLossLimit);
        }
      }
      return fired;
    },
  };
}
