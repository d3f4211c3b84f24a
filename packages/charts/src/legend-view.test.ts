import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHART_PALETTES } from './chart-theme';
import { legendFor } from './legend';
import { LegendView, directionColour } from './legend-view';
import { candle } from './test/candle-fixtures';

const ALL = { volume: true, atp: true, oi: true };
let container: HTMLDivElement;
let view: LegendView;

beforeEach(() => {
  container = document.createElement('div');
  container.style.position = 'relative';
  document.body.append(container);
  view = new LegendView(container, CHART_PALETTES.light, ALL);
});
afterEach(() => container.remove());

function shownText(): string {
  const visible = (node: Element): boolean =>
    !(node as HTMLElement).hidden && (node.parentElement === null || visible(node.parentElement));
  return [...view.element.querySelectorAll('span')]
    .filter((span) => span.children.length === 0 && visible(span))
    .map((span) => span.textContent)
    .join('')
    .trim();
}

// Compare colours in the form happy-dom reports them.
function cssColour(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  return probe.style.color;
}

describe('legend element', () => {
  it('sits inside the container, positioned and click-through, hidden until there is a candle', () => {
    expect(view.element.parentElement).toBe(container);
    expect(view.element.style.position).toBe('absolute');
    expect(view.element.style.pointerEvents).toBe('none');
    expect(view.element.style.visibility).toBe('hidden');
    expect(view.element.hasAttribute('aria-label')).toBe(false);
  });

  it('shows the fields with short labels and an accessible label', () => {
    view.show(legendFor(candle(1, { c: 24_510 }), 24_490));
    expect(shownText()).toBe(
      '20-Nov-2026 9:16 amO 24,500.00H 24,520.50L 24,480.25C 24,510.00Vol 1.50LATP 24,505.35OI 1.23Cr+₹20.00 (+0.08%)',
    );
    expect(view.element.getAttribute('role')).toBe('group');
    expect(view.element.getAttribute('aria-label')).toContain('Close 24,510.00');
    expect(view.element.style.visibility).toBe('visible');
  });

  it('leaves out fields the chart hides or the instrument lacks', () => {
    view.setVisibility({ volume: false, atp: true, oi: true });
    view.show(legendFor(candle(0, { atp: 0, oi: 0 }), null));
    expect(shownText()).toBe('20-Nov-2026 9:15 amO 24,500.00H 24,520.50L 24,480.25C 24,510.00');
    expect(view.element.getAttribute('aria-label')).not.toMatch(/Volume|ATP|OI|Change/);
  });

  it('colours prices and the change by direction, and recolours for another theme', () => {
    view.show(legendFor(candle(1, { c: 24_400 }), 24_490));
    const close = [...view.element.querySelectorAll('span')].find((span) => span.textContent === '24,400.00')!;
    expect(close.style.color).toBe(cssColour(CHART_PALETTES.light.down));
    view.setPalette(CHART_PALETTES.dark);
    expect(close.style.color).toBe(cssColour(CHART_PALETTES.dark.down));
    expect(view.element.style.color).toBe(cssColour(CHART_PALETTES.dark.text));
  });

  it('writes only what changed (it is repainted on every live update)', async () => {
    view.show(legendFor(candle(1, { c: 24_510 }), 24_490));
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(view.element, { subtree: true, childList: true, characterData: true, attributes: true });
    view.show(legendFor(candle(1, { c: 24_510 }), 24_490));
    await Promise.resolve();
    expect(mutations).toHaveLength(0);
    view.show(legendFor(candle(1, { c: 24_515 }), 24_490));
    await Promise.resolve();
    expect(mutations.length).toBeGreaterThan(0);
    observer.disconnect();
  });

  it('keeps between the price scales', () => {
    view.setInsets(66.4, 70);
    expect(view.element.style.left).toBe('74px');
    expect(view.element.style.maxWidth).toBe('calc(100% - 152px)');
  });

  it('can be hidden and removed', () => {
    view.setHidden(true);
    expect(view.element.hidden).toBe(true);
    view.remove();
    expect(container.children).toHaveLength(0);
  });

  it('uses the text colour for an unchanged candle', () => {
    expect(directionColour('flat', CHART_PALETTES.dark)).toBe(CHART_PALETTES.dark.text);
    expect(directionColour('up', CHART_PALETTES.dark)).toBe(CHART_PALETTES.dark.up);
  });
});
