import { describe, expect, it } from 'vitest';
import { toChartTime } from '../chart-time';
import { candle } from '../test/candle-fixtures';
import { DEFAULT_INDICATOR_SETTINGS, indicatorLines, indicatorName, toPoints } from './indicator-lines';

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
});
