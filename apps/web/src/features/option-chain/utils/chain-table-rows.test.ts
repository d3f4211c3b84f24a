import type { FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { sampleChain } from './chain-test-fixtures';
import { chainSummary, chainTableRows, changeOf, type ChainRowsInput } from './chain-table-rows';

const input = (overrides: Partial<ChainRowsInput> = {}): ChainRowsInput => ({
  chain: sampleChain(),
  ticks: new Map(),
  period: '1D',
  references: null,
  underlying: 24_480,
  ...overrides,
});

describe('option-chain table rows (spec §2.9 derived row)', () => {
  it('shows the chain’s figures when there are no ticks', () => {
    const [first] = chainTableRows(input());
    expect(first).toMatchObject({ strike: 24_400, ce: { ltp: 200, ltpChange: 20, oi: 100_000, oiChange: 50_000 } });
    expect(first?.ce.ltpChangePercent).toBeCloseTo((20 / 180) * 100, 10);
    expect(first?.ce.oiChangePercent).toBeCloseTo(100, 10);
  });

  it('PCR of a strike is its put OI divided by its call OI', () => {
    const rows = chainTableRows(input());
    expect(rows.map((row) => row.pcr)).toEqual([3, 1, 1 / 3]);
  });

  it('PCR is empty when the call side has no OI', () => {
    const chain = sampleChain();
    chain.rows[0]!.ce.oi = 0;
    expect(chainTableRows(input({ chain }))[0]?.pcr).toBeNull();
  });

  it('marks the ATM strike and shades calls below and puts above the underlying as in the money', () => {
    const rows = chainTableRows(input());
    expect(rows.map((row) => row.atm)).toEqual([false, true, false]);
    expect(rows.map((row) => row.ce.itm)).toEqual([true, false, false]);
    expect(rows.map((row) => row.pe.itm)).toEqual([false, true, true]);
  });

  it('a live tick replaces LTP, ATP, OI and volume and its previous close drives the 1D change', () => {
    const tick: FeedTick = {
      token: 1000,
      ts: 1,
      lp: 210,
      c: 175,
      atp: 205,
      oi: 120_000,
      vt: 9_000,
      prev: { lp: 175, oi: 80_000 },
    };
    const [first] = chainTableRows(input({ ticks: new Map([[1000, tick]]) }));
    expect(first?.ce).toMatchObject({
      ltp: 210,
      atp: 205,
      oi: 120_000,
      volume: 9_000,
      ltpChange: 35,
      oiChange: 40_000,
    });
    expect(first?.ce.oiChangePercent).toBeCloseTo(50, 10);
    expect(first?.pcr).toBeCloseTo(300_000 / 120_000, 10);
  });

  it('other periods compare with the reference close and OI', () => {
    const references = new Map([[1000, { close: 250, oi: 400_000 }]]);
    const [first] = chainTableRows(input({ period: '3D', references }));
    expect(first?.ce).toMatchObject({
      ltpChange: -50,
      ltpChangePercent: -20,
      oiChange: -300_000,
      oiChangePercent: -75,
    });
  });

  it('a contract without a reference for the period has empty change columns', () => {
    const [first] = chainTableRows(input({ period: '1M', references: new Map() }));
    expect(first?.pe).toMatchObject({ ltpChange: null, ltpChangePercent: null, oiChange: null, oiChangePercent: null });
    expect(first?.pe.ltp).toBe(60);
  });

  it('a change against zero has no per cent', () => {
    expect(changeOf(5, 0)).toEqual({ change: 5, percent: null });
    expect(changeOf(null, 3)).toEqual({ change: null, percent: null });
  });
});

describe('option-chain summary strip', () => {
  it('uses the chain’s spot, future, Syn Fut, PCR and max pain, and the ATM strike’s mean IV', () => {
    const chain = sampleChain();
    chain.rows[1]!.ce.iv = 12;
    chain.rows[1]!.pe.iv = 14;
    expect(chainSummary(chain, new Map())).toEqual({
      syntheticFuture: 24_528.5,
      spot: { price: 24_480, change: 80, percent: 0.33 },
      futures: { price: 24_530, change: 90, percent: 0.37 },
      pcr: 0.92,
      maxPain: 24_500,
      atmIv: 13,
    });
  });

  it('live ticks move the spot and the future against their previous close', () => {
    const chain = sampleChain();
    const ticks = new Map<number, FeedTick>([
      [chain.spotToken, { token: chain.spotToken, ts: 1, lp: 24_600, c: 24_400 }],
      [chain.futToken, { token: chain.futToken, ts: 1, lp: 24_650 }],
    ]);
    const summary = chainSummary(chain, ticks);
    expect(summary.spot.price).toBe(24_600);
    expect(summary.spot.change).toBe(200);
    expect(summary.spot.percent).toBeCloseTo(0.8197, 4);
    // A tick without its previous close leaves the chain's figures.
    expect(summary.futures).toEqual({ price: 24_530, change: 90, percent: 0.37 });
  });

  it('ATM IV is empty when the ATM strike has none', () => {
    const chain = sampleChain();
    chain.rows[1]!.ce.iv = null;
    chain.rows[1]!.pe.iv = null;
    expect(chainSummary(chain, new Map()).atmIv).toBeNull();
  });
});
