import { TRADING_MESSAGES } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { includesAdvancedTrading, instrumentRefusal, mayTradeLive, terminalPlanOf } from './terminal-plan';

describe('the QuikTrade plan matrix in the terminal', () => {
  it('takes the best running plan', () => {
    expect(terminalPlanOf(['Free', 'Scalper'])).toBe('scalper');
    expect(terminalPlanOf(['Scalper', 'Pro'])).toBe('pro');
    expect(terminalPlanOf([])).toBe('none');
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
