import type { Candle } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { istInstant } from '@fnodesk/domain';
import {
  chartDataMode,
  closedLastUpdated,
  isMarketTrading,
  isTrading,
  tierMessage,
  type MarketSignals,
  type TradingSignals,
} from './data-mode';

const FRIDAY_10_IST = Date.UTC(2026, 10, 20, 4, 30);
const SATURDAY_22_IST = Date.UTC(2026, 10, 21, 16, 30);
const candle = (t: number): Candle => ({ t, o: 1, h: 1, l: 1, c: 1, v: 0, atp: 1, oi: 0 });
const closedSignals: MarketSignals = {
  now: SATURDAY_22_IST,
  exchange: 'NSE',
  tier: 'delayed',
  resolution: '5m',
  lastCandle: undefined,
  asOf: undefined,
  lastTickAt: null,
};

describe('isMarketTrading', () => {
  it('follows the exchange calendar during market hours', () => {
    expect(isMarketTrading({ ...closedSignals, now: FRIDAY_10_IST })).toBe(true);
    expect(isMarketTrading(closedSignals)).toBe(false);
  });

  it('is always trading when the server’s market never closes', () => {
    expect(isMarketTrading({ ...closedSignals, alwaysOpen: true })).toBe(true);
  });

  it('believes a recent tick over the calendar (a replayed or always-open market)', () => {
    expect(isMarketTrading({ ...closedSignals, lastTickAt: SATURDAY_22_IST - 5_000 })).toBe(true);
    expect(isMarketTrading({ ...closedSignals, lastTickAt: SATURDAY_22_IST - 60_000 })).toBe(false);
  });

  it('counts delayed candles reaching the cut-off as trading, but not a plan-less user’s old history', () => {
    const asOf = SATURDAY_22_IST - 1_800_000;
    const reaching = { ...closedSignals, asOf, lastCandle: candle(asOf - 2 * 60_000) };
    expect(isMarketTrading(reaching)).toBe(true);
    expect(isMarketTrading({ ...reaching, lastCandle: candle(asOf - 3_600_000) })).toBe(false);
    expect(isMarketTrading({ ...reaching, tier: 'none' })).toBe(false);
  });
});

describe('chartDataMode', () => {
  it('is live only in the live tier with the token allowed, refresh otherwise, closed when not trading', () => {
    expect(chartDataMode('live', false, true)).toBe('live');
    expect(chartDataMode('live', true, true)).toBe('refresh');
    expect(chartDataMode('delayed', false, true)).toBe('refresh');
    expect(chartDataMode('live', false, false)).toBe('closed');
  });
});

describe('tierMessage', () => {
  it('tells delayed users to log in with a broker and plan-less users that they have no plan', () => {
    expect(tierMessage('delayed')).toBe('Login with your broker for real time prices');
    expect(tierMessage('none')).toBe('You do not have a valid subscription plan.');
    expect(tierMessage('live')).toBeNull();
  });
});

describe('closedLastUpdated', () => {
  it('is the last second of the latest closed session (Friday 15:29:59 on a Saturday)', () => {
    expect(closedLastUpdated(SATURDAY_22_IST, undefined, 'NSE')).toBe(Date.UTC(2026, 10, 20, 9, 59, 59));
  });
});

describe('isTrading (spec §4.3)', () => {
  const SATURDAY = istInstant('2026-11-21', '11:00');
  const EVENING = istInstant('2026-11-20', '18:00');
  const signals = (overrides: Partial<TradingSignals>): TradingSignals => ({
    now: EVENING,
    exchange: 'NFO',
    tier: 'delayed',
    servedUntil: undefined,
    asOf: undefined,
    lastTickAt: null,
    ...overrides,
  });

  it('during F&O hours the market trades; on a weekend or after the close it does not', () => {
    expect(isTrading(signals({ now: istInstant('2026-11-20', '10:00') }))).toBe(true);
    expect(isTrading(signals({ now: SATURDAY }))).toBe(false);
    expect(isTrading(signals({ asOf: EVENING, servedUntil: istInstant('2026-11-20', '15:29') }))).toBe(false);
  });

  it('a server replaying a session trades at any hour, so the live tier goes live on the replay', () => {
    expect(isTrading(signals({ now: SATURDAY, replay: true }))).toBe(true);
    expect(isTrading(signals({ now: SATURDAY, alwaysOpen: true }))).toBe(true);
  });

  it('a chain delayed to the user’s cut-off still moves after the close; a plan-less user’s does not', () => {
    const now = istInstant('2026-11-20', '15:45');
    const asOf = now - 30 * 60_000;
    expect(isTrading(signals({ now, asOf, servedUntil: Math.floor(asOf / 60_000) * 60_000 }))).toBe(true);
    expect(isTrading(signals({ tier: 'none', asOf: EVENING, servedUntil: EVENING }))).toBe(false);
  });
});
