import { act, createElement, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useChartLifecycle } from './use-chart-lifecycle';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

interface FakeChart {
  label: string;
  container: HTMLElement;
  destroyed: boolean;
  destroy(): void;
}

const created: FakeChart[] = [];
let shown: FakeChart | null = null;

function Chart({ label }: { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  shown = useChartLifecycle(ref, (container) => {
    const chart: FakeChart = {
      label,
      container,
      destroyed: false,
      destroy() {
        chart.destroyed = true;
      },
    };
    created.push(chart);
    return chart;
  });
  return createElement('div', { ref });
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  created.length = 0;
  shown = null;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => host.remove());

describe('useChartLifecycle', () => {
  it('creates the chart once in the mounted element, keeps it across re-renders and destroys it on unmount', () => {
    act(() => root.render(createElement(Chart, { label: 'first' })));
    expect(created).toHaveLength(1);
    expect(shown).toBe(created[0]);
    expect(created[0]?.container).toBe(host.firstElementChild);

    act(() => root.render(createElement(Chart, { label: 'second' })));
    expect(created).toHaveLength(1);
    expect(shown?.label).toBe('first');

    act(() => root.unmount());
    expect(created[0]?.destroyed).toBe(true);
  });
});
