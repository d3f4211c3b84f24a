import { spotInstrumentToken } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import { describe, expect, it } from 'vitest';
import { testMarket, TEST_CLOCK_START } from '../../../test/test-app';
import { IngestedHistory } from './ingested-history';
import { simulatedMarketData, withIngestedHistory } from './market-data.port';
import { sourceOfAnswer } from './market.module';

const NIFTY = spotInstrumentToken('NIFTY');
const BANKNIFTY = spotInstrumentToken('BANKNIFTY');

describe('the MarketData port', () => {
  it('starts no simulated market until a dataset is read, the end-of-day sets included', () => {
    let started = 0;
    const data = simulatedMarketData(() => {
      started += 1;
      return testMarket();
    });
    const ingested = withIngestedHistory(
      data,
      new IngestedHistory({
        reader: { minuteCandlesJson: () => Promise.resolve(new Map()), dayCandles: () => Promise.resolve(new Map()) },
      }),
    );
    expect(ingested.sourceOf(NIFTY)).toBe('ingested');
    expect(started).toBe(0);
    expect(typeof ingested.eod.banList).toBe('function');
    expect(data.instruments.instrument(NIFTY)?.instrumentToken).toBe(NIFTY);
    expect(started).toBeGreaterThan(0);
  });

  it('the simulated market supplies every dataset itself and keeps no stored candles', () => {
    const sim: MarketSim = testMarket();
    const data = simulatedMarketData(() => sim);
    expect(data.sourceOf(NIFTY)).toBe('simulated');
    expect(data.candles.stored([NIFTY], '1m', TEST_CLOCK_START - 3_600_000, TEST_CLOCK_START, () => [])).toBeNull();
    expect(data.quotes.quote(NIFTY, TEST_CLOCK_START)).toEqual(sim.quote(NIFTY, TEST_CLOCK_START));
  });

  it('a broker ticker serves stored candles of the tokens it keeps; the others, and every other dataset, stay simulated', async () => {
    const sim = testMarket();
    const history = new IngestedHistory({
      reader: {
        minuteCandlesJson: () => Promise.resolve(new Map([[NIFTY, '[]']])),
        dayCandles: () => Promise.resolve(new Map()),
      },
      serves: (token) => token === NIFTY,
    });
    const data = withIngestedHistory(
      simulatedMarketData(() => sim),
      history,
    );
    expect(data.sourceOf(NIFTY)).toBe('ingested');
    expect(data.sourceOf(BANKNIFTY)).toBe('simulated');
    const from = TEST_CLOCK_START - 3_600_000;
    expect(data.candles.stored([BANKNIFTY], '1m', from, TEST_CLOCK_START, () => [])).toBeNull();
    const stored = await data.candles.stored([NIFTY], '1m', from, TEST_CLOCK_START, () => []);
    expect(stored?.wrap('', '')).toBe(`[{"token":${NIFTY},"candles":[]}]`);
    expect(data.quotes.quote(BANKNIFTY, TEST_CLOCK_START)).toEqual(sim.quote(BANKNIFTY, TEST_CLOCK_START));

    expect(sourceOfAnswer(data, 'candles', { tokens: [BANKNIFTY, NIFTY] })).toBe('ingested');
    expect(sourceOfAnswer(data, 'candles', { tokens: [BANKNIFTY] })).toBe('simulated');
    expect(sourceOfAnswer(data, 'ticks', { tokens: [NIFTY] })).toBe('simulated');
  });
});
