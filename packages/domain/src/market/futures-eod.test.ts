import { describe, expect, it } from 'vitest';
import {
  averageOfKnown,
  isExpiryWeek,
  isHighDelivery,
  isHighRollover,
  isVolumeSpike,
  rollCostPercent,
  rolloverPercent,
} from './futures-eod';

describe('average of the known values', () => {
  it('skips blanks and gives null when nothing is known', () => {
    expect(averageOfKnown([10, null, 20])).toBe(15);
    expect(averageOfKnown([null, null])).toBeNull();
  });
});

describe('Volume Spike: volume ≥ 2 × the average of the 5 sessions before', () => {
  it('counts only the last five sessions before', () => {
    const before = [1_000_000, 100, 100, 100, 100, 100];
    expect(isVolumeSpike(200, before)).toBe(true);
    expect(isVolumeSpike(199, before)).toBe(false);
  });

  it('is never a spike without a history or a volume', () => {
    expect(isVolumeSpike(500, [])).toBe(false);
    expect(isVolumeSpike(null, [100])).toBe(false);
  });
});

describe('High Delivery: delivery % ≥ 1.5 × the average of the 5 sessions before', () => {
  it('compares with the average delivery %', () => {
    expect(isHighDelivery(60, [40, 40, 40, 40, 40])).toBe(true);
    expect(isHighDelivery(59.9, [40, 40, 40, 40, 40])).toBe(false);
    expect(isHighDelivery(null, [40])).toBe(false);
  });
});

describe('High Rollover: rollover ≥ 75 % in the expiry week', () => {
  it('the expiry week runs from its Monday to the expiry day', () => {
    // Tuesday 24-Nov-2026 expiry: its week starts on Monday 23-Nov.
    expect(isExpiryWeek('2026-11-23', '2026-11-24')).toBe(true);
    expect(isExpiryWeek('2026-11-24', '2026-11-24')).toBe(true);
    expect(isExpiryWeek('2026-11-20', '2026-11-24')).toBe(false);
    expect(isExpiryWeek('2026-11-25', '2026-11-24')).toBe(false);
    // A Thursday expiry: Monday to Thursday of that week.
    expect(isExpiryWeek('2026-11-16', '2026-11-19')).toBe(true);
  });

  it('needs both the threshold and the week', () => {
    expect(isHighRollover(80, '2026-11-23', '2026-11-24')).toBe(true);
    expect(isHighRollover(74.99, '2026-11-23', '2026-11-24')).toBe(false);
    expect(isHighRollover(90, '2026-11-16', '2026-11-24')).toBe(false);
    expect(isHighRollover(null, '2026-11-23', '2026-11-24')).toBe(false);
  });
});

describe('rollover % = (next OI + far OI) ÷ (near + next + far OI) × 100', () => {
  it('matches the exchange-style figure', () => {
    expect(rolloverPercent(1_431_570, 977_730, 160_560)).toBeCloseTo(44.29, 2);
    expect(rolloverPercent(100, 100, null)).toBe(50);
    expect(rolloverPercent(0, 0, 0)).toBeNull();
    expect(rolloverPercent(null, 10, 10)).toBeNull();
  });
});

describe('roll cost % = (next close − near close) ÷ near close × 100', () => {
  it('is the next month premium over the near month', () => {
    expect(rollCostPercent(100, 101)).toBeCloseTo(1, 10);
    expect(rollCostPercent(100, 99.5)).toBeCloseTo(-0.5, 10);
    expect(rollCostPercent(0, 10)).toBeNull();
  });
});
