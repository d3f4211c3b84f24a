import { contractInstrumentToken, istInstant, spotInstrumentToken } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import { describe, expect, it } from 'vitest';
import { testMarket } from '../../../test/test-app';
import type { JsonText } from './market-format';
import { CandlesService } from './candles.service';
import { simulatedMarketData } from './market-data.port';

const NIFTY = spotInstrumentToken('NIFTY');
const FUTURE = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null });

/** The test market, counting the candle series computed through it. */
function countingMarket(): { market: () => MarketSim; computed: () => number } {
  let computed = 0;
  const sim = testMarket();
  const counting = new Proxy(sim, {
    get(target, property, receiver) {
      if (property === 'candleColumns') {
        return (...args: Parameters<MarketSim['candleColumns']>) => {
          computed++;
          return target.candleColumns(...args);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { market: () => counting, computed: () => computed };
}

const text = (json: JsonText) => json.wrap('', '');

describe('candle JSON of ranges that no longer change', () => {
  // Fri 20-Nov-2026 12:00 IST: Thursday's session is the last closed one, Friday's is in progress.
  const view = { asOf: istInstant('2026-11-20', '12:00') };

  it('is computed once for the last closed session asked up to its evening, then shared', async () => {
    const { market, computed } = countingMarket();
    const service = new CandlesService(simulatedMarketData(market));
    const ask = () =>
      service.candlesJson(
        view,
        [NIFTY, FUTURE],
        '1m',
        istInstant('2026-11-19', '00:00'),
        istInstant('2026-11-19', '23:59'),
      );
    const first = text(await ask());
    expect(computed()).toBe(2);
    expect(text(await ask())).toBe(first);
    expect(computed()).toBe(2);
    const series = JSON.parse(first) as { token: number; candles: { t: number }[] }[];
    expect(series.map((s) => s.candles.length)).toEqual([375, 385]);
  });

  it('recomputes the candle in progress when the range reaches into a session still trading', async () => {
    const { market, computed } = countingMarket();
    const service = new CandlesService(simulatedMarketData(market));
    const ask = (asOf: number) =>
      service.candlesJson(
        { asOf },
        [FUTURE],
        '1m',
        istInstant('2026-11-19', '00:00'),
        istInstant('2026-11-20', '23:59'),
      );
    const first = text(await ask(view.asOf));
    const before = computed();
    // A second later (the minute still in progress): only that minute again, the minutes before it are shared.
    const later = text(await ask(view.asOf + 1_000));
    expect(computed()).toBe(before + 1);
    expect(later.slice(0, later.lastIndexOf(',{"t":'))).toBe(first.slice(0, first.lastIndexOf(',{"t":')));
  });

  it('computes the candle in progress once a second, the second the sim’s candles move by', async () => {
    const { market, computed } = countingMarket();
    const service = new CandlesService(simulatedMarketData(market));
    const from = istInstant('2026-11-20', '09:15');
    const at = (ms: number) => ({ asOf: istInstant('2026-11-20', '12:00') + ms });
    const ask = async (view: { asOf: number }) =>
      text(await service.candlesJson(view, [FUTURE], '5m', from, istInstant('2026-11-20', '23:59')));
    const first = await ask(at(5_100));
    const before = computed();
    expect(await ask(at(5_900))).toBe(first);
    expect(computed()).toBe(before);
    expect(JSON.parse(first)).toEqual([
      { token: FUTURE, candles: testMarket().candles(FUTURE, '5m', from, at(5_100).asOf) },
    ]);
    const next = await ask(at(6_000));
    expect(computed()).toBe(before + 1);
    expect(JSON.parse(next)).toEqual([
      { token: FUTURE, candles: testMarket().candles(FUTURE, '5m', from, at(6_000).asOf) },
    ]);
  });
});
