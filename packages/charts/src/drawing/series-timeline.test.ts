import { LineSeries } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { toChartTime } from '../chart-time';
import { LiveTailSeries } from '../live-tail-series';
import { stubbedChart } from '../test/stubbed-chart';
import { SeriesTimeline } from './series-timeline';

const mounted = stubbedChart();

const T0 = Date.parse('2026-11-20T03:45:00Z');
const at = (i: number) => T0 + i * 60_000;
const point = (i: number) => ({ time: toChartTime(at(i)), value: 100 + i });

describe('SeriesTimeline', () => {
  it('places bars of a live tail after the series own, once each, and follows new ones', () => {
    const series = new LiveTailSeries(mounted.chart, LineSeries, {}, true);
    series.setData([0, 1, 2].map(point));
    const timeline = new SeriesTimeline(series.history, series.tail);
    expect(timeline.instants()).toEqual([0, 1, 2].map(at));
    series.update(point(3));
    expect(timeline.instants()).toEqual([0, 1, 2, 3].map(at));
    expect(timeline.logicalOf(at(3))).toBe(3);
    timeline.dispose();
  });
});
