import { describe, expect, it } from 'vitest';
import { tradeCharges } from '../trading/charges';
import { simulateRecentring, type RecentringRules, type RecentringSession } from './recentring-simulator';

const STRIKES = [100, 110, 120, 130, 140];
// Intrinsic + a flat 5 of time value: enough to make every move's effect on the legs plain.
const ce = (spot: number, strike: number) => Math.max(0, spot - strike) + 5;
const pe = (spot: number, strike: number) => Math.max(0, strike - spot) + 5;

function session(path: readonly number[]): RecentringSession {
  return {
    date: '2026-11-20',
    times: path.map((_, i) => i * 60_000),
    underlying: path,
    strikes: STRIKES,
    ce: STRIKES.map((strike) => path.map((spot) => ce(spot, strike))),
    pe: STRIKES.map((strike) => path.map((spot) => pe(spot, strike))),
  };
}

const RULES: RecentringRules = {
  root: 'NIFTY',
  exchange: 'NFO',
  width: 0,
  movePoints: null,
  premiumRatio: null,
  quantity: 10,
};

describe('re-centring simulator', () => {
  it('without rules holds the ATM straddle all session: P&L = (entry − exit premium) × quantity', () => {
    const result = simulateRecentring(session([120, 125, 130]), RULES);
    // Sold 120 CE + PE at 10; bought back at 15 + 5 = 20.
    expect(result.grossPnl).toBe((10 - 20) * 10);
    expect(result.adjustments).toBe(0);
    expect(result.orders).toBe(4);
    expect(result.firstStrikes).toEqual({ ce: 120, pe: 120 });
  });

  it('re-centres when the underlying moves N points, selling the new ATM pair', () => {
    const result = simulateRecentring(session([120, 125, 130, 130]), { ...RULES, movePoints: 10 });
    // Minute 2: 130 is 10 from 120, re-centred (loss 10 × 10); the 130 straddle then stays at 10 (no P&L).
    expect(result.adjustments).toBe(1);
    expect(result.orders).toBe(8);
    expect(result.grossPnl).toBe(-100);
  });

  it('re-centres when the dearer leg reaches X times the cheaper', () => {
    // At 125 the 120 CE is 10 and the PE 5: a ratio of 2, but the ATM is still 120 (ties go down) — no change; at
    // 127 the ATM is 130 and the ratio 12/5 ≥ 2.
    const result = simulateRecentring(session([120, 125, 127, 127]), { ...RULES, premiumRatio: 2 });
    expect(result.adjustments).toBe(1);
  });

  it('charges every order with the domain’s charges under the session’s rates', () => {
    const result = simulateRecentring(session([120, 125, 130]), RULES);
    const fill = (side: 'BUY' | 'SELL', kind: 'CE' | 'PE', price: number) => ({
      contract: { root: 'NIFTY', kind },
      exchange: 'NFO' as const,
      side,
      quantity: 10,
      price,
      date: '2026-11-20',
    });
    const expected = tradeCharges([
      fill('SELL', 'CE', 5),
      fill('SELL', 'PE', 5),
      fill('BUY', 'CE', 15),
      fill('BUY', 'PE', 5),
    ]);
    expect(result.charges).toBe(expected.total);
    expect(result.netPnl).toBeCloseTo(result.grossPnl - expected.total, 9);
  });

  it('measures drawdown as the deepest fall of the marked P&L from its running peak', () => {
    // Marked P&L: 0, −100 (spot 130), 0 (back at 120), −50 (125): the peak 0, the deepest fall 100.
    const result = simulateRecentring(session([120, 130, 120, 125]), RULES);
    expect(result.maxDrawdown).toBe(100);
    expect(result.grossPnl).toBe(-50);
  });

  it('sells the strangle width strikes either side of ATM and sells nothing when a leg is never priced', () => {
    expect(simulateRecentring(session([120, 120]), { ...RULES, width: 1 }).firstStrikes).toEqual({ ce: 130, pe: 110 });
    const none = simulateRecentring(session([120, 120]), { ...RULES, width: 3 });
    expect(none).toMatchObject({ firstStrikes: null, orders: 0, grossPnl: 0 });
  });
});
