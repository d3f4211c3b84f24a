import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CandleChart } from './candle-chart';
import { CHART_PALETTES } from './chart-theme';
import { installCanvasStub } from './test/canvas-stub';
import { candle } from './test/candle-fixtures';

// happy-dom paints nothing: these tests drive a real lightweight-charts chart (canvas stubbed) and check what the
// class exposes — the candles it holds and the legend it renders — not pixels.
let removeStub: () => void;
beforeAll(() => {
  removeStub = installCanvasStub();
});
afterAll(() => removeStub());

let container: HTMLDivElement;
let chart: CandleChart | null = null;

function mount(options: ConstructorParameters<typeof CandleChart>[1] = { theme: 'light' }): CandleChart {
  container = document.createElement('div');
  Object.assign(container.style, { width: '800px', height: '400px' });
  document.body.append(container);
  chart = new CandleChart(container, options);
  return chart;
}

function legend(): HTMLElement {
  const element = container.querySelector<HTMLElement>('.candle-chart-legend');
  if (element === null) throw new Error('no legend');
  return element;
}

afterEach(() => {
  chart?.destroy();
  container.remove();
});

describe('CandleChart', () => {
  it('creates a chart in the container and removes everything on destroy', () => {
    const created = mount();
    expect(container.querySelectorAll('canvas').length).toBeGreaterThan(0);
    expect(container.style.position).toBe('relative');
    created.destroy();
    expect(container.children).toHaveLength(0);
    expect(container.style.position).toBe('');
  });

  it('does nothing once destroyed (React may clean up before a late update arrives)', () => {
    const created = mount();
    created.destroy();
    expect(() => created.setCandles([candle(0)])).not.toThrow();
    expect(created.updateCandle(candle(1))).toBe('ignore');
    expect(created.candles()).toHaveLength(0);
    expect(() => created.destroy()).not.toThrow();
  });

  it('holds history sorted with one candle per start, and the legend shows the last candle', () => {
    const created = mount();
    created.setCandles([candle(2, { c: 24_530 }), candle(0), candle(1, { c: 24_520 }), candle(1, { c: 24_490 })]);
    expect(created.candles().map((c) => c.c)).toEqual([24_510, 24_490, 24_530]);
    expect(legend().getAttribute('role')).toBe('group');
    expect(legend().getAttribute('aria-label')).toContain('20-Nov-2026 9:17 am, Open 24,500.00');
    expect(legend().getAttribute('aria-label')).toContain('Change +₹40.00 (+0.16%)');
    expect(legend().textContent).toContain('C 24,530.00');
  });

  it('updates the forming candle, appends the next one and ignores an older one', () => {
    const created = mount();
    created.setCandles([candle(0), candle(1)]);
    expect(created.updateCandle(candle(1, { c: 24_555, h: 24_560 }))).toBe('replace');
    expect(legend().textContent).toContain('C 24,555.00');
    expect(created.updateCandle(candle(2, { c: 24_540 }))).toBe('append');
    expect(created.updateCandle(candle(0, { c: 1 }))).toBe('ignore');
    expect(created.candles().map((c) => c.c)).toEqual([24_510, 24_555, 24_540]);
    expect(legend().getAttribute('aria-label')).toContain('Change -₹15.00');
  });

  it('shows OI and volume only for instruments that have them, and only when asked', () => {
    const created = mount();
    created.setCandles([candle(0, { oi: 0, atp: 0, v: 0 }), candle(1, { oi: 0, atp: 0, v: 0 })]);
    expect(legend().getAttribute('aria-label')).not.toMatch(/OI|ATP|Volume/);
    expect(created.updateCandle(candle(1, { oi: 0, atp: 0, v: 0, c: 24_600 }))).toBe('replace');
    expect(legend().getAttribute('aria-label')).not.toMatch(/OI|ATP|Volume/);
    created.setCandles([candle(0), candle(1)]);
    expect(legend().getAttribute('aria-label')).toContain('OI 1.23Cr');
    created.setOptions({ showOi: false, showVolume: false });
    expect(legend().getAttribute('aria-label')).not.toMatch(/OI|Volume/);
    created.setOptions({ showOi: true });
    expect(legend().getAttribute('aria-label')).toContain('OI 1.23Cr');
  });

  it('the spot type hides the OI scale, volume, ATP and OI even when the candles carry them', () => {
    const created = mount({ theme: 'light', type: 'spot' });
    created.setCandles([candle(0), candle(1)]);
    const label = legend().getAttribute('aria-label') ?? '';
    expect(label).toContain('Open 24,500.00');
    expect(label).not.toMatch(/OI|ATP|Volume/);
    created.setOptions({ type: 'candles' });
    expect(legend().getAttribute('aria-label')).toMatch(/Volume 1.50L, ATP 24,505.35, OI 1.23Cr/);
  });

  it('hides the legend on request and when there are no candles', () => {
    const created = mount({ theme: 'dark', showLegend: false });
    created.setCandles([candle(0)]);
    expect(legend().hidden).toBe(true);
    created.setOptions({ showLegend: true });
    expect(legend().hidden).toBe(false);
    created.setCandles([]);
    expect(legend().style.visibility).toBe('hidden');
  });

  it('recolours the legend when the theme changes', () => {
    const created = mount({ theme: 'light' });
    created.setCandles([candle(0, { o: 100, c: 90 })]);
    const closeValue = [...legend().querySelectorAll('span')].find((span) => span.textContent === '90.00');
    expect(closeValue?.style.color).toBe(toRgb(CHART_PALETTES.light.down));
    created.setTheme('dark');
    expect(closeValue?.style.color).toBe(toRgb(CHART_PALETTES.dark.down));
  });

  it('labels daily candles with dates', () => {
    const created = mount({ theme: 'light', intraday: false });
    created.setCandles([candle(0)]);
    expect(legend().getAttribute('aria-label')).toMatch(/^20-Nov-2026, Open/);
  });

  it('keeps an already positioned container as it is', () => {
    container = document.createElement('div');
    container.style.position = 'absolute';
    document.body.append(container);
    chart = new CandleChart(container, { theme: 'light' });
    chart.destroy();
    expect(container.style.position).toBe('absolute');
  });
});

// happy-dom may keep a colour as written or normalise it to rgb(); compare in the form it reports.
function toRgb(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  return probe.style.color;
}
