import type { FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { sampleChain } from './chain-test-fixtures';
import { liveChainFigures, recentringKey, windowOffCentre } from './live-chain';

const tick = (token: number, lp: number): FeedTick => ({ token, ts: 1, lp });

describe('live chain figures (the ATM row and Syn Fut follow the feed’s prices)', () => {
  it('the ATM strike follows the live future, not the server’s minute answer', () => {
    const chain = sampleChain();
    const ticks = new Map([[chain.futToken, tick(chain.futToken, 24_590)]]);
    const live = liveChainFigures(chain, ticks);
    expect(live.atmStrike).toBe(24_600);
    expect(windowOffCentre(chain, live)).toBe(true);
  });

  it('with a Spot basis the ATM follows the live spot', () => {
    const chain = { ...sampleChain(), atmBasis: 'Spot' as const };
    const ticks = new Map([[chain.spotToken, tick(chain.spotToken, 24_420)]]);
    expect(liveChainFigures(chain, ticks).atmStrike).toBe(24_400);
  });

  it('Syn Fut is strike + CE − PE from the live prices at the strike nearest the live spot', () => {
    const chain = { ...sampleChain(), atmBasis: 'SynFut' as const };
    const row = chain.rows[1]!;
    const ticks = new Map([
      [chain.spotToken, tick(chain.spotToken, 24_510)],
      [row.ce.token, tick(row.ce.token, 150)],
      [row.pe.token, tick(row.pe.token, 110)],
    ]);
    const live = liveChainFigures(chain, ticks);
    expect(live.syntheticFuture).toBe(24_540);
    expect(live.atmStrike).toBe(24_500);
    expect(windowOffCentre(chain, live)).toBe(false);
  });

  it('asks to re-centre once per minute’s answer and live ATM, not once per answer', () => {
    const chain = sampleChain();
    const at = (lp: number) => liveChainFigures(chain, new Map([[chain.futToken, tick(chain.futToken, lp)]]));
    const key = recentringKey(chain, at(24_590));
    expect(key).not.toBeNull();
    // The answer to that request is the same minute's chain, centred where it was: the key stays, so no new request.
    expect(recentringKey({ ...chain }, at(24_595))).toBe(key);
    // The live ATM moves on, or the next minute's answer arrives: a new key.
    expect(recentringKey(chain, at(24_390))).not.toBe(key);
    expect(recentringKey({ ...chain, at: chain.at + 60_000 }, at(24_590))).not.toBe(key);
    // Centred: nothing to ask.
    expect(recentringKey(chain, at(chain.atmStrike!))).toBeNull();
  });

  it('without ticks the server’s figures stand', () => {
    expect(liveChainFigures(sampleChain(), new Map())).toEqual({ atmStrike: null, syntheticFuture: null });
  });
});
