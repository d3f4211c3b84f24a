import {
  CreateRuleRequestSchema,
  TRADING_MESSAGES,
  type CreateRuleRequest,
  type PortfolioRisk,
  type PortfolioRiskSettings,
  type RiskState,
  type RuleView,
  type TradingMode,
  type UpdateRuleRequest,
} from '@fnodesk/contracts';
import { istDateOf, type Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import { AppError, errors } from '../../platform/errors';
import type { TradingService } from '../trading/trading.service';
import { accountMtm } from './account-mtm';
import type { PortfolioRiskRow, QuikTradeRepository, RuleRow } from './quiktrade.repository';
import { parseRule } from './rule-watch';
import type { WatchIndex } from './watch-index';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the QuikTrade service is built from. */
export interface QuikTradeServiceDeps {
  repository: QuikTradeRepository;
  /** Told every account whose portfolio risk or rules change (the risk engine watches them). */
  watch: Pick<WatchIndex, 'changed'>;
  trading: Pick<TradingService, 'log' | 'tradePlan'>;
  market: () => MarketSim;
  clock: Clock;
  staleAfterMs: number;
  /** Whether the market feed is stale now (the engine is paused while it is). */
  feedStale?: () => boolean;
}

function presentRisk(accountId: string, mode: TradingMode, row: PortfolioRiskRow | undefined): PortfolioRisk {
  return {
    brokerId: accountId,
    mode,
    mtmStop: row?.mtmStop ?? null,
    mtmTarget: row?.mtmTarget ?? null,
    trailFrom: row?.trailFrom ?? null,
    trailLock: row?.trailLock ?? null,
    trailStep: row?.trailStep ?? null,
    armed: row?.armed ?? false,
    trailStop: row?.trailStop ?? null,
    peakMtm: row?.peakMtm ?? null,
    triggered: row?.trigger ?? null,
    triggeredAt: row?.triggeredAt?.toISOString() ?? null,
  };
}

function presentRule(row: RuleRow): RuleView {
  const parsed = parseRule(row);
  if (!parsed) throw new Error(`stored rule ${row.id} does not parse`);
  return {
    id: row.id,
    brokerId: row.accountId,
    mode: row.mode,
    instrument: row.instrument,
    expiry: row.expiry,
    product: row.product,
    condition: parsed.condition,
    actions: parsed.actions,
    armed: row.armed,
    firedAt: row.firedAt?.toISOString() ?? null,
    fireError: row.fireError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The QuikTrade risk API: portfolio risk, the engine's state, and rules (Pro). Routes are thin over this. */
export function createQuikTradeService(deps: QuikTradeServiceDeps) {
  const { repository, watch, trading, market, clock } = deps;
  const now = () => new Date(clock.now());

  async function account(userId: string, accountId: string) {
    const row = UUID.test(accountId) ? await repository.account(userId, accountId.toLowerCase()) : undefined;
    if (!row) throw errors.notFound('The broker account');
    return row;
  }

  async function requirePro(userId: string): Promise<void> {
    if ((await trading.tradePlan(userId)) !== 'pro') {
      throw new AppError('PLAN_REQUIRED', TRADING_MESSAGES.upgradeToUse);
    }
  }

  /** The instrument and expiry must be listed now (a rule on nothing would never fire). */
  function requireListed(instrument: string, expiry: string): void {
    if (!market().optionChainInstruments(instrument, expiry, clock.now(), 1)) {
      throw errors.validation('expiry', `${instrument} has no options expiring on ${expiry}.`);
    }
  }

  async function rule(userId: string, accountId: string, ruleId: string): Promise<RuleRow> {
    const row = await account(userId, accountId);
    const found = UUID.test(ruleId) ? await repository.rule(row.id, ruleId.toLowerCase()) : undefined;
    if (!found) throw errors.notFound('The rule');
    return found;
  }

  return {
    async portfolioRisk(userId: string, accountId: string, mode: TradingMode): Promise<PortfolioRisk> {
      const row = await account(userId, accountId);
      return presentRisk(row.id, mode, await repository.portfolioRisk(row.id, mode));
    },

    /** Saves the levels; arming (again) starts afresh: no trigger, no peak, no locked-in trail. */
    async savePortfolioRisk(
      userId: string,
      accountId: string,
      mode: TradingMode,
      body: PortfolioRiskSettings,
    ): Promise<PortfolioRisk> {
      const row = await account(userId, accountId);
      const at = now();
      const saved = await repository.savePortfolioRisk({
        accountId: row.id,
        mode,
        ...body,
        trailStop: null,
        peakMtm: null,
        trigger: null,
        triggeredAt: null,
        exitedAt: null,
        updatedAt: at,
      });
      await watch.changed(row.id);
      await trading.log(
        row.id,
        'info',
        'portfolio.risk',
        `Portfolio risk ${body.armed ? 'armed' : 'disarmed'} (${mode}): stop ${body.mtmStop ?? '-'}, target ${body.mtmTarget ?? '-'}, trail ${body.trailFrom ?? '-'}/${body.trailLock ?? '-'}/${body.trailStep ?? '-'}`,
      );
      return presentRisk(row.id, mode, saved);
    },

    async riskState(userId: string, accountId: string, mode: TradingMode): Promise<RiskState> {
      const row = await account(userId, accountId);
      const at = clock.now();
      const [positions, risk, settings, locked] = await Promise.all([
        repository.positions(row.id, mode),
        repository.portfolioRisk(row.id, mode),
        repository.riskSettings(row.id),
        repository.dayLocked(row.id, mode, istDateOf(at)),
      ]);
      const m = accountMtm(positions, (token) => market().quote(token, at), at, deps.staleAfterMs);
      const limit = settings?.dailyLossLimit ?? null;
      return {
        paused: m.stale || deps.feedStale?.() === true,
        lockedForDay: locked || (limit !== null && !m.stale && m.mtm <= -limit),
        mtm: m.mtm,
        realised: m.realised,
        unrealised: m.unrealised,
        portfolioRisk: presentRisk(row.id, mode, risk),
      };
    },

    async rules(userId: string, accountId: string): Promise<{ rules: RuleView[] }> {
      const row = await account(userId, accountId);
      await requirePro(userId);
      return { rules: (await repository.rules(row.id)).map(presentRule) };
    },

    async createRule(userId: string, accountId: string, body: CreateRuleRequest): Promise<RuleView> {
      const row = await account(userId, accountId);
      await requirePro(userId);
      const input = CreateRuleRequestSchema.parse(body);
      requireListed(input.instrument, input.expiry);
      const at = now();
      const created = await repository.createRule({
        userId,
        accountId: row.id,
        mode: input.mode,
        instrument: input.instrument.toUpperCase(),
        expiry: input.expiry,
        product: input.product,
        condition: input.condition,
        actions: input.actions,
        armed: input.armed,
        createdAt: at,
        updatedAt: at,
      });
      await watch.changed(row.id);
      await trading.log(row.id, 'info', 'rule.created', `Rule created on ${created.instrument} ${created.expiry}`);
      return presentRule(created);
    },

    async updateRule(userId: string, accountId: string, ruleId: string, body: UpdateRuleRequest): Promise<RuleView> {
      const existing = await rule(userId, accountId, ruleId);
      await requirePro(userId);
      const merged = CreateRuleRequestSchema.parse({
        mode: existing.mode,
        instrument: body.instrument ?? existing.instrument,
        expiry: body.expiry ?? existing.expiry,
        product: body.product ?? existing.product,
        condition: body.condition ?? existing.condition,
        actions: body.actions ?? existing.actions,
        armed: body.armed ?? existing.armed,
      });
      if (body.instrument !== undefined || body.expiry !== undefined) requireListed(merged.instrument, merged.expiry);
      const saved = await repository.updateRule(
        existing,
        {
          instrument: merged.instrument.toUpperCase(),
          expiry: merged.expiry,
          product: merged.product,
          condition: merged.condition,
          actions: merged.actions,
          armed: merged.armed,
        },
        now(),
      );
      if (!saved) throw errors.conflict('The rule changed (or fired) meanwhile. Please reload it.');
      await watch.changed(saved.accountId);
      const what = body.armed === undefined ? 'edited' : body.armed ? 'armed' : 'disarmed';
      await trading.log(saved.accountId, 'info', 'rule.updated', `Rule ${what}`, null, { ruleId: saved.id });
      return presentRule(saved);
    },

    async deleteRule(userId: string, accountId: string, ruleId: string): Promise<{ deleted: true }> {
      const existing = await rule(userId, accountId, ruleId);
      await requirePro(userId);
      await repository.deleteRule(existing.accountId, existing.id);
      await watch.changed(existing.accountId);
      await trading.log(existing.accountId, 'info', 'rule.deleted', 'Rule deleted', null, { ruleId: existing.id });
      return { deleted: true };
    },
  };
}

/** The QuikTrade service. */
export type QuikTradeService = ReturnType<typeof createQuikTradeService>;
