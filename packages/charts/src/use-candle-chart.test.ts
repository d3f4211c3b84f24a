import { StrictMode, act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHART_PALETTES } from './chart-theme';
import { installCanvasStub } from './test/canvas-stub';
import { candle } from './test/candle-fixtures';
import { CandleChartView, type CandleChartViewProps } from './use-candle-chart';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let removeStub: () => void;
beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  removeStub = installCanvasStub();
});
afterAll(() => removeStub());

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const HISTORY = [candle(0), candle(1, { c: 24_520 })];

function render(props: CandleChartViewProps, strict = false): void {
  const view = createElement(CandleChartView, props);
  act(() => root.render(strict ? createElement(StrictMode, null, view) : view));
}

function chartElements(): Element[] {
  return [...host.querySelectorAll('.tv-lightweight-charts')];
}

function legendLabel(): string | null {
  return host.querySelector('.candle-chart-legend')?.getAttribute('aria-label') ?? null;
}

describe('CandleChartView', () => {
  it('creates one chart and keeps it through re-renders with new props', () => {
    render({ theme: 'light', candles: HISTORY, style: { height: 300 }, ariaLabel: 'NIFTY FUT 1 minute' });
    const [first] = chartElements();
    expect(first).toBeDefined();
    expect(host.querySelector('[role="figure"]')?.getAttribute('aria-label')).toBe('NIFTY FUT 1 minute');
    expect(legendLabel()).toContain('Close 24,520.00');

    render({ theme: 'dark', candles: HISTORY, liveCandle: candle(2, { c: 24_600 }), showOi: false });
    expect(chartElements()).toEqual([first]);
    expect(legendLabel()).toContain('Close 24,600.00');
    expect(legendLabel()).not.toContain('OI');
    const legend = host.querySelector<HTMLElement>('.candle-chart-legend')!;
    const probe = document.createElement('span');
    probe.style.color = CHART_PALETTES.dark.text;
    expect(legend.style.color).toBe(probe.style.color);
  });

  it('keeps the live candle on top of a history refresh that ends before it', () => {
    const live = candle(5, { c: 24_700 });
    render({ theme: 'light', candles: HISTORY, liveCandle: live });
    render({ theme: 'light', candles: [...HISTORY, candle(2)], liveCandle: live });
    expect(legendLabel()).toContain('20-Nov-2026 9:20 am');
    expect(legendLabel()).toContain('Close 24,700.00');
  });

  it('leaves exactly one chart under StrictMode and none after unmount', () => {
    render({ theme: 'light', candles: HISTORY }, true);
    expect(chartElements()).toHaveLength(1);
    act(() => root.render(null));
    expect(chartElements()).toHaveLength(0);
    expect(host.querySelector('.candle-chart-legend')).toBeNull();
  });
});
