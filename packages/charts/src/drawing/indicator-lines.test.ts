import { describe, expect, it } from 'vitest';
import { toChartTime } from '../chart-time';
import { candle } from '../test/candle-fixtures';
import {
  DEFAULT_INDICATOR_SETTINGS,
  INDICATOR_KINDS,
  indicatorLastPoints,
  indicatorLines,
  indicatorName,
  toPoints,
} from './indicator-lines';

const CANDLES = Array.from({ length: 30 }, (_, i) => candle(i, { c: 100 + i }));

describe('indicator lines', () => {
  it('leave the warm-up as gaps and give values after it', () => {
    const [ema] = indicatorLines('ema', CANDLES, 'light', { ...DEFAULT_INDICATOR_SETTINGS, ema: { period: 5 } });
    expect(ema?.points).toHaveLength(30);
    expect(ema?.points[3]).toEqual({ time: toChartTime(CANDLES[3]!.t) });
    expect(ema?.points[4]).toEqual({ time: toChartTime(CANDLES[4]!.t), value: 102 });
  });

  it('give Bollinger Bands three lines with a dashed middle', () => {
    const lines = indicatorLines('bollinger', CANDLES, 'dark');
    expect(lines.map((line) => [line.key, line.dashed])).toEqual([
      ['bollinger-upper', false],
      ['bollinger-middle', true],
      ['bollinger-lower', false],
    ]);
  });

  it('are named as the menu shows them', () => {
    expect(indicatorName('vwap')).toBe('ATP/VWAP');
    expect(indicatorName('rsi')).toBe('RSI 14');
    expect(indicatorName('bollinger')).toBe('Bollinger 20, 2');
  });

  it('turn NaN and missing values into gaps', () => {
    const times = [toChartTime(0), toChartTime(60_000)];
    expect(toPoints(times, [Number.NaN])).toEqual([{ time: times[0] }, { time: times[1] }]);
  });

  it('give as last points exactly the last point of every line, for every indicator', () => {
    const zigzag = Array.from({ length: 60 }, (_, i) =>
      candle(i, { o: 100 + (i % 7), h: 104 + (i % 7), l: 97 + (i % 5), c: 100 + ((i * 13) % 9), v: 10 + i, oi: i * 3 }),
    );
    for (const theme of ['light', 'dark'] as const) {
      for (const kind of INDICATOR_KINDS) {
        for (const candles of [zigzag, zigzag.slice(0, 3), []]) {
          const expected = indicatorLines(kind, candles, theme).flatMap((line) =>
            line.points.length === 0 ? [] : [{ key: line.key, point: line.points.at(-1) }],
          );
          expect(indicatorLastPoints(kind, candles, theme)).toEqual(expected);
        }
      }
    }
  });
});
