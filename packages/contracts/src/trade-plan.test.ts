import { describe, expect, it } from 'vitest';
import {
  includesAdvancedTrading,
  instrumentRefusal,
  mayTradeLive,
  planRefusal,
  tradePlanOf,
  type PlanGateRequest,
} from './trade-plan';
import { TRADING_MESSAGES } from './trading';

const base: PlanGateRequest = {
  plan: 'pro',
  mode: 'paper',
  root: 'NIFTY',
  underlyingKind: 'index',
  orders: 1,
  paperOrdersPlaced: 0,
};

describe('trade plan matrix', () => {
  it('takes the best running plan', () => {
    expect(tradePlanOf([])).toBe('none');
    expect(tradePlanOf(['Free'])).toBe('free');
    expect(tradePlanOf(['Free', 'Scalper'])).toBe('scalper');
    expect(tradePlanOf(['Scalper', 'Pro'])).toBe('pro');
  });

  it('refuses every order without a QuikTrade plan with 402 PLAN_REQUIRED', () => {
    expect(planRefusal({ ...base, plan: 'none' })?.code).toBe('PLAN_REQUIRED');
  });

  it('keeps the Free plan on paper, on NIFTY, within 5000 simulated orders', () => {
    const free = { ...base, plan: 'free' as const };
    expect(planRefusal(free)).toBeNull();
    expect(planRefusal({ ...free, mode: 'live' })?.code).toBe('PAPER_TRADING_ONLY');
    expect(planRefusal({ ...free, root: 'BANKNIFTY' })).toEqual({
      code: 'PLAN_REQUIRED',
      message: TRADING_MESSAGES.freePlanNiftyOnly,
    });
    expect(planRefusal({ ...free, paperOrdersPlaced: 4999, orders: 1 })).toBeNull();
    expect(planRefusal({ ...free, paperOrdersPlaced: 4999, orders: 2 })?.message).toBe(TRADING_MESSAGES.freeOrdersUsed);
  });

  it('lets Scalper trade indices only and Pro everything', () => {
    const stock = { ...base, root: 'RELIANCE', underlyingKind: 'stock' as const };
    expect(planRefusal({ ...stock, plan: 'scalper' })).toEqual({
      code: 'PLAN_REQUIRED',
      message: TRADING_MESSAGES.scalperIndicesOnly,
    });
    expect(planRefusal({ ...base, plan: 'scalper', root: 'BANKNIFTY' })).toBeNull();
    expect(planRefusal({ ...stock, plan: 'pro' })).toBeNull();
  });

  it('refuses Scalper straddle, strangle, adjustment and rule orders with the Upgrade Now text, and Free rules', () => {
    const scalper = { ...base, plan: 'scalper' as const };
    for (const origin of ['straddle', 'strangle', 'adjustment', 'rule'] as const) {
      expect(planRefusal({ ...scalper, origin })).toEqual({
        code: 'PLAN_REQUIRED',
        message: TRADING_MESSAGES.upgradeToUse,
      });
    }
    expect(planRefusal({ ...scalper, origin: 'chain' })).toBeNull();
    expect(planRefusal({ ...base, plan: 'free', origin: 'rule' })?.code).toBe('PLAN_REQUIRED');
    expect(planRefusal({ ...base, origin: 'rule' })).toBeNull();
  });
});
describe('what the terminal asks of the plan matrix', () => {
  it('takes the best running plan', () => {
    expect(tradePlanOf(['Free', 'Scalper'])).toBe('scalper');
    expect(tradePlanOf(['Scalper', 'Pro'])).toBe('pro');
    expect(tradePlanOf([])).toBe('none');
  });

  it('keeps straddle, strangle and the adjustments from Scalper', () => {
    expect(includesAdvancedTrading('scalper')).toBe(false);
    expect(includesAdvancedTrading('pro')).toBe(true);
  });

  it('limits Free to NIFTY and Scalper to indices', () => {
    expect(instrumentRefusal('free', 'BANKNIFTY', true)).toBe(TRADING_MESSAGES.freePlanNiftyOnly);
    expect(instrumentRefusal('free', 'NIFTY', true)).toBeNull();
    expect(instrumentRefusal('scalper', 'BANKNIFTY', true)).toBeNull();
    expect(instrumentRefusal('scalper', 'RELIANCE', false)).toBe(TRADING_MESSAGES.scalperIndicesOnly);
    expect(instrumentRefusal('pro', 'RELIANCE', false)).toBeNull();
  });

  it('keeps Free on paper', () => {
    expect(mayTradeLive('free')).toBe(false);
    expect(mayTradeLive('scalper')).toBe(true);
  });
});
