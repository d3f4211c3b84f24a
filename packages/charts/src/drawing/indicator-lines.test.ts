import { describe, expect, it } from 'vitest';
import { toChartTime } from '../chart-time';
import { candle } from '../test/candle-fixtures';
import {
  DEFAULT_INDICATOR_SETTINGS,
  INDICATOR_KINDS,
  indicatorLines,
  indicatorName,
  indicatorSeries,
  linePoints,
} from './indicator-lines';

const CANDLES = Array.from({ length: 30 }, (_, i) => candle(i, { c: 100 + i }));

describe('indicator lines', () => {
  it('leave the warm-up as gaps and give values after it', () => {
    const [ema] = indicatorLines('ema', CANDLES, 'light', { ...DEFAULT_INDICATOR_SETTINGS, ema: { period: 5 } });
    const points = linePoints(ema!, CANDLES);
    expect(points).toHaveLength(30);
    expect(points[3]).toEqual({ time: toChartTime(CANDLES[3]!.t) });
    expect(points[4]).toEqual({ time: toChartTime(CANDLES[4]!.t), value: 102 });
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

  it('turn the candles of an index (no OI) into gaps, not a flat line at zero', () => {
    const index = [candle(0, { oi: 0 }), candle(1, { oi: 0 })];
    const [oi] = indicatorLines('oi', index, 'light');
    expect(linePoints(oi!, index)).toEqual([{ time: toChartTime(index[0]!.t) }, { time: toChartTime(index[1]!.t) }]);
  });

  it('colour Supertrend by its trend, point by point', () => {
    const rising = Array.from({ length: 30 }, (_, i) =>
      candle(i, { o: 100 + 4 * i, h: 103 + 4 * i, l: 99 + 4 * i, c: 102 + 4 * i }),
    );
    const [trend] = indicatorLines('supertrend', rising, 'light');
    const points = linePoints(trend!, rising);
    expect(points.at(-1)).toMatchObject({ color: '#2f9e44' });
    expect(trend?.colours).toHaveLength(30);
  });

  it('live, give exactly the last point of every line as the forming candle changes and new ones start', () => {
    const zigzag = Array.from({ length: 60 }, (_, i) =>
      candle(i, { o: 100 + (i % 7), h: 104 + (i % 7), l: 97 + (i % 5), c: 100 + ((i * 13) % 9), v: 10 + i, oi: i * 3 }),
    );
    const lastOfLines = (kind: (typeof INDICATOR_KINDS)[number], candles: typeof zigzag, theme: 'light' | 'dark') =>
      candles.length === 0
        ? []
        : indicatorLines(kind, candles, theme).map((line) => ({
            key: line.key,
            value: line.values.at(-1),
            colour: line.colours?.at(-1) ?? null,
          }));
    for (const theme of ['light', 'dark'] as const) {
      for (const kind of INDICATOR_KINDS) {
        for (const from of [40, 3, 1, 0]) {
          // A history of `from` candles, then the rest live: each candle forms over three ticks before the next.
          const shown = zigzag.slice(0, from);
          const { live } = indicatorSeries(kind, shown, theme);
          expect(live.lastValues(shown)).toEqual(lastOfLines(kind, shown, theme));
          for (const next of zigzag.slice(from)) {
            for (const close of [next.c - 2, next.c + 3, next.c]) {
              const forming = { ...next, c: close, h: Math.max(next.h, close), l: Math.min(next.l, close) };
              if (shown.at(-1)?.t === next.t) shown[shown.length - 1] = forming;
              else shown.push(forming);
              expect(live.lastValues(shown)).toEqual(lastOfLines(kind, shown, theme));
            }
          }
        }
      }
    }
  });
});
