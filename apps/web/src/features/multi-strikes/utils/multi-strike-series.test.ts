import type { Candle } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { multiStrikeSeries, type MultiStrikeLeg } from './multi-strike-series';

const candle = (t: number, c: number, oi: number): Candle => ({ t, o: c, h: c, l: c, c, v: 0, atp: c, oi });

const legs: MultiStrikeLeg[] = [
  { strike: 100, kind: 'CE', candles: [candle(1, 10, 100), candle(2, 12, 150)], previous: { c: 9, oi: 80 } },
  { strike: 100, kind: 'PE', candles: [candle(1, 8, 200), candle(2, 7, 240)], previous: { c: 9, oi: 160 } },
  { strike: 110, kind: 'CE', candles: [candle(1, 5, 300), candle(2, 6, 350)], previous: null },
  { strike: 110, kind: 'PE', candles: [candle(2, 14, 100)], previous: { c: 15, oi: 90 } },
];

describe('multi-strike series', () => {
  it('draws one price line per leg and the legs combined where every leg has a candle', () => {
    const { times, series } = multiStrikeSeries({ kind: 'lp', legs, change: false, baseline: 'open' });
    expect(times).toEqual([1, 2]);
    expect(series.map((s) => s.name)).toEqual(['100 CE', '100 PE', '110 CE', '110 PE', 'Combined']);
    expect(series[0]!.values).toEqual([10, 12]);
    expect(series.at(-1)!.values).toEqual([null, 39]);
  });

  it('measures OI change from the day’s first candle (Day Open) or the previous close (Previous Day)', () => {
    const open = multiStrikeSeries({ kind: 'oi', legs, change: true, baseline: 'open' }).series;
    expect(open[0]!.values).toEqual([0, 50]);
    const previous = multiStrikeSeries({ kind: 'oi', legs, change: true, baseline: 'prev' }).series;
    expect(previous[0]!.values).toEqual([20, 70]);
    // No previous session for 110 CE: no change to show.
    expect(previous[2]!.values).toEqual([null, null]);
  });

  it('gives each strike its PE OI ÷ CE OI and the set Σ PE OI ÷ Σ CE OI', () => {
    const { series } = multiStrikeSeries({ kind: 'pcr', legs, change: false, baseline: 'open' });
    expect(series.map((s) => s.name)).toEqual(['Strike 100', 'Strike 110', 'Set PCR']);
    expect(series[0]!.values).toEqual([2, 1.6]);
    expect(series[1]!.values).toEqual([null, 100 / 350]);
    // At t = 2: (240 + 100) ÷ (150 + 350) = 0.68; at t = 1 the 110 PE has no candle.
    expect(series[2]!.values).toEqual([null, 0.68]);
  });
});
