import { istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { isChainMarketTrading, nextUpdateSeconds, type ChainMarketSignals } from './chain-data-mode';

// Saturday 21 Nov 2026, and a weekday evening.
const SATURDAY = istInstant('2026-11-21', '11:00');
const EVENING = istInstant('2026-11-20', '18:00');
const signals = (overrides: Partial<ChainMarketSignals>): ChainMarketSignals => ({
  now: EVENING,
  tier: 'delayed',
  asOf: undefined,
  chainAt: undefined,
  lastTickAt: null,
  alwaysOpen: false,
  ...overrides,
});

describe('whether the chain’s market trades (spec §4.3)', () => {
  it('during F&O hours it trades', () => {
    expect(isChainMarketTrading(signals({ now: istInstant('2026-11-20', '10:00') }))).toBe(true);
  });

  it('on a weekend or after the close it does not', () => {
    expect(isChainMarketTrading(signals({ now: SATURDAY }))).toBe(false);
    expect(isChainMarketTrading(signals({ asOf: EVENING, chainAt: istInstant('2026-11-20', '15:29') }))).toBe(false);
  });

  it('a server whose market never closes trades at any hour', () => {
    expect(isChainMarketTrading(signals({ now: SATURDAY, alwaysOpen: true }))).toBe(true);
  });

  it('a recent tick proves trading; an old one does not', () => {
    expect(isChainMarketTrading(signals({ lastTickAt: EVENING - 5_000 }))).toBe(true);
    expect(isChainMarketTrading(signals({ lastTickAt: EVENING - 60_000 }))).toBe(false);
  });

  it('a delayed chain at the user’s cut-off still moves after the close', () => {
    const now = istInstant('2026-11-20', '15:45');
    const asOf = now - 30 * 60_000;
    expect(isChainMarketTrading(signals({ now, asOf, chainAt: Math.floor(asOf / 60_000) * 60_000 }))).toBe(true);
  });

  it('without a plan the data stops at the previous close, which proves nothing', () => {
    expect(isChainMarketTrading(signals({ tier: 'none', asOf: EVENING, chainAt: EVENING }))).toBe(false);
  });
});

describe('Next Update in N sec (spec §2.9: 59 minus the current seconds)', () => {
  it('counts to the minute the refresh (3 s past it) belongs to', () => {
    const minute = istInstant('2026-11-20', '10:01');
    const next = minute + 3_000;
    expect(nextUpdateSeconds(next, minute - 60_000)).toBe(59);
    expect(nextUpdateSeconds(next, minute - 60_000 + 15_000)).toBe(44);
    expect(nextUpdateSeconds(next, minute - 500)).toBe(0);
    expect(nextUpdateSeconds(next, minute + 2_000)).toBe(0);
  });
});
