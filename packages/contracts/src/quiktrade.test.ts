import { describe, expect, it } from 'vitest';
import { CreateRuleRequestSchema, PortfolioRiskSettingsSchema, UpdateRuleRequestSchema } from './quiktrade';

describe('QuikTrade risk contracts', () => {
  it('leaves the fields a rule edit does not name as they are (no defaults re-arm a rule)', () => {
    expect(UpdateRuleRequestSchema.parse({ expiry: '2026-11-23' })).toEqual({ expiry: '2026-11-23' });
  });

  it('needs a value and a strike for an option LTP condition, and a time for TIME', () => {
    const rule = (condition: object) =>
      CreateRuleRequestSchema.safeParse({
        instrument: 'NIFTY',
        expiry: '2026-11-23',
        condition,
        actions: [{ side: 'BUY', type: 'FUT', lots: 1 }],
      }).success;
    expect(rule({ source: 'COMBINED', comparator: 'GE', value: 200 })).toBe(false);
    expect(rule({ source: 'COMBINED', comparator: 'GE', value: 200, strike: { kind: 'atm', offset: 1 } })).toBe(true);
    expect(rule({ source: 'TIME', comparator: 'EQ' })).toBe(false);
    expect(rule({ source: 'TIME', comparator: 'EQ', time: '25:00' })).toBe(false);
    expect(rule({ source: 'TIME', comparator: 'EQ', time: '10:15' })).toBe(true);
  });

  it('needs all three trail fields together, the lock below the start', () => {
    const settings = { mtmStop: null, mtmTarget: null, armed: true };
    expect(
      PortfolioRiskSettingsSchema.safeParse({ ...settings, trailFrom: 2000, trailLock: null, trailStep: 100 }).success,
    ).toBe(false);
    expect(
      PortfolioRiskSettingsSchema.safeParse({ ...settings, trailFrom: 2000, trailLock: 2500, trailStep: 100 }).success,
    ).toBe(false);
    expect(
      PortfolioRiskSettingsSchema.safeParse({ ...settings, trailFrom: 2000, trailLock: 1000, trailStep: 100 }).success,
    ).toBe(true);
  });
});
