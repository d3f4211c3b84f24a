import type { MouseEventParams, Time } from 'lightweight-charts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toChartTime } from './chart-time';
import { CrosshairSync, MultiSeriesChart, crosshairTime, seriesData, type SeriesSpec } from './multi-series-chart';
import { installCanvasStub } from './test/canvas-stub';

// A real lightweight-charts chart (canvas stubbed, as the candle chart's tests do): what the class holds and which
// crosshair calls the sync makes, not pixels.
let removeStub: () => void;
beforeAll(() => {
  removeStub = installCanvasStub();
});
afterAll(() => removeStub());

const T0 = Date.UTC(2026, 10, 27, 3, 45); // 09:15 IST
const minutes = (values: readonly (number | null)[]) => values.map((v, i) => ({ t: T0 + i * 60_000, v }));
const price: SeriesSpec = {
  id: 'ltp',
  label: 'LTP',
  colour: '#1f77b4',
  axis: 'right',
  points: minutes([101, 102, 103]),
};
const oi: SeriesSpec = {
  id: 'oi',
  label: 'OI',
  colour: '#ff7f0e',
  axis: 'left',
  format: 'quantity',
  kind: 'bars',
  points: minutes([5_000, 5_200, 5_100]),
};

const made: MultiSeriesChart[] = [];
function mount(): MultiSeriesChart {
  const container = document.createElement('div');
  Object.assign(container.style, { width: '600px', height: '300px' });
  document.body.append(container);
  const chart = new MultiSeriesChart(container, { theme: 'light' });
  made.push(chart);
  return chart;
}
afterEach(() => {
  for (const chart of made.splice(0)) chart.destroy();
  document.body.replaceChildren();
});

function move(time: number | null): MouseEventParams<Time> {
  return time === null
    ? { time: undefined, point: undefined, seriesData: new Map(), logical: undefined, hoveredSeries: undefined }
    : ({
        time: toChartTime(time),
        point: { x: 10, y: 10 },
        seriesData: new Map(),
      } as unknown as MouseEventParams<Time>);
}

describe('MultiSeriesChart', () => {
  it('puts each series on the scale it names and shows the left scale only when a series uses it', () => {
    const chart = mount();
    chart.setSeries([price]);
    expect(chart.scales()).toEqual({ left: [], right: ['ltp'] });
    expect(chart.api.options().leftPriceScale.visible).toBe(false);
    chart.setSeries([price, oi]);
    expect(chart.scales()).toEqual({ left: ['oi'], right: ['ltp'] });
    expect(chart.api.options().leftPriceScale.visible).toBe(true);
  });

  it('keeps a series by id across updates and drops the ones no longer given', () => {
    const chart = mount();
    chart.setSeries([price, oi]);
    const first = chart.crosshairSeries();
    chart.setSeries([{ ...price, points: minutes([101, 102, 103, 104]) }]);
    expect(chart.crosshairSeries()).toBe(first);
    expect(first?.data()).toHaveLength(4);
    expect(chart.scales()).toEqual({ left: [], right: ['ltp'] });
  });

  it('orders points by time and leaves a gap where a value is missing', () => {
    const data = seriesData([
      { t: T0 + 60_000, v: 2 },
      { t: T0, v: 1 },
      { t: T0 + 120_000, v: null },
    ]);
    expect(data).toEqual([
      { time: toChartTime(T0), value: 1 },
      { time: toChartTime(T0 + 60_000), value: 2 },
      { time: toChartTime(T0 + 120_000) },
    ]);
  });
});

describe('CrosshairSync', () => {
  function spied(chart: MultiSeriesChart) {
    return {
      // happy-dom lays nothing out, so the chart has no pane to put a crosshair on: record the calls only.
      set: vi.spyOn(chart.api, 'setCrosshairPosition').mockImplementation(() => undefined),
      clear: vi.spyOn(chart.api, 'clearCrosshairPosition').mockImplementation(() => undefined),
    };
  }
  function handlerOf(chart: MultiSeriesChart, subscribe: { mock: { calls: unknown[][] } }) {
    const call = subscribe.mock.calls[0] as [(param: MouseEventParams<Time>) => void] | undefined;
    if (call === undefined) throw new Error(`${chart.scales().right.join()} did not subscribe`);
    return call[0];
  }

  it('puts every other panel’s crosshair at the hovered instant, on that panel’s own value', () => {
    const [a, b, c] = [mount(), mount(), mount()];
    a.setSeries([price]);
    b.setSeries([{ ...price, points: minutes([201, 202, 203]) }]);
    c.setSeries([oi]);
    const subscribe = vi.spyOn(a.api, 'subscribeCrosshairMove');
    const sync = new CrosshairSync();
    for (const chart of [a, b, c]) sync.join(chart);
    const [bSpy, cSpy, aSpy] = [spied(b), spied(c), spied(a)];
    handlerOf(a, subscribe)(move(T0 + 60_000));
    expect(bSpy.set).toHaveBeenCalledWith(202, toChartTime(T0 + 60_000), b.crosshairSeries());
    expect(cSpy.set).toHaveBeenCalledWith(5_200, toChartTime(T0 + 60_000), c.crosshairSeries());
    expect(aSpy.set).not.toHaveBeenCalled();
  });

  it('clears the other crosshairs when the pointer leaves, and forgets a panel that left', () => {
    const [a, b] = [mount(), mount()];
    a.setSeries([price]);
    b.setSeries([price]);
    const subscribe = vi.spyOn(a.api, 'subscribeCrosshairMove');
    const sync = new CrosshairSync();
    sync.join(a);
    const leaveB = sync.join(b);
    const bSpy = spied(b);
    handlerOf(a, subscribe)(move(null));
    expect(bSpy.clear).toHaveBeenCalledTimes(1);
    leaveB();
    expect(sync.size).toBe(1);
    handlerOf(a, subscribe)(move(T0));
    expect(bSpy.set).not.toHaveBeenCalled();
  });

  it('clears a panel whose chart cannot place a crosshair yet instead of failing the hovered panel', () => {
    const [a, b, c] = [mount(), mount(), mount()];
    a.setSeries([price]);
    b.setSeries([price]);
    c.setSeries([oi]);
    const subscribe = vi.spyOn(a.api, 'subscribeCrosshairMove');
    const sync = new CrosshairSync();
    for (const chart of [a, b, c]) sync.join(chart);
    const [bSpy, cSpy] = [spied(b), spied(c)];
    bSpy.set.mockImplementation(() => {
      throw new Error('Value is null');
    });
    expect(() => handlerOf(a, subscribe)(move(T0 + 60_000))).not.toThrow();
    expect(bSpy.clear).toHaveBeenCalledTimes(1);
    expect(cSpy.set).toHaveBeenCalledWith(5_200, toChartTime(T0 + 60_000), c.crosshairSeries());
  });

  it('reads the epoch-ms instant of a crosshair event, none off the data', () => {
    expect(crosshairTime(move(T0))).toBe(T0);
    expect(crosshairTime(move(null))).toBeNull();
  });
});
