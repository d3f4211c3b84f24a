import { describe, expect, it } from 'vitest';
import {
  exitLevelFrom,
  positionSizing,
  rewardToRisk,
  targetForMultiple,
  tradeSignal,
  type RiskInputs,
} from './order-window-math';

const TICK = 0.05;

describe('target and stop loss as points, percentage or price', () => {
  it('puts a BUY target the points above the entry and a SELL target below it', () => {
    expect(exitLevelFrom('target', 'BUY', 100, 'points', 20, TICK)).toEqual({ points: 20, percent: 20, price: 120 });
    expect(exitLevelFrom('target', 'SELL', 100, 'points', 20, TICK)).toEqual({ points: 20, percent: 20, price: 80 });
  });

  it('puts a BUY stop loss below the entry and a SELL stop loss above it', () => {
    expect(exitLevelFrom('stopLoss', 'BUY', 250, 'points', 10, TICK).price).toBe(240);
    expect(exitLevelFrom('stopLoss', 'SELL', 250, 'points', 10, TICK).price).toBe(260);
  });

  it('converts a percentage of the entry into points and price', () => {
    expect(exitLevelFrom('target', 'BUY', 200, 'percent', 12.5, TICK)).toEqual({
      points: 25,
      percent: 12.5,
      price: 225,
    });
  });

  it('converts a typed price back into points and a percentage to 2 decimals', () => {
    expect(exitLevelFrom('stopLoss', 'BUY', 300, 'price', 290, TICK)).toEqual({
      points: 10,
      percent: 3.33,
      price: 290,
    });
  });

  it('rounds the price up to the tick size and derives points from the rounded price', () => {
    const level = exitLevelFrom('target', 'BUY', 101.3, 'percent', 3, TICK);
    // 101.3 × 1.03 = 104.339 → up to 104.35
    expect(level.price).toBe(104.35);
    expect(level.points).toBe(3.05);
  });

  it('never prices an exit below zero', () => {
    expect(exitLevelFrom('stopLoss', 'BUY', 5, 'points', 50, TICK).price).toBe(0);
  });
});

describe('reward-to-risk', () => {
  it('divides the reward to the target by the risk to the stop for a BUY', () => {
    expect(rewardToRisk('BUY', 100, 130, 90)).toBe(3);
  });

  it('mirrors the distances for a SELL', () => {
    expect(rewardToRisk('SELL', 100, 85, 110)).toBe(1.5);
  });

  it('has no ratio when the stop loss carries no risk', () => {
    expect(rewardToRisk('BUY', 100, 120, 100)).toBeNull();
    expect(rewardToRisk('BUY', 100, 120, 105)).toBeNull();
  });

  it('sets the target at 1R, 1.5R and 2R of the stop distance', () => {
    expect(targetForMultiple('BUY', 100, 92, 1, TICK)).toBe(108);
    expect(targetForMultiple('BUY', 100, 92, 1.5, TICK)).toBe(112);
    expect(targetForMultiple('SELL', 100, 108.4, 2, TICK)).toBe(83.2);
  });

  it('shows No Trade below the ideal reward-to-risk and Take Trade at or above it', () => {
    expect(tradeSignal(1.4, 1.5)).toBe('No Trade');
    expect(tradeSignal(1.5, 1.5)).toBe('Take Trade');
    expect(tradeSignal(null, 1.5)).toBeNull();
  });
});

describe('position size from the risk settings', () => {
  const risk: RiskInputs = {
    maxPositions: 2,
    positionsTaken: 0,
    riskPercentagePerTrade: 2,
    riskPerTradeAmount: 0,
    availableCash: 500_000,
  };

  it('shares the available cash among the positions still allowed', () => {
    expect(positionSizing(risk, 100, 90, 65, 65).capitalPerTrade).toBe(250_000);
    expect(positionSizing({ ...risk, positionsTaken: 1 }, 100, 90, 65, 65).capitalPerTrade).toBe(500_000);
    expect(positionSizing({ ...risk, positionsTaken: 5 }, 100, 90, 65, 65).capitalPerTrade).toBe(500_000);
  });

  it('allows the risk percentage of the capital per trade', () => {
    // 2% of 2,50,000 = 5,000; one lot of 65 with a 10-point stop risks 650.
    const sizing = positionSizing(risk, 100, 90, 65, 65);
    expect(sizing.riskAmount).toBe(5000);
    expect(sizing.positionSize).toBe(0.13);
    expect(sizing.maxLots).toBe(7);
    expect(sizing.maxQty).toBe(455);
  });

  it('uses the fixed amount per trade instead of the percentage when one is set', () => {
    const sizing = positionSizing({ ...risk, riskPerTradeAmount: 1300 }, 100, 90, 260, 65);
    expect(sizing.riskAmount).toBe(1300);
    expect(sizing.positionSize).toBe(2);
    expect(sizing.maxLots).toBe(2);
  });

  it('has no size without a stop loss', () => {
    expect(positionSizing(risk, 100, null, 65, 65)).toMatchObject({ positionSize: null, maxLots: null, maxQty: null });
  });
});
