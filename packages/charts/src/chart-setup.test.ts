import type { IChartApi, LogicalRange } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { INITIAL_VISIBLE_CANDLES, RIGHT_OFFSET_BARS, showLatestCandles } from './chart-setup';

/** A chart of `plotWidth` px (its time scale's width) and `elementWidth` px, recording what it was scrolled to. */
function chartOf(plotWidth: number, elementWidth = 0) {
  const shown: { range: LogicalRange | null; fitted: boolean } = { range: null, fitted: false };
  const chart = {
    timeScale: () => ({
      width: () => plotWidth,
      setVisibleLogicalRange: (range: LogicalRange) => {
        shown.range = range;
      },
      fitContent: () => {
        shown.fitted = true;
      },
    }),
    chartElement: () => ({ clientWidth: elementWidth }),
  } as unknown as IChartApi; // only what showLatestCandles reads
  return { chart, shown };
}

describe('showLatestCandles', () => {
  it('shows the latest 150 candles on a wide chart', () => {
    const { chart, shown } = chartOf(1_300);
    showLatestCandles(chart, 2_000);
    expect(shown.range).toEqual({ from: 2_000 - INITIAL_VISIBLE_CANDLES, to: 1_999 + RIGHT_OFFSET_BARS });
  });

  it('shows fewer on a narrow chart, each candle at least 6 px wide', () => {
    const { chart, shown } = chartOf(424);
    showLatestCandles(chart, 2_000);
    // 424 px hold 70 slots of 6 px, five of them the empty ones right of the last candle.
    expect(shown.range).toEqual({ from: 2_000 - 65, to: 1_999 + RIGHT_OFFSET_BARS });
  });

  it("takes the chart element's width, less the price scale, before the chart has laid itself out", () => {
    const { chart, shown } = chartOf(0, 424 + 60);
    showLatestCandles(chart, 2_000);
    expect(shown.range?.from).toBe(2_000 - 65);
  });

  it('fits the candles when they all fit, and keeps 150 while the chart has no width', () => {
    const few = chartOf(424);
    showLatestCandles(few.chart, 40);
    expect(few.shown).toEqual({ range: null, fitted: true });
    const unsized = chartOf(0, 0);
    showLatestCandles(unsized.chart, 2_000);
    expect(unsized.shown.range?.from).toBe(2_000 - INITIAL_VISIBLE_CANDLES);
  });
});
