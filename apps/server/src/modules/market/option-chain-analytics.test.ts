import { CHAIN_OI_WINDOWS, istInstant } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { describe, expect, it, vi } from 'vitest';
import { OptionChainAnalytics } from './option-chain-analytics';
import { simulatedMarketData } from './market-data.port';

const AT = istInstant('2026-11-18', '14:10');
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('option-chain analytics: a cold chain prepared in slices', () => {
  it('computes a cold chain a few milliseconds at a time, and the chain is the same', async () => {
    const sim = createMarketSim({ seed: 5, now: AT });
    const expiry = sim.optionExpiries('RELIANCE', AT)[0]!.date;
    const warm = vi.spyOn(sim, 'warm');
    const analytics = new OptionChainAnalytics(simulatedMarketData(() => sim));

    const chainTokens = vi.spyOn(sim, 'chainTokens');
    let finished = false;
    const prepared = analytics.prepare('RELIANCE', expiry, AT).then(() => (finished = true));
    // A second caller meanwhile shares the preparation.
    const again = analytics.prepare('RELIANCE', expiry, AT + 10_000);
    await nextTurn();
    // Other work ran while it was under way: it had not done every instrument in one go.
    expect(finished).toBe(false);
    const early = warm.mock.calls.length;
    await Promise.all([prepared, again]);
    expect(chainTokens).toHaveBeenCalledTimes(1);
    const tokens = sim.chainTokens('RELIANCE', expiry, AT);
    expect(tokens.length).toBeGreaterThan(40);
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(warm.mock.calls.length);

    // The look-back windows' OI was taken while preparing: the chain itself reads this minute's quotes only.
    const chainReads = vi.spyOn(sim, 'optionChain');
    const chain = analytics.at('RELIANCE', expiry, AT);
    expect(chainReads).toHaveBeenCalledTimes(1);
    const fresh = new OptionChainAnalytics(simulatedMarketData(() => createMarketSim({ seed: 5, now: AT })));
    expect(chain).toEqual(fresh.at('RELIANCE', expiry, AT));

    // A chain already computed for the minute needs nothing more.
    warm.mockClear();
    await analytics.prepare('RELIANCE', expiry, AT + 30_000);
    expect(warm).not.toHaveBeenCalled();
  });

  it("takes the next minute's look-back OI late in this minute, leaving the next minute its own", async () => {
    const sim = createMarketSim({ seed: 5, now: AT });
    const expiry = sim.optionExpiries('NIFTY', AT)[0]!.date;
    const analytics = new OptionChainAnalytics(simulatedMarketData(() => sim));
    await analytics.prepare('NIFTY', expiry, AT);
    analytics.at('NIFTY', expiry, AT);
    const chainReads = vi.spyOn(sim, 'optionChain');
    // Early in the minute nothing more is read: a minute's start is every chain's busiest moment.
    await analytics.prepare('NIFTY', expiry, AT + 5_000);
    for (let turn = 0; turn < 8; turn++) await nextTurn();
    expect(chainReads).not.toHaveBeenCalled();
    // From 20 s into the minute a request starts the next minute's look-back snapshots, a snapshot a turn, once.
    await analytics.prepare('NIFTY', expiry, AT + 25_000);
    await analytics.prepare('NIFTY', expiry, AT + 26_000);
    for (let turn = 0; turn < 8; turn++) await nextTurn();
    const lookBacks = CHAIN_OI_WINDOWS.map(({ minutes }) => AT + 60_000 - minutes * 60_000);
    expect(chainReads.mock.calls.map(([, , at]) => at).sort()).toEqual(lookBacks.sort());
    await analytics.prepare('NIFTY', expiry, AT + 40_000);
    for (let turn = 0; turn < 8; turn++) await nextTurn();
    expect(chainReads).toHaveBeenCalledTimes(CHAIN_OI_WINDOWS.length);
    chainReads.mockClear();

    const warm = vi.spyOn(sim, 'warm');
    let prepared = false;
    const preparing = analytics.prepare('NIFTY', expiry, AT + 60_000).then(() => (prepared = true));
    // Nothing left to wait a turn for but the new minute's own quotes, a few milliseconds of them.
    let turns = 0;
    while (!prepared) {
      await nextTurn();
      turns += 1;
    }
    await preparing;
    // A turn per look-back window would be one more than there are windows.
    expect(turns).toBeLessThan(1 + CHAIN_OI_WINDOWS.length);
    expect(chainReads).not.toHaveBeenCalled();
    // Its instruments are warmed at the new minute only: the look-back windows' snapshots are kept already.
    expect(warm.mock.calls.length).toBeGreaterThan(0);
    expect(new Set(warm.mock.calls.map(([, at]) => at))).toEqual(new Set([AT + 60_000]));
    const next = analytics.at('NIFTY', expiry, AT + 60_000);
    expect(chainReads).toHaveBeenCalledTimes(1);
    const fresh = new OptionChainAnalytics(simulatedMarketData(() => createMarketSim({ seed: 5, now: AT + 60_000 })));
    expect(next).toEqual(fresh.at('NIFTY', expiry, AT + 60_000));
  });

  it('prepares nothing for an expiry that is not listed', async () => {
    const sim = createMarketSim({ seed: 5, now: AT });
    const warm = vi.spyOn(sim, 'warm');
    await new OptionChainAnalytics(simulatedMarketData(() => sim)).prepare('NIFTY', '2031-01-28', AT);
    expect(sim.chainTokens('NIFTY', '2031-01-28', AT)).toEqual([]);
    expect(warm).not.toHaveBeenCalled();
  });
});
