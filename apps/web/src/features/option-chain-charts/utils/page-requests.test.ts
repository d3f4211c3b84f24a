import type { OptionChain } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from './option-chain-charts-preferences';
import { chartCandleRequests, chartExchanges, pageCandleSets } from './page-requests';

const option = (strikePrice: number, instrumentType: 'CE' | 'PE') => ({
  tradingName: `NIFTY${strikePrice}${instrumentType}`,
  strikePrice,
  instrumentType,
  instrumentToken: strikePrice * 10 + (instrumentType === 'CE' ? 1 : 2),
  lotSize: 75,
  expiry: '2026-12-01',
});

// Only the fields the requests read; the rest of the chain answer plays no part.
const chain = {
  spotToken: 1,
  futToken: 2,
  atmStrike: 24_550,
  rows: [],
  optData: [option(24_500, 'CE'), option(24_500, 'PE'), option(24_550, 'CE'), option(24_550, 'PE')],
} as unknown as OptionChain;

describe('what the Option Chain Charts page asks for', () => {
  it('asks for every chart in one request when the index chart shares the strike charts’ resolution and period', () => {
    const sets = pageCandleSets({ ...DEFAULT_PREFERENCES }, chain, chartExchanges('NIFTY'));
    const { main, separate } = chartCandleRequests(sets.strikes, sets.index);
    expect(main?.tokens).toEqual([2, 245001, 245002, 245501, 245502]);
    expect(separate).toBeNull();
  });

  it('asks for the index chart apart when its resolution differs, and for its spot on the spot exchange', () => {
    const preferences = { ...DEFAULT_PREFERENCES, resolution: '15m' as const, instrumentType: 'spot' as const };
    const sets = pageCandleSets(preferences, chain, chartExchanges('SENSEX'));
    const { main, separate } = chartCandleRequests(sets.strikes, sets.index);
    expect(main).toMatchObject({ tokens: [245001, 245002, 245501, 245502], exchange: 'BFO' });
    expect(separate).toMatchObject({ tokens: [1], resolution: '15m', exchange: 'BSE' });
  });

  it('asks for no index candles while the index chart is hidden, and nothing before the chain', () => {
    const sets = pageCandleSets({ ...DEFAULT_PREFERENCES, hideShow: false }, chain, chartExchanges('NIFTY'));
    expect(sets.index).toBeNull();
    expect(chartCandleRequests(sets.strikes, sets.index).main?.tokens).toHaveLength(4);
    expect(pageCandleSets({ ...DEFAULT_PREFERENCES }, undefined, chartExchanges('NIFTY'))).toEqual({
      strikes: null,
      index: null,
      indexToken: null,
    });
  });
});
