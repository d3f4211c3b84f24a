import { CandlestickSeries, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { LiveTailSeries, liveTailSplit } from './live-tail-series';
import { stubbedChart } from './test/stubbed-chart';

// A real lightweight-charts chart in happy-dom (canvas stubbed): which series holds which points.
const mounted = stubbedChart();

const at = (i: number) => (1_767_600_000 + i * 60) as UTCTimestamp;
const line = (i: number, value = 100 + i) => ({ time: at(i), value });
const times = (points: ReadonlyArray<{ time: unknown }>) => points.map((point) => point.time);

describe('liveTailSplit', () => {
  it('leaves the last point to the tail, and a joined tail the one before it too', () => {
    expect(liveTailSplit(5, false)).toEqual({ historyEnd: 4, tailStart: 4 });
    expect(liveTailSplit(5, true)).toEqual({ historyEnd: 4, tailStart: 3 });
    expect(liveTailSplit(1, true)).toEqual({ historyEnd: 0, tailStart: 0 });
    expect(liveTailSplit(0, false)).toEqual({ historyEnd: 0, tailStart: 0 });
  });
});

describe('LiveTailSeries', () => {
  it('keeps every point but the last in the history and joins a line to its tail', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, {}, true);
    series.setData([0, 1, 2, 3].map((i) => line(i)));
    expect(times(series.history.data())).toEqual([at(0), at(1), at(2)]);
    expect(times(series.tail.data())).toEqual([at(2), at(3)]);
  });

  it('replaces the last point in the tail only, leaving the history untouched', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, {}, true);
    series.setData([0, 1, 2, 3].map((i) => line(i)));
    let historyChanges = 0;
    series.history.subscribeDataChanged(() => (historyChanges += 1));
    series.update(line(3, 150));
    series.update(line(3, 151));
    expect(historyChanges).toBe(0);
    expect(series.tail.data()).toEqual([line(2), line(3, 151)]);
  });

  it('moves the last point into the history when a later one comes', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, {}, true);
    series.setData([0, 1, 2].map((i) => line(i)));
    series.update(line(2, 140));
    series.update(line(3, 141));
    expect(series.history.data()).toEqual([line(0), line(1), line(2, 140)]);
    expect(series.tail.data()).toEqual([line(2, 140), line(3, 141)]);
  });

  it('gives candles a tail of the last bar alone, and starts from an empty series', () => {
    const series = new LiveTailSeries(mounted.chart, CandlestickSeries, {}, false);
    const bar = (i: number, close: number) => ({ time: at(i), open: 1, high: 200, low: 0.5, close });
    series.update(bar(0, 10));
    series.update(bar(0, 11));
    series.update(bar(1, 12));
    expect(series.history.data()).toEqual([bar(0, 11)]);
    expect(series.tail.data()).toEqual([bar(1, 12)]);
  });

  it('rejects a point before the last, as lightweight-charts does', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, {}, true);
    series.setData([0, 1, 2].map((i) => line(i)));
    expect(() => series.update(line(1))).toThrow(/oldest data/);
  });

  it('shows the last value, its price line and the title on the tail only', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, { title: 'EMA 20', lastValueVisible: true }, true);
    series.applyOptions({ title: 'EMA 21', color: '#123456' });
    expect(series.tail.options()).toMatchObject({ title: 'EMA 21', lastValueVisible: true, color: '#123456' });
    expect(series.history.options()).toMatchObject({
      title: '',
      lastValueVisible: false,
      priceLineVisible: false,
      color: '#123456',
    });
  });

  it('removes both series', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, {}, true);
    series.remove(mounted.chart);
    expect(mounted.chart.panes()[0]!.getSeries()).toHaveLength(0);
  });
});
