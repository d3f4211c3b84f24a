import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHART_STATE_ATTRIBUTE, ChartGroup, type ChartGroupEnvironment, type ChartGroupFlush } from './chart-group';
import { installCanvasStub } from './test/canvas-stub';
import { candle } from './test/candle-fixtures';

let removeStub: () => void;
beforeAll(() => {
  removeStub = installCanvasStub();
});
afterAll(() => removeStub());

/** A hand-driven browser: frames, idle periods and visibility happen only when the test says so. */
function fakeEnvironment() {
  let nextHandle = 1;
  const frames = new Map<number, () => void>();
  const idles = new Map<number, (timeRemaining?: () => number) => void>();
  const observed = new Set<Element>();
  let onVisible: ((element: Element) => void) | null = null;
  let clock = 0;
  const environment: ChartGroupEnvironment = {
    requestFrame: (callback) => {
      frames.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelFrame: (handle) => frames.delete(handle),
    requestIdle: (callback) => {
      idles.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelIdle: (handle) => idles.delete(handle),
    createObserver: (callback) => {
      onVisible = callback;
      return {
        observe: (element) => observed.add(element),
        unobserve: (element) => observed.delete(element),
        disconnect: () => observed.clear(),
      };
    },
    now: () => (clock += 2),
  };
  return {
    environment,
    frames,
    observed,
    runFrame() {
      const pending = [...frames.values()];
      frames.clear();
      for (const callback of pending) callback();
    },
    runIdle(timeRemaining?: () => number) {
      const pending = [...idles.values()];
      idles.clear();
      for (const callback of pending) callback(timeRemaining);
    },
    show(element: Element) {
      onVisible?.(element);
    },
  };
}

const containers: HTMLElement[] = [];
function container(): HTMLElement {
  const element = document.createElement('div');
  Object.assign(element.style, { width: '600px', height: '300px' });
  document.body.append(element);
  containers.push(element);
  return element;
}

afterEach(() => {
  for (const element of containers.splice(0)) element.remove();
});

describe('ChartGroup', () => {
  it('creates a chart only when its container nears the viewport, with the candles given before', () => {
    const browser = fakeEnvironment();
    const group = new ChartGroup({ environment: browser.environment, createWhenIdle: false });
    const visible = container();
    const below = container();
    group.add('a', visible, { theme: 'light' });
    group.add('b', below, { theme: 'light' });
    group.setCandles('a', [candle(0), candle(1)]);
    group.setCandles('b', [candle(0)]);
    expect(group.counts()).toEqual({ added: 2, created: 0 });
    expect(visible.getAttribute(CHART_STATE_ATTRIBUTE)).toBe('waiting');

    browser.show(visible);
    expect(group.counts()).toEqual({ added: 2, created: 1 });
    expect(group.chart('a')?.candles()).toHaveLength(2);
    expect(group.chart('b')).toBeNull();
    expect(browser.observed.has(visible)).toBe(false);
    expect(visible.getAttribute(CHART_STATE_ATTRIBUTE)).toBe('created');
    group.destroy();
  });

  it('creates the charts below the fold one per idle period', () => {
    const browser = fakeEnvironment();
    const group = new ChartGroup({ environment: browser.environment });
    for (const id of ['a', 'b', 'c']) group.add(id, container(), { theme: 'dark' });
    browser.runIdle();
    expect(group.counts().created).toBe(1);
    browser.runIdle();
    browser.runIdle();
    expect(group.counts()).toEqual({ added: 3, created: 3 });
    group.destroy();
  });

  it('creates more than one chart in an idle period while it has time left', () => {
    const browser = fakeEnvironment();
    const group = new ChartGroup({ environment: browser.environment });
    for (const id of ['a', 'b', 'c', 'd']) group.add(id, container(), { theme: 'light' });
    let left = 30;
    browser.runIdle(() => (left -= 10));
    expect(group.counts().created).toBe(3);
    group.destroy();
  });

  it('applies the live candles queued for many charts together in one animation frame', () => {
    const browser = fakeEnvironment();
    const flushes: ChartGroupFlush[] = [];
    const group = new ChartGroup({
      environment: browser.environment,
      flushed: (flush) => flushes.push(flush),
      flushMeasure: null,
    });
    const ids = Array.from({ length: 31 }, (_, i) => `chart-${i}`);
    for (const id of ids) {
      const element = container();
      group.add(id, element, { theme: 'light' });
      group.setCandles(id, [candle(0), candle(1)]);
      browser.show(element);
    }
    browser.runFrame();
    browser.runFrame();
    for (const id of ids) group.queueLive(id, candle(1, { c: 24_600 }));
    for (const id of ids) group.queueLive(id, candle(1, { c: 24_610 }));
    expect(browser.frames.size).toBe(1);
    expect(group.chart('chart-0')?.candles().at(-1)?.c).toBe(24_510);

    browser.runFrame();
    expect(flushes).toEqual([{ charts: 31, durationMs: 2 }]);
    for (const id of ids) expect(group.chart(id)?.candles().at(-1)?.c).toBe(24_610);
    group.destroy();
  });

  it('keeps the live candle of a chart not created yet and applies it on creation; new candles drop it', () => {
    const browser = fakeEnvironment();
    const group = new ChartGroup({ environment: browser.environment, createWhenIdle: false });
    const element = container();
    group.add('a', element, { theme: 'light' });
    group.setCandles('a', [candle(0)]);
    group.queueLive('a', candle(1, { c: 24_700 }));
    expect(browser.frames.size).toBe(0);
    browser.show(element);
    expect(
      group
        .chart('a')
        ?.candles()
        .map((c) => c.c),
    ).toEqual([24_510, 24_700]);

    group.queueLive('a', candle(2, { c: 24_800 }));
    group.setCandles('a', [candle(0), candle(1)]);
    browser.runFrame();
    expect(group.chart('a')?.candles()).toHaveLength(2);
    group.destroy();
  });

  it('marks a chart painted two frames after it got its candles, and again after new candles', () => {
    const browser = fakeEnvironment();
    const painted: string[] = [];
    const group = new ChartGroup({
      environment: browser.environment,
      createWhenIdle: false,
      painted: (id) => painted.push(id),
    });
    const element = container();
    group.add('a', element, { theme: 'light' });
    browser.show(element);
    browser.runFrame();
    expect(painted).toEqual([]);
    group.setCandles('a', [candle(0)]);
    browser.runFrame();
    expect(element.getAttribute(CHART_STATE_ATTRIBUTE)).toBe('created');
    browser.runFrame();
    expect(element.getAttribute(CHART_STATE_ATTRIBUTE)).toBe('painted');
    group.setCandles('a', [candle(0), candle(1)]);
    browser.runFrame();
    browser.runFrame();
    expect(painted).toEqual(['a', 'a']);
    group.destroy();
  });

  it('passes option changes to created charts and remembers them for later ones (the spot type, legends)', () => {
    const browser = fakeEnvironment();
    const group = new ChartGroup({ environment: browser.environment, createWhenIdle: false });
    const element = container();
    group.add('index', element, { theme: 'light' });
    group.setOptions('index', { type: 'spot', showLegend: false, showOi: undefined });
    group.setCandles('index', [candle(0)]);
    browser.show(element);
    const legend = element.querySelector<HTMLElement>('.candle-chart-legend');
    expect(legend?.hidden).toBe(true);
    expect(legend?.getAttribute('aria-label')).not.toMatch(/OI|Volume|ATP/);
    group.setOptions('index', { showLegend: true });
    expect(legend?.hidden).toBe(false);
    group.destroy();
  });

  it('destroys every chart and cancels its frames on destroy; a removed chart leaves its container empty', () => {
    const browser = fakeEnvironment();
    const group = new ChartGroup({ environment: browser.environment, createWhenIdle: false });
    const first = container();
    const second = container();
    group.add('a', first, { theme: 'light' });
    group.add('b', second, { theme: 'light' });
    browser.show(first);
    browser.show(second);
    group.setCandles('a', [candle(0)]);
    group.queueLive('b', candle(0));
    group.remove('a');
    expect(first.children).toHaveLength(0);
    expect(first.hasAttribute(CHART_STATE_ATTRIBUTE)).toBe(false);
    group.destroy();
    expect(second.children).toHaveLength(0);
    expect(browser.frames.size).toBe(0);
    expect(group.counts()).toEqual({ added: 0, created: 0 });
    group.add('c', container(), { theme: 'light' });
    expect(group.counts().added).toBe(0);
  });
});
