import { describe, expect, it } from 'vitest';
import {
  candleIndexAt,
  candleIndexAtOrBefore,
  hasOpenInterest,
  hasVolume,
  normaliseCandles,
  toSeriesData,
  toVolumeData,
} from './candle-series-data';
import { CHART_PALETTES } from './chart-theme';
import { toChartTime } from './chart-time';
import { candle, SESSION_OPEN } from './test/candle-fixtures';

const light = CHART_PALETTES.light;

describe('API candles to series data', () => {
  it('puts every series on IST wall-clock times (09:15 IST reads 09:15 on the UTC axis)', () => {
    const { bars, volume, atp, oi } = toSeriesData([candle(0), candle(5)], light);
    const shown = new Date(bars[0]!.time * 1_000);
    expect([shown.getUTCHours(), shown.getUTCMinutes()]).toEqual([9, 15]);
    expect(bars[1]!.time - bars[0]!.time).toBe(300);
    for (const series of [volume, atp, oi!]) expect(series.map((p) => p.time)).toEqual(bars.map((p) => p.time));
  });

  it('keeps the prices of each candle', () => {
    const [bar] = toSeriesData([candle(0, { o: 100, h: 110, l: 95, c: 105 })], light).bars;
    expect(bar).toEqual({ time: toChartTime(SESSION_OPEN), open: 100, high: 110, low: 95, close: 105 });
  });

  it('colours volume bars by candle direction (a close equal to the open counts as up)', () => {
    const candles = [candle(0, { o: 100, c: 101 }), candle(1, { o: 101, c: 99 }), candle(2, { o: 99, c: 99 })];
    expect(toSeriesData(candles, light).volume.map((p) => p.color)).toEqual([
      light.volumeUp,
      light.volumeDown,
      light.volumeUp,
    ]);
    expect(toVolumeData(candles, CHART_PALETTES.dark).map((p) => p.color)).toEqual([
      CHART_PALETTES.dark.volumeUp,
      CHART_PALETTES.dark.volumeDown,
      CHART_PALETTES.dark.volumeUp,
    ]);
  });

  it('omits the OI series for an instrument without OI (an index)', () => {
    const index = [candle(0, { oi: 0, atp: 0, v: 0 }), candle(1, { oi: 0, atp: 0, v: 0 })];
    expect(hasOpenInterest(index)).toBe(false);
    expect(hasVolume(index)).toBe(false);
    expect(hasVolume([...index, candle(2, { v: 1 })])).toBe(true);
    expect(toSeriesData(index, light).oi).toBeNull();
  });

  it('draws OI when any candle has it, leaving gaps where a candle has none', () => {
    const data = toSeriesData([candle(0, { oi: 0 }), candle(1, { oi: 5_000 })], light);
    expect(data.oi).toEqual([{ time: toChartTime(candle(0).t) }, { time: toChartTime(candle(1).t), value: 5_000 }]);
  });

  it('leaves a gap rather than a drop to zero where there is no ATP', () => {
    const { atp } = toSeriesData([candle(0, { atp: 0 }), candle(1, { atp: 24_501.5 })], light);
    expect(atp[0]).not.toHaveProperty('value');
    expect(atp[1]).toMatchObject({ value: 24_501.5 });
  });
});

describe('normalising candles', () => {
  it('sorts by start time', () => {
    expect(normaliseCandles([candle(2), candle(0), candle(1)]).map((c) => c.t)).toEqual(
      [0, 1, 2].map((m) => candle(m).t),
    );
  });

  it('keeps one candle per start, the one given last', () => {
    const result = normaliseCandles([candle(0, { c: 1 }), candle(1), candle(0, { c: 2 })]);
    expect(result).toHaveLength(2);
    expect(result[0]!.c).toBe(2);
  });

  it('does not change the array it was given', () => {
    const given = [candle(1), candle(0)];
    normaliseCandles(given);
    expect(given.map((c) => c.t)).toEqual([candle(1).t, candle(0).t]);
  });
});

describe('finding the candle under the crosshair', () => {
  const candles = normaliseCandles([0, 1, 2, 3, 5, 8].map((m) => candle(m)));

  it('finds each candle by its chart time', () => {
    candles.forEach((c, index) => expect(candleIndexAt(candles, toChartTime(c.t))).toBe(index));
  });

  it('finds none between candles, before the first or after the last', () => {
    expect(candleIndexAt(candles, toChartTime(candle(4).t))).toBe(-1);
    expect(candleIndexAt(candles, toChartTime(candle(-1).t))).toBe(-1);
    expect(candleIndexAt(candles, toChartTime(candle(9).t))).toBe(-1);
    expect(candleIndexAt([], toChartTime(candle(0).t))).toBe(-1);
  });

  it('finds the candle holding a time: the last starting at or before it, none before the first', () => {
    candles.forEach((c, index) => expect(candleIndexAtOrBefore(candles, toChartTime(c.t))).toBe(index));
    expect(candleIndexAtOrBefore(candles, toChartTime(candle(4).t))).toBe(3);
    expect(candleIndexAtOrBefore(candles, toChartTime(candle(7).t))).toBe(4);
    expect(candleIndexAtOrBefore(candles, toChartTime(candle(9).t))).toBe(5);
    expect(candleIndexAtOrBefore(candles, toChartTime(candle(-1).t))).toBe(-1);
    expect(candleIndexAtOrBefore([], toChartTime(candle(0).t))).toBe(-1);
  });
});
