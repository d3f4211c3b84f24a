import { TRADING_MESSAGES } from '@fnodesk/contracts';
import { istDateOf, type Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import { AppError } from '../../platform/errors';
import type { EntryGuard, EntryLine, TradingService } from '../trading/trading.service';
import { accountMtm } from './account-mtm';
import type { QuikTradeRepository, RiskPositionRow } from './quiktrade.repository';

/** What the entry guard is built from. */
export interface EntryGuardDeps {
  repository: QuikTradeRepository;
  trading: Pick<TradingService, 'log'>;
  market: () => MarketSim;
  clock: Clock;
  staleAfterMs: number;
}

const keyOf = (token: number, product: string) => `${token}:${product}`;

/** True when the line only reduces an open position (an exit, which the limits never hold back). */
function reduces(line: EntryLine, positions: ReadonlyMap<string, RiskPositionRow>): boolean {
  const position = positions.get(keyOf(line.instrumentToken, line.product));
  if (!position || position.quantity === 0) return false;
  const long = position.quantity > 0;
  return (line.transactionType === 'SELL') === long && line.quantity <= Math.abs(position.quantity);
}

/**
 * The RMS limits at order intake (trading.md §5.3), for entries only: once the day's MTM (realised + unrealised)
 * reaches the daily loss limit, new entries are refused for the rest of the IST day (the lock is stored, so the
 * MTM recovering does not lift it); and an entry that would open more positions than `maxPositions` is refused.
 * `maxPositions` holds once the account's risk settings were saved (the default of 1 sizes the order window's
 * risk, it does not forbid a second leg to someone who never set it).
 */
export function createEntryGuard(deps: EntryGuardDeps): EntryGuard {
  const { repository, trading, market, clock } = deps;
  return async ({ accountId, lines, settings }) => {
    for (const mode of new Set(lines.map((l) => l.mode))) {
      const at = clock.now();
      const day = istDateOf(at);
      const intake = await repository.intake(accountId, mode, day);
      const rows = intake.positions;
      const book = new Map(rows.map((p) => [keyOf(p.instrumentToken, p.product), p]));
      const opening = lines.filter((l) => l.mode === mode && !reduces(l, book));
      if (opening.length === 0) continue;

      let locked = intake.locked;
      if (!locked && settings?.dailyLossLimit != null) {
        const { mtm } = accountMtm(rows, (token) => market().quote(token, at), at, deps.staleAfterMs);
        if (mtm <= -settings.dailyLossLimit) {
          if (await repository.lockDay(accountId, mode, day, mtm, new Date(at))) {
            await trading.log(accountId, 'warn', 'risk.locked', `${TRADING_MESSAGES.dailyLossLimit} MTM ${mtm}`);
          }
          locked = true;
        }
      }
      if (locked) throw new AppError('DAILY_LOSS_LOCKED', TRADING_MESSAGES.dailyLossLimit);

      if (settings) {
        const open = new Set(rows.filter((p) => p.quantity !== 0).map((p) => keyOf(p.instrumentToken, p.product)));
        const added = new Set(opening.map((l) => keyOf(l.instrumentToken, l.product)).filter((k) => !open.has(k)));
        if (open.size + added.size > settings.maxPositions) {
          throw new AppError('RISK_LIMIT', TRADING_MESSAGES.maxPositions(settings.maxPositions));
        }
      }
    }
  };
}
