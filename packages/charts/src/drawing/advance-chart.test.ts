import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installCanvasStub } from '../test/canvas-stub';
import { toChartTime } from '../chart-time';
import { candle } from '../test/candle-fixtures';
import { AdvanceChart, BARS_ATTRIBUTE, INDICATORS_ATTRIBUTE, PANES_ATTRIBUTE } from './advance-chart';

// A real lightweight-charts chart in happy-dom (canvas stubbed): what the Advance Chart adds and removes, not pixels.
let removeStub: () => void;
beforeAll(() => {
  removeStub = installCanvasStub();
});
afterAll(() => removeStub());

let container: HTMLDivElement;
let chart: AdvanceChart | null = null;

function mount(options: Partial<ConstructorParameters<typeof AdvanceChart>[1]> = {}): AdvanceChart {
  container = document.createElement('div');
  Object.assign(container.style, { width: '800px', height: '400px' });
  document.body.append(container);
  chart = new AdvanceChart(container, { theme: 'light', ...options });
  chart.setCandles(Array.from({ length: 40 }, (_, i) => candle(i, { c: 24_500 + (i % 7) * 3 })));
  return chart;
}

afterEach(() => {
  chart?.destroy();
  container.remove();
});

describe('Advance Chart', () => {
  it('starts with one pane and no indicators', () => {
    const created = mount();
    expect(created.paneCount()).toBe(1);
    expect(container.getAttribute(INDICATORS_ATTRIBUTE)).toBe('');
    expect(container.getAttribute(PANES_ATTRIBUTE)).toBe('1');
  });

  it('draws overlay indicators in the price pane and RSI in a pane of its own, in menu order', () => {
    const created = mount();
    created.setIndicators(['rsi', 'ema', 'bollinger']);
    expect(created.shownIndicators()).toEqual(['ema', 'bollinger', 'rsi']);
    expect(created.paneCount()).toBe(2);
    expect(container.getAttribute(INDICATORS_ATTRIBUTE)).toBe('ema,bollinger,rsi');
    expect(container.getAttribute(PANES_ATTRIBUTE)).toBe('2');
  });

  it('draws the overlay lines without a series each, keeps them live and names them in the legend', () => {
    const created = mount({ indicators: ['ema', 'bollinger', 'rsi'] });
    const seriesIn = (pane: number) => created.api.panes()[pane]!.getSeries().length;
    // The candles (history and live tail) and the volume bars (likewise) in the price pane; the RSI line in its own.
    expect([seriesIn(0), seriesIn(1)]).toEqual([4, 2]);
    const key = Array.from(container.querySelectorAll('.candle-chart-legend-key span'), (span) => span.textContent);
    expect(key).toEqual(['EMA 20', 'Bollinger 20, 2', 'RSI 14']);
    // A live candle moves the lines' last values to what the whole history gives.
    created.updateCandle(candle(40, { c: 24_700 }));
    created.updateCandle(candle(40, { c: 24_720 }));
    const fresh = new AdvanceChart(document.createElement('div'), { theme: 'light', indicators: ['ema'] });
    fresh.setCandles(created.candles());
    const lastEma = (chart: AdvanceChart) => chart.overlayValues('ema')?.at(-1);
    expect(lastEma(created)).toBe(lastEma(fresh));
    expect(lastEma(created)).toBeGreaterThan(24_500);
    fresh.destroy();
  });

  it('removes the RSI pane with the RSI', () => {
    const created = mount({ indicators: ['rsi', 'vwap'] });
    expect(created.paneCount()).toBe(2);
    created.setIndicators(['vwap']);
    expect(created.paneCount()).toBe(1);
    expect(container.getAttribute(INDICATORS_ATTRIBUTE)).toBe('vwap');
  });

  it('takes live candles, keeps indicators and survives a theme change', () => {
    const created = mount({ indicators: ['sma', 'rsi'] });
    expect(created.updateCandle(candle(40, { c: 24_600 }))).toBe('append');
    expect(created.updateCandle(candle(40, { c: 24_610 }))).toBe('replace');
    expect(created.updateCandle(candle(10))).toBe('ignore');
    expect(created.candles()).toHaveLength(41);
    expect(container.getAttribute(BARS_ATTRIBUTE)).toBe('41');
    created.setTheme('dark');
    expect(created.paneCount()).toBe(2);
  });

  it('has no volume series for an instrument without volume until a live candle trades some', () => {
    const created = mount();
    // The volume bars are drawn by two series (the history and the live tail): count what both hold.
    const volumes = () =>
      created.api
        .panes()[0]!
        .getSeries()
        .filter((series) => series.seriesType() === 'Histogram');
    const volumeBars = () => volumes().reduce((sum, series) => sum + series.data().length, 0);
    const volumeVisible = () => volumes().every((series) => series.options().visible);
    expect(volumeBars()).toBe(40);
    created.setCandles(Array.from({ length: 40 }, (_, i) => candle(i, { v: 0 })));
    const volumeInLegend = () =>
      Array.from(container.querySelectorAll<HTMLElement>('.candle-chart-legend > span')).some(
        (item) => !item.hidden && item.textContent?.startsWith('Vol '),
      );
    expect(volumes()).toHaveLength(0);
    expect(volumeInLegend()).toBe(false);
    created.updateCandle(candle(40, { v: 0 }));
    expect(volumes()).toHaveLength(0);
    created.updateCandle(candle(40, { v: 25 }));
    expect(volumeBars()).toBe(41);
    expect(volumeVisible()).toBe(true);
    expect(volumeInLegend()).toBe(true);
  });

  it('puts a synced crosshair on the candle holding the instant, the live one on the series drawing it', () => {
    const created = mount();
    created.updateCandle(candle(40, { c: 24_650 }));
    const live = created.crosshairPoint(toChartTime(candle(40).t));
    expect(live).toMatchObject({ time: toChartTime(candle(40).t), value: 24_650 });
    expect(live?.series.data().at(-1)).toMatchObject({ time: toChartTime(candle(40).t), close: 24_650 });
    const earlier = created.crosshairPoint(toChartTime(candle(12).t + 30_000));
    expect(earlier).toMatchObject({ time: toChartTime(candle(12).t), value: 24_500 + (12 % 7) * 3 });
    expect(earlier?.series).toBe(created.crosshairSeries());
  });

  it('says on its container how many candles it shows', () => {
    const created = mount();
    expect(container.getAttribute(BARS_ATTRIBUTE)).toBe('40');
    created.setCandles([candle(0), candle(1)]);
    expect(container.getAttribute(BARS_ATTRIBUTE)).toBe('2');
    created.destroy();
    expect(container.hasAttribute(BARS_ATTRIBUTE)).toBe(false);
  });

  it('carries drawing tools whose drawings are cleared with the chart', () => {
    const created = mount();
    created.drawings().load([{ kind: 'horizontal-line', id: 'h', price: 24_505 }]);
    expect(created.drawings().drawings()).toHaveLength(1);
    created.destroy();
    expect(created.drawings().drawings()).toHaveLength(0);
    expect(container.querySelector('canvas')).toBeNull();
    expect(container.style.position).toBe('');
    expect(created.updateCandle(candle(50))).toBe('ignore');
  });
});
