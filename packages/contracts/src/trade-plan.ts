import type { ErrorCode } from './envelope';
import { FREE_PLAN_SIMULATED_ORDERS, TRADING_MESSAGES, type OrderOrigin } from './trading';

/** The QuikTrade plan a user trades under (accounts §1 plan matrix); `none` without a running plan or Free trial. */
export type TradePlan = 'none' | 'free' | 'scalper' | 'pro';

/** The best plan among the names of the user's running QuikTrade subscriptions (`Free`, `Scalper`, `Pro`). */
export function tradePlanOf(planNames: readonly string[]): TradePlan {
  const names = new Set(planNames.map((n) => n.toLowerCase()));
  if (names.has('pro')) return 'pro';
  if (names.has('scalper')) return 'scalper';
  if (names.has('free')) return 'free';
  return 'none';
}

/** What an order asks of the plan. */
export interface PlanGateRequest {
  plan: TradePlan;
  mode: 'live' | 'paper';
  /** Derivatives root of the instrument (NIFTY, RELIANCE, …). */
  root: string;
  underlyingKind: 'index' | 'stock';
  /** Orders (slices) this request would place. */
  orders: number;
  /** Simulated orders the user placed before (Free plan budget). */
  paperOrdersPlaced: number;
  /** The terminal control that sent the order. */
  origin?: OrderOrigin;
}

/** Controls only Pro has (spec §6): Scalper has no straddle/strangle chain trading, adjustments or rules. */
const PRO_ONLY_ORIGINS: ReadonlySet<OrderOrigin> = new Set(['straddle', 'strangle', 'adjustment', 'rule']);

/** A refusal: the stable code, its HTTP status follows from the code. */
export interface PlanRefusal {
  code: ErrorCode;
  message: string;
}

/**
 * The plan matrix at order intake, every refusal a 402 PLAN_REQUIRED told apart by its message: no plan; Free → paper only, NIFTY only, 5,000 simulated orders per user in
 * total (each order or slice counts; the request is refused whole when it would cross the budget); Scalper → index
 * derivatives only; Pro → all F&O. Null when the order may go.
 */
export function planRefusal(request: PlanGateRequest): PlanRefusal | null {
  switch (request.plan) {
    case 'none':
      return { code: 'PLAN_REQUIRED', message: TRADING_MESSAGES.noTradePlan };
    case 'free':
      // Rules are Pro only (trading.md §5.3); Free's matrix names paper, NIFTY and the order budget.
      if (request.origin === 'rule') return { code: 'PLAN_REQUIRED', message: TRADING_MESSAGES.upgradeToUse };
      if (request.mode === 'live') return { code: 'PAPER_TRADING_ONLY', message: TRADING_MESSAGES.freePlanPaperOnly };
      if (request.root !== 'NIFTY') return { code: 'PLAN_REQUIRED', message: TRADING_MESSAGES.freePlanNiftyOnly };
      if (request.paperOrdersPlaced + request.orders > FREE_PLAN_SIMULATED_ORDERS) {
        return { code: 'PLAN_REQUIRED', message: TRADING_MESSAGES.freeOrdersUsed };
      }
      return null;
    case 'scalper':
      if (request.origin && PRO_ONLY_ORIGINS.has(request.origin)) {
        return { code: 'PLAN_REQUIRED', message: TRADING_MESSAGES.upgradeToUse };
      }
      return request.underlyingKind === 'index'
        ? null
        : { code: 'PLAN_REQUIRED', message: TRADING_MESSAGES.scalperIndicesOnly };
    case 'pro':
      return null;
  }
}

/** A request of one paper NIFTY index order under `plan`, for asking the matrix what the plan includes. */
function probe(plan: TradePlan, change: Partial<PlanGateRequest> = {}): PlanGateRequest {
  return {
    plan,
    mode: 'paper',
    root: 'NIFTY',
    underlyingKind: 'index',
    orders: 1,
    paperOrdersPlaced: 0,
    ...change,
  };
}

/**
 * Whether the plan includes straddle and strangle chain trading and the one-click adjustments (Add, Exit N, Reverse,
 * Risk-ON/OFF): Scalper does not (the terminal opens the Upgrade Now popup); the Free trial is limited by instrument
 * and mode instead.
 */
export function includesAdvancedTrading(plan: TradePlan): boolean {
  return planRefusal(probe(plan, { origin: 'straddle' })) === null;
}

/** Why the plan cannot trade an underlying, or null when it can (or when there is no plan to ask about). */
export function instrumentRefusal(plan: TradePlan, root: string, isIndex: boolean): string | null {
  if (plan === 'none') return null;
  return planRefusal(probe(plan, { root, underlyingKind: isIndex ? 'index' : 'stock', orders: 0 }))?.message ?? null;
}

/** Whether the plan may send live orders (Free trades on paper only). */
export function mayTradeLive(plan: TradePlan): boolean {
  return planRefusal(probe(plan, { mode: 'live' })) === null;
}
