import { describe, expect, it } from 'vitest';
import { decideQuickTrade, type AllowanceInput } from './quick-trade-allowance';

const paid = (accounts: number, enabled: string[] = []): AllowanceInput => ({
  type: 'zerodha',
  activeTradeSubscription: true,
  accounts,
  paidTradePlan: true,
  enabled: enabled.map((type) => ({ type })),
});

describe('enable-for-trading allowance (accounts §5)', () => {
  it('never enables an ICICI account', () => {
    expect(decideQuickTrade({ ...paid(5), type: 'icici' })).toEqual({ allowed: false, reason: 'unsupported' });
  });

  it('always enables Paper Trading, even without a plan or with the allowance used', () => {
    expect(decideQuickTrade({ ...paid(1, ['zerodha']), type: 'papertrading' })).toEqual({ allowed: true });
    expect(
      decideQuickTrade({
        type: 'papertrading',
        activeTradeSubscription: false,
        accounts: 0,
        paidTradePlan: false,
        enabled: [],
      }),
    ).toEqual({ allowed: true });
  });

  it('allows as many accounts as the plan count plus add-ons', () => {
    expect(decideQuickTrade(paid(1))).toEqual({ allowed: true });
    expect(decideQuickTrade(paid(1, ['zerodha']))).toEqual({ allowed: false, reason: 'allowance', allowance: 1 });
    expect(decideQuickTrade(paid(2, ['zerodha']))).toEqual({ allowed: true });
    expect(decideQuickTrade(paid(2, ['zerodha', 'fyers']))).toEqual({
      allowed: false,
      reason: 'allowance',
      allowance: 2,
    });
  });

  it('treats a running trade plan with count 0 as 1', () => {
    expect(decideQuickTrade(paid(0))).toEqual({ allowed: true });
    expect(decideQuickTrade(paid(0, ['dhan']))).toEqual({ allowed: false, reason: 'allowance', allowance: 1 });
  });

  it('adds one for an enabled Paper Trading account', () => {
    expect(decideQuickTrade(paid(1, ['papertrading']))).toEqual({ allowed: true });
    expect(decideQuickTrade(paid(1, ['papertrading', 'zerodha']))).toEqual({
      allowed: false,
      reason: 'allowance',
      allowance: 2,
    });
  });

  it('allows no broker account without a trade plan (allowance 0)', () => {
    expect(
      decideQuickTrade({
        type: 'zerodha',
        activeTradeSubscription: false,
        accounts: 0,
        paidTradePlan: false,
        enabled: [],
      }),
    ).toEqual({ allowed: false, reason: 'allowance', allowance: 0 });
  });

  it('keeps the Free plan to paper trading', () => {
    expect(
      decideQuickTrade({
        type: 'zerodha',
        activeTradeSubscription: true,
        accounts: 0,
        paidTradePlan: false,
        enabled: [],
      }),
    ).toEqual({ allowed: false, reason: 'freePlanPaperOnly' });
  });
});
