// A real lightweight-charts chart in happy-dom for a test file (canvas stubbed, see canvas-stub.ts): created in a
// 600 × 300 container before each test and removed after it.
import { createChart, type IChartApi } from 'lightweight-charts';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { installCanvasStub } from './canvas-stub';

/** Registers the file's hooks; the result's `chart` is the current test's chart. */
export function stubbedChart(): { readonly chart: IChartApi } {
  let removeStub: () => void = () => undefined;
  let container: HTMLDivElement | undefined;
  let chart: IChartApi | undefined;
  beforeAll(() => {
    removeStub = installCanvasStub();
  });
  afterAll(() => removeStub());
  beforeEach(() => {
    container = document.createElement('div');
    Object.assign(container.style, { width: '600px', height: '300px' });
    document.body.append(container);
    chart = createChart(container);
  });
  afterEach(() => {
    chart?.remove();
    container?.remove();
  });
  return {
    get chart(): IChartApi {
      if (chart === undefined) throw new Error('the chart exists only inside a test');
      return chart;
    },
  };
}
