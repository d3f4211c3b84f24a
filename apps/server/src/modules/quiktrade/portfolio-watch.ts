import { istDateOf, type Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TradingService } from '../trading/trading.service';
import { accountMtm } from './account-mtm';
import type { RiskMarket } from './pass-market';
import { evaluatePortfolio } from './portfolio-risk';
import type { PortfolioRiskRow, QuikTradeRepository, RiskPositionRow } from './quiktrade.repository';

/** What the portfolio watch is built from. */
export interface PortfolioWatchDeps {
  repository: QuikTradeRepository;
  trading: Pick<TradingService, 'exitPosition' | 'cancelWorkingOrders' | 'log'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  staleAfterMs: number;
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
    }
  }

  return {
    /** One pass at `at` over the pass's view of the market: portfolio levels and daily loss locks. */
    async watch(at: number, market: RiskMarket): Promise<number> {
      const [risks, limited] = await Promise.all([repository.watchedPortfolios(), repository.lossLimited()]);
      if (risks.length === 0 && limited.length === 0) return 0;
      const accounts = [...new Set([...risks.map((r) => r.accountId), ...limited.map((l) => l.accountId)])];
      const byScope = new Map<string, RiskPositionRow[]>();
      for (const p of await repository.positionsOfAccounts(accounts)) {
        const scope = `${p.accountId}:${p.mode}`;
        byScope.set(scope, [...(byScope.get(scope) ?? []), p]);
      }
      const quote = (token: number) => market.quote(token, at);
      let fired = 0;

      for (const risk of risks) {
        const positions = byScope.get(`${risk.accountId}:${risk.mode}`) ?? [];
        if (!risk.armed) {
          // Claimed before a restart, its exits not all placed: finish them under the same keys.
          const claimedAt = risk.triggeredAt?.getTime() ?? at;
          await fire(risk, positions, claimedAt, false);
          continue;
        }
        if (!positions.some((p) => p.quantity !== 0)) continue;
        const m = accountMtm(positions, quote, at, deps.staleAfterMs);
        if (m.stale) continue;
        const scope = `${risk.accountId}:${risk.mode}`;
        // The peak seen since the levels were last saved (saving them starts afresh).
        const generation = risk.updatedAt.getTime();
        const seen = peaks.get(scope);
        const peakMtm =
          seen?.generation === generation && (risk.peakMtm === null || seen.peak > risk.peakMtm)
            ? seen.peak
            : risk.peakMtm;
        const decision = evaluatePortfolio({ ...risk, peakMtm }, m.mtm);
        if (decision.next.peakMtm !== null) peaks.set(scope, { generation, peak: decision.next.peakMtm });
        if (decision.trigger === null) {
          // Only a move of the locked-in stop is written: the stop must survive a restart, the peak need not (a
          // restarted engine starts its peak at the MTM it sees, and the stored stop never falls).
          if (decision.next.trailStop !== risk.trailStop) {
            await repository.savePortfolioTrail(
              risk.accountId,
              risk.mode,
              decision.next.trailStop,
              decision.next.peakMtm,
            );
          }
          continue;
        }
        if (!(await repository.claimPortfolio(risk.accountId, risk.mode, decision.trigger, new Date(at)))) continue;
        fired += 1;
        await trading.log(
          risk.accountId,
          'warn',
          'portfolio.triggered',
          `${REASONS[decision.trigger]} reached at MTM ${m.mtm}: cancelling pending orders and exiting every position`,
          null,
          { mode: risk.mode, mtm: m.mtm, trigger: decision.trigger },
        );
        await fire({ ...risk, trigger: decision.trigger }, positions, at, true);
      }

      const day = istDateOf(at);
      for (const { accountId, dailyLossLimit } of limited) {
        for (const mode of ['paper', 'live'] as const) {
          const positions = byScope.get(`${accountId}:${mode}`);
          const lockKey = `${accountId}:${mode}:${day}`;
          if (!positions || lockedToday.has(lockKey)) continue;
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
      return fired;
    },
  };
}
