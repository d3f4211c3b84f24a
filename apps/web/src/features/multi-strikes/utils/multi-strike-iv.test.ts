import type { Candle } from '@fnodesk/contracts';
import { black76Price, istInstant, yearFractionToExpiry } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import type { MultiStrikeLeg } from './multi-strike-series';
import { multiStrikeIvSeries } from './multi-strike-iv';

const RATE = 0.065;
const EXPIRY = istInstant('2026-12-01', '15:30');
const T1 = istInstant('2026-11-27', '09:15');
const T2 = istInstant('2026-11-27', '09:20');
const CANDLE_MS = 5 * 60_000;
const PREVIOUS_DAY = istInstant('2026-11-26', '09:15');
const candle = (t: number, c: number): Candle => ({ t, o: c, h: c, l: c, c, v: 0, atp: c, oi: 0 });

// Legs priced by Black-76 at a forward per candle and a volatility per strike and leg.
function leg(strike: number, kind: 'CE' | 'PE', sigmas: [number, number], forwards: [number, number]): MultiStrikeLeg {
  const price = (t: number, f: number, s: number) =>
    black76Price(kind, f, strike, yearFractionToExpiry(t + CANDLE_MS, EXPIRY), RATE, s);
  const previousYears = yearFractionToExpiry(istInstant('2026-11-26', '15:30'), EXPIRY);
  return {
    strike,
    kind,
    candles: [candle(T1, price(T1, forwards[0], sigmas[0])), candle(T2, price(T2, forwards[1], sigmas[1]))],
    previous: { t: PREVIOUS_DAY, c: black76Price(kind, 25_050, strike, previousYears, RATE, 0.13), oi: 0 },
  };
}

const forwards: [number, number] = [25_040, 25_110];
const legs = [
  leg(25_000, 'CE', [0.12, 0.125], forwards),
  leg(25_000, 'PE', [0.12, 0.125], forwards),
  leg(25_200, 'CE', [0.11, 0.115], forwards),
  leg(25_200, 'PE', [0.13, 0.135], forwards),
];
const base = { legs, referenceStrike: 25_000, expiryMs: EXPIRY, candleMs: CANDLE_MS, rate: RATE } as const;

describe('multi-strike IV', () => {
  it('solves each leg’s IV against the forward the ATM strike’s call and put imply at each candle', () => {
    const { times, series } = multiStrikeIvSeries({ ...base, choice: 'CE', change: false, baseline: 'open' });
    expect(times).toEqual([T1, T2]);
    expect(series.map((s) => s.name)).toEqual(['25000 CE', '25200 CE']);
    expect(series[1]!.values[0]).toBeCloseTo(11, 6);
    expect(series[1]!.values[1]).toBeCloseTo(11.5, 6);
    const put = multiStrikeIvSeries({ ...base, choice: 'PE', change: false, baseline: 'open' }).series;
    expect(put[1]!.values[1]).toBeCloseTo(13.5, 6);
  });

  it('averages a strike’s CE and PE IV', () => {
    const { series } = multiStrikeIvSeries({ ...base, choice: 'Average', change: false, baseline: 'open' });
    expect(series.map((s) => s.name)).toEqual(['25000 IV', '25200 IV']);
    expect(series[1]!.values[0]).toBeCloseTo(12, 6);
  });

  it('measures IV change from the first candle (Day Open) or the previous session’s close (Previous Day)', () => {
    const open = multiStrikeIvSeries({ ...base, choice: 'CE', change: true, baseline: 'open' }).series;
    expect(open[1]!.values[0]).toBeCloseTo(0, 9);
    expect(open[1]!.values[1]).toBeCloseTo(0.5, 6);
    const previous = multiStrikeIvSeries({ ...base, choice: 'CE', change: true, baseline: 'prev' }).series;
    // Every leg closed the previous session at 13 %.
    expect(previous[1]!.values[0]).toBeCloseTo(-2, 6);
    expect(previous[0]!.values[1]).toBeCloseTo(-0.5, 6);
  });

  it('has no IV where the reference strike lacks a leg at a candle', () => {
    const withoutPut = legs.map((l) =>
      l.strike === 25_000 && l.kind === 'PE' ? { ...l, candles: l.candles.slice(1) } : l,
    );
    const { series } = multiStrikeIvSeries({
      ...base,
      legs: withoutPut,
      choice: 'CE',
      change: false,
      baseline: 'open',
    });
    expect(series[1]!.values[0]).toBeNull();
    expect(series[1]!.values[1]).toBeCloseTo(11.5, 6);
  });
});
