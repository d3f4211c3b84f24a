import {
  CreateRuleRequestSchema,
  RULE_FIRINGS_PER_MINUTE,
  type OrderLine,
  type RuleAction,
  type RuleCondition,
  type RuleStrike,
} from '@fnodesk/contracts';
import { clockTimeMinutes, istMillisOfDay, nearestStrikeIndex, type Clock } from '@fnodesk/domain';
import type { SimInstrument } from '@fnodesk/market-sim';
import type { RiskMarket } from './pass-market';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors';
import type { TradingService } from '../trading/trading.service';
import type { QuikTradeRepository, RuleRow } from './quiktrade.repository';
import { compares, createFiringRateLimit, createWaitTickCounter } from './rule-condition';

/** What the rule watch is built from. */
export interface RuleWatchDeps {
  repository: QuikTradeRepository;
  trading: Pick<TradingService, 'place' | 'log'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  staleAfterMs: number;
  firingsPerMinute?: number;
  /** Tells the watch index an account's rule changed in the database (claimed, orders placed or refused). */
  changed: (accountId: string) => Promise<void>;
}

/** A rule as stored, parsed back into its contract shape. */
export interface ParsedRule {
  row: RuleRow;
  condition: RuleCondition;
  actions: RuleAction[];
}

/** Parses a stored rule (null when it no longer parses: it is skipped, never fired on a guess). */
export function parseRule(row: RuleRow): ParsedRule | null {
  const parsed = CreateRuleRequestSchema.safeParse({
    mode: row.mode,
    instrument: row.instrument,
    expiry: row.expiry,
    product: row.product,
    condition: row.condition,
    actions: row.actions,
  });
  return parsed.success ? { row, condition: parsed.data.condition, actions: parsed.data.actions } : null;
}

/** The option of a strike (absolute, or ATM ± k steps from the strike nearest spot) at an instant. */
export function resolveOption(
  market: RiskMarket,
  root: string,
  expiry: string,
  kind: 'CE' | 'PE',
  strike: RuleStrike,
  at: number,
): SimInstrument | null {
  if (strike.kind === 'absolute') return market.optionInstrument(root, kind, expiry, strike.strike);
  const chain = market.optionChainInstruments(root, expiry, at, Math.abs(strike.offset) + 3);
  const spot = chain ? market.quote(chain.spotToken, at)?.lp : undefined;
  if (!chain || spot === undefined) return null;
  const strikes = chain.strikes.map((s) => s.strike);
  const row = chain.strikes[nearestStrikeIndex(strikes, spot) + strike.offset];
  if (!row) return null;
  return kind === 'CE' ? row.ce : row.pe;
}

/** What a condition observes at an instant: the value and the tick it came from; null without a fresh price. */
export function observe(
  market: RiskMarket,
  rule: ParsedRule,
  at: number,
  staleAfterMs: number,
): { value: number; tickAt: number } | null {
  const { condition } = rule;
  const { instrument: root, expiry } = rule.row;
  if (condition.source === 'TIME') {
    // Each pass is a tick of the clock; the minute is the IST market clock's.
    return { value: Math.floor(istMillisOfDay(at) / 60_000), tickAt: at };
  }
  const fresh = (token: number | undefined) => {
    const q = token === undefined ? null : market.quote(token, at);
    return q && at - q.ts <= staleAfterMs ? q : null;
  };
  if (condition.source === 'SPOT' || condition.source === 'FUT') {
    const chain = market.optionChainInstruments(root, expiry, at, 1);
    const q = fresh(condition.source === 'SPOT' ? chain?.spotToken : chain?.futToken);
    return q ? { value: q.lp, tickAt: q.ts } : null;
  }
  if (!condition.strike) return null;
  const kinds: ('CE' | 'PE')[] = condition.source === 'COMBINED' ? ['CE', 'PE'] : [condition.source];
  let value = 0;
  let tickAt = 0;
  for (const kind of kinds) {
    const q = fresh(resolveOption(market, root, expiry, kind, condition.strike, at)?.instrumentToken);
    if (!q) return null;
    value += q.lp;
    tickAt = Math.max(tickAt, q.ts);
  }
  return { value: Math.round(value * 100) / 100, tickAt };
}

/** True when the observed value satisfies the condition (TIME compares minutes of the IST day). */
export function qualifies(condition: RuleCondition, observed: number): boolean {
  if (condition.source === 'TIME') {
    return compares(observed, condition.comparator, clockTimeMinutes(condition.time ?? '00:00'), 0.5);
  }
  return compares(observed, condition.comparator, condition.value ?? 0);
}

/**
 * The rules engine (trading.md §5.3, Pro): every armed rule's condition on each new tick; N consecutive qualifying
 * ticks fire it. A firing is claimed in the database (which disarms it) before its orders are placed through the
 * order path with `origin: 'rule'` under a key of the rule's version, so two processes or a restart never place
 * them twice; firings are rate-limited per account, and every firing and every order it places is logged.
 */
export function createRuleWatch(deps: RuleWatchDeps) {
  const { repository, trading, logger } = deps;
  const counter = createWaitTickCounter();
  const limit = createFiringRateLimit(deps.firingsPerMinute ?? RULE_FIRINGS_PER_MINUTE);
  const keyOf = (row: RuleRow) => `rule-${row.id}-${row.version}`;
  // Rules waiting for the rate limit (their hold was logged).
  const held = new Set<string>();

  function linesOf(rule: ParsedRule, at: number, market: RiskMarket): OrderLine[] {
    const { instrument: root, expiry, product, mode } = rule.row;
    return rule.actions.map((action, i) => {
      let sim: SimInstrument | null = null;
      if (action.type === 'FUT') {
        const chain = market.optionChainInstruments(root, expiry, at, 1);
        sim = chain ? market.instrument(chain.futToken) : null;
      } else if (action.strike) {
        sim = resolveOption(market, root, expiry, action.type, action.strike, at);
      }
      if (!sim) throw new AppError('VALIDATION_FAILED', `Order row ${i + 1}: no ${action.type} at that strike now.`);
      return {
        exchange: sim.exchange === 'BFO' ? 'BFO' : 'NFO',
        tradingSymbol: sim.tradingSymbol,
        variety: 'regular',
        validity: 'DAY',
        product,
        orderType: 'MARKET',
        transactionType: action.side,
        quantity: action.lots * sim.lotSize,
        marketProtection: -1,
        mode,
      };
    });
  }

  /** Places a claimed rule's orders (again after a restart: the same key answers the first placement). */
  async function place(rule: ParsedRule, at: number, market: RiskMarket): Promise<void> {
    const { row } = rule;
    try {
      const lines = linesOf(rule, at, market);
      const { orders } = await trading.place({
        userId: row.userId,
        accountId: row.accountId,
        kind: 'bulk',
        origin: 'rule',
        lines,
        idempotencyKey: keyOf(row),
      });
      for (const order of orders) {
        await trading.log(
          row.accountId,
          'info',
          'rule.order',
          `Rule order: ${order.transactionType} ${order.quantity} ${order.tradingSymbol} ${order.status}`,
          order.id,
          { ruleId: row.id },
        );
      }
      const intentId = await repository.intentId(keyOf(row));
      if (intentId) await repository.recordFiring(row.id, { intentId });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The rule orders could not be placed.';
      await repository.recordFiring(row.id, { error: message });
      await trading.log(row.accountId, 'warn', 'rule.failed', `Rule orders not placed: ${message}`, null, {
        ruleId: row.id,
      });
      if (!(error instanceof AppError)) logger.error({ err: error, ruleId: row.id }, 'rule orders failed');
    } finally {
      await deps.changed(row.accountId);
    }
  }

  return {
    /** One pass at `at` over the pass's view of the market and the watched `rules`; returns the rules fired. */
    async watch(at: number, market: RiskMarket, rules: Iterable<ParsedRule>): Promise<number> {
      let fired = 0;
      // A firing reads its account's rules again: the pass goes over the rules as they were when it started.
      for (const rule of [...rules]) {
        const { row } = rule;
        if (!row.armed) {
          // Claimed before a restart, orders neither placed nor refused: place them under the same key.
          await place(rule, at, market);
          continue;
        }
        const seen = observe(market, rule, at, deps.staleAfterMs);
        if (!seen) continue;
        const counterKey = keyOf(row);
        if (
          !counter.observe(counterKey, seen.tickAt, qualifies(rule.condition, seen.value), rule.condition.waitTicks)
        ) {
          continue;
        }
        if (!limit.tryTake(row.accountId, at)) {
          // Held back until the minute's firings allow it; told once, not on every tick it waits.
          if (!held.has(counterKey)) {
            held.add(counterKey);
            await trading.log(
              row.accountId,
              'warn',
              'rule.rate_limited',
              `Rule held back: at most ${deps.firingsPerMinute ?? RULE_FIRINGS_PER_MINUTE} rule firings a minute per account`,
              null,
              { ruleId: row.id },
            );
          }
          continue;
        }
        held.delete(counterKey);
        if (!(await repository.claimRule(row.id, row.version, new Date(at)))) {
          // Claimed by another engine, or edited meanwhile: read the account again.
          await deps.changed(row.accountId);
          continue;
        }
        counter.reset(counterKey);
        fired += 1;
        await trading.log(
          row.accountId,
          'info',
          'rule.fired',
          `Rule fired: ${rule.condition.source} ${rule.condition.comparator} ${rule.condition.time ?? rule.condition.value} (observed ${seen.value})`,
          null,
          { ruleId: row.id, observed: seen.value, waitTicks: rule.condition.waitTicks },
        );
        await place(rule, at, market);
      }
      return fired;
    },
  };
}
