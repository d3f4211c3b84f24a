import { StrictMode, act, createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartGroup } from './chart-group';
import { installCanvasStub } from './test/canvas-stub';
import { candle } from './test/candle-fixtures';
import { GroupedCandleChart, useChartGroup } from './use-chart-group';

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

let current: ChartGroup | null = null;

const HISTORY = [candle(0), candle(1)];

function Page({ count, showLegend }: { count: number; showLegend: boolean }): ReactElement {
  // No observer in this test: every chart is created as soon as it joins.
  const group = useChartGroup({ environment: { createObserver: null } });
  current = group;
  return createElement(
    'div',
    null,
    Array.from({ length: count }, (_, i) =>
      createElement(GroupedCandleChart, {
        key: i,
        group,
        chartId: `chart-${i}`,
        candles: HISTORY,
        theme: 'light',
        showLegend,
        style: { width: 400, height: 200 },
        ariaLabel: `Chart ${i}`,
      }),
    ),
  );
}

function render(count: number, showLegend = true): void {
  act(() => root.render(createElement(StrictMode, null, createElement(Page, { count, showLegend }))));
}

describe('useChartGroup and GroupedCandleChart', () => {
  it('creates one chart per element under StrictMode and destroys them all on unmount', () => {
    render(3);
    expect(current?.counts()).toEqual({ added: 3, created: 3 });
    expect(host.querySelectorAll('.tv-lightweight-charts')).toHaveLength(3);
    expect(current?.chart('chart-2')?.candles()).toHaveLength(2);
    const group = current;
    act(() => root.unmount());
    expect(group?.counts()).toEqual({ added: 0, created: 0 });
    root = createRoot(host);
  });

  it('hands the same candles over once, so what the page changed on the group since stays (a cut replay)', () => {
    render(2);
    current?.setCandles('chart-1', [candle(0)]);
    render(2, false);
    expect(current?.chart('chart-1')?.candles()).toHaveLength(1);
    expect(current?.chart('chart-0')?.candles()).toHaveLength(2);
  });

  it('removes the charts that leave and forwards option changes', async () => {
    render(3);
    render(1, false);
    expect(current?.counts()).toEqual({ added: 1, created: 1 });
    await vi.waitFor(() => expect(host.querySelector<HTMLElement>('.candle-chart-legend')?.hidden).toBe(true));
  });
});
