import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type Logical } from 'lightweight-charts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toChartTime } from '../chart-time';
import { installCanvasStub } from '../test/canvas-stub';
import { DrawingController } from './drawing-controller';
import type { Drawing, DrawingTool } from './drawing-model';
import { HorizontalLinePrimitive } from './horizontal-line';

// A real lightweight-charts chart in happy-dom (canvas stubbed, nothing painted): the controller's placing,
// selecting and deleting are driven through its click/key entry points and read back through the scales.
let removeStub: () => void;
beforeAll(() => {
  removeStub = installCanvasStub();
});
afterAll(() => removeStub());

const OPEN = Date.parse('2026-11-20T03:45:00Z');
const MINUTE = 60_000;

let container: HTMLDivElement;
let chart: IChartApi;
let series: ISeriesApi<'Candlestick'>;
let controller: DrawingController;
let changes: Drawing[][];
let tools: (DrawingTool | null)[];
let ids: number;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  chart = createChart(container, { width: 800, height: 400, layout: { attributionLogo: false } });
  series = chart.addSeries(CandlestickSeries);
  series.setData(
    Array.from({ length: 60 }, (_, i) => ({
      time: toChartTime(OPEN + i * 5 * MINUTE),
      open: 100 + i,
      high: 105 + i,
      low: 95 + i,
      close: 102 + i,
    })),
  );
  chart.timeScale().setVisibleLogicalRange({ from: 0, to: 59 });
  changes = [];
  tools = [];
  ids = 0;
  controller = new DrawingController(chart, series, {
    onChange: (drawings) => changes.push(drawings),
    onToolChange: (tool) => tools.push(tool),
    createId: () => `d${++ids}`,
  });
});

afterEach(() => {
  controller.destroy();
  chart.remove();
  container.remove();
});

function yOf(price: number): number {
  const y = series.priceToCoordinate(price);
  if (y === null) throw new Error(`price ${price} is off the scale`);
  return y;
}

function xOf(index: number): number {
  const x = chart.timeScale().logicalToCoordinate(index as Logical);
  if (x === null) throw new Error(`bar ${index} is off the scale`);
  return x;
}

describe('drawing controller', () => {
  it('places a horizontal line at the clicked price with one click, then clicks select again', () => {
    controller.setTool('horizontal-line');
    controller.click({ x: 300, y: yOf(130) });
    const [line] = controller.drawings();
    expect(line).toMatchObject({ kind: 'horizontal-line', id: 'd1' });
    expect(line?.kind === 'horizontal-line' && line.price).toBeCloseTo(130, 0);
    expect(changes).toHaveLength(1);
    expect(controller.tool()).toBeNull();
    expect(tools).toEqual(['horizontal-line', null]);
  });

  it('places a trend line with two clicks, anchored to the clicked bars’ times and prices', () => {
    controller.setTool('trend-line');
    controller.click({ x: xOf(10), y: yOf(120) });
    expect(controller.drawings()).toHaveLength(0);
    controller.move({ x: xOf(30), y: yOf(150) });
    controller.click({ x: xOf(40), y: yOf(140) });
    const [line] = controller.drawings();
    if (line?.kind !== 'trend-line') throw new Error('no trend line');
    expect(line.from.time).toBe(OPEN + 50 * MINUTE);
    expect(line.to.time).toBe(OPEN + 200 * MINUTE);
    expect(line.from.price).toBeCloseTo(120, 0);
    expect(line.to.price).toBeCloseTo(140, 0);
    expect(changes).toHaveLength(1);
  });

  it('places a rectangle and a Fibonacci retracement with two clicks each, like a trend line', () => {
    for (const tool of ['rectangle', 'fib-retracement'] as const) {
      controller.setTool(tool);
      controller.click({ x: xOf(10), y: yOf(120) });
      controller.move({ x: xOf(20), y: yOf(150) });
      controller.click({ x: xOf(30), y: yOf(140) });
    }
    const [rectangle, fib] = controller.drawings();
    expect(rectangle).toMatchObject({ kind: 'rectangle', from: { time: OPEN + 50 * MINUTE } });
    expect(fib).toMatchObject({ kind: 'fib-retracement', to: { time: OPEN + 150 * MINUTE } });
    expect(fib?.kind === 'fib-retracement' && fib.to.price).toBeCloseTo(140, 0);
    expect(tools).toEqual(['rectangle', null, 'fib-retracement', null]);
    expect(changes).toHaveLength(2);
  });

  it('selects a rectangle clicked inside it and a retracement clicked on one of its levels', () => {
    controller.load([
      { kind: 'rectangle', id: 'r', from: { time: OPEN, price: 110 }, to: { time: OPEN + 50 * MINUTE, price: 130 } },
      {
        kind: 'fib-retracement',
        id: 'f',
        from: { time: OPEN + 150 * MINUTE, price: 100 },
        to: { time: OPEN + 250 * MINUTE, price: 200 },
      },
    ]);
    controller.click({ x: xOf(5), y: yOf(120) });
    expect(controller.selected()).toBe('r');
    // The 0.5 level of the move from 100 to 200 is at 150, between bars 30 and 50.
    controller.click({ x: xOf(40), y: yOf(150) + 2 });
    expect(controller.selected()).toBe('f');
    controller.click({ x: xOf(40), y: yOf(143) });
    expect(controller.selected()).toBeNull();
  });

  it('selects a drawing clicked on, clears the selection clicking elsewhere, and deletes with the Delete key', () => {
    controller.load([
      { kind: 'horizontal-line', id: 'h', price: 130 },
      { kind: 'trend-line', id: 't', from: { time: OPEN, price: 110 }, to: { time: OPEN + 100 * MINUTE, price: 150 } },
    ]);
    controller.click({ x: 600, y: yOf(130) + 2 });
    expect(controller.selected()).toBe('h');
    controller.click({ x: 600, y: yOf(180) });
    expect(controller.selected()).toBeNull();
    // Midway along the trend line: bar 10, price 130.
    controller.click({ x: xOf(10), y: yOf(130) });
    expect(controller.selected()).toBe('t');
    chart.chartElement().dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true }));
    expect(controller.drawings().map((d) => d.id)).toEqual(['h']);
    expect(controller.selected()).toBeNull();
    expect(changes.at(-1)?.map((d) => d.id)).toEqual(['h']);
  });

  it('does nothing on Delete with no selection; Escape cancels a half-drawn trend line and the tool', () => {
    expect(controller.key('Delete')).toBe(false);
    controller.setTool('trend-line');
    controller.click({ x: xOf(5), y: yOf(120) });
    expect(controller.key('Escape')).toBe(true);
    expect(controller.tool()).toBeNull();
    controller.click({ x: xOf(20), y: yOf(120) });
    expect(controller.drawings()).toHaveLength(0);
  });

  it('attaches one primitive per drawing and detaches them when loading others or destroyed', () => {
    controller.load([{ kind: 'horizontal-line', id: 'a', price: 120 }]);
    controller.load([
      { kind: 'horizontal-line', id: 'b', price: 121 },
      { kind: 'horizontal-line', id: 'c', price: 122 },
    ]);
    expect(controller.drawings().map((d) => d.id)).toEqual(['b', 'c']);
    expect(changes).toHaveLength(0);
    controller.destroy();
    expect(controller.drawings()).toEqual([]);
    expect(chart.chartElement().hasAttribute('tabindex')).toBe(false);
  });

  it('makes the chart focusable so the keys reach it', () => {
    expect(chart.chartElement().tabIndex).toBe(0);
  });
});

describe('horizontal line primitive', () => {
  it('is hit within a few pixels of its line and labels the price axis with the formatted price', () => {
    const line = new HorizontalLinePrimitive(
      { kind: 'horizontal-line', id: 'x', price: 130 },
      { style: { colour: '#123456', width: 1, labelText: '#fff', formatPrice: (p) => `₹${p}` } },
    );
    series.attachPrimitive(line);
    line.updateAllViews();
    expect(line.hitTest(10, yOf(130) + 4)?.externalId).toBe('x');
    expect(line.hitTest(10, yOf(130) + 9)).toBeNull();
    const [label] = line.priceAxisViews();
    expect(label?.text()).toBe('₹130');
    expect(label?.backColor()).toBe('#123456');
    series.detachPrimitive(line);
    expect(line.coordinate()).toBeNull();
  });
});
