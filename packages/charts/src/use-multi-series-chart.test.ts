import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesSpec } from './multi-series-chart';
import { installCanvasStub } from './test/canvas-stub';
import { MultiSeriesChartView, useCrosshairSync } from './use-multi-series-chart';

let removeStub: () => void;
beforeAll(() => {
  removeStub = installCanvasStub();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => removeStub());

const T0 = Date.UTC(2026, 10, 27, 3, 45);
const line = (id: string, axis: 'left' | 'right'): SeriesSpec => ({
  id,
  label: id,
  colour: '#123456',
  axis,
  points: [0, 1, 2].map((i) => ({ t: T0 + i * 60_000, v: 100 + i })),
});

let root: Root;
let host: HTMLDivElement;
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('MultiSeriesChartView', () => {
  it('draws a chart per panel, joins them to one crosshair sync, and leaves it on unmount', () => {
    let size = -1;
    function Grid({ panels }: { panels: number }) {
      const sync = useCrosshairSync();
      size = sync.size;
      return createElement(
        'div',
        null,
        Array.from({ length: panels }, (_, i) =>
          createElement(MultiSeriesChartView, {
            key: i,
            series: [line('ltp', 'right'), line('oi', 'left')],
            theme: 'dark',
            sync,
            ariaLabel: `panel ${i}`,
            style: { width: 400, height: 200 },
          }),
        ),
      );
    }
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root.render(createElement(Grid, { panels: 3 })));
    expect(host.querySelectorAll('[role="img"]')).toHaveLength(3);
    expect(host.querySelectorAll('canvas').length).toBeGreaterThan(0);
    act(() => root.render(createElement(Grid, { panels: 2 })));
    act(() => root.render(createElement(Grid, { panels: 2 })));
    expect(size).toBe(2);
  });
});
