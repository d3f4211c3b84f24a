// The legend drawn over the chart's top-left corner: plain DOM (no framework), text only (no HTML parsing), and
// click-through so the crosshair keeps working under it.
import type { ChartPalette } from './chart-theme';
import { legendLabel, type LegendDirection, type LegendFields, type LegendVisibility } from './legend';

type FieldKey = 'open' | 'high' | 'low' | 'close' | 'volume' | 'atp' | 'oi';

// Prices take the candle's direction colour; the optional fields follow the chart's visibility options.
const FIELDS: readonly { key: FieldKey; label: string; coloured: boolean; optional?: keyof LegendVisibility }[] = [
  { key: 'open', label: 'O', coloured: true },
  { key: 'high', label: 'H', coloured: true },
  { key: 'low', label: 'L', coloured: true },
  { key: 'close', label: 'C', coloured: true },
  { key: 'volume', label: 'Vol', coloured: false, optional: 'volume' },
  { key: 'atp', label: 'ATP', coloured: false, optional: 'atp' },
  { key: 'oi', label: 'OI', coloured: false, optional: 'oi' },
];

/** What the legend writes to its elements. */
type Written = 'text' | 'aria-label' | 'color' | 'background' | 'visibility';

/** Gap between the legend and the price scales. */
const MARGIN_PX = 8;
/** Room kept for the right price scale until the chart reports its width. */
const DEFAULT_RIGHT_INSET_PX = 80;

/** The legend element of one chart. */
export class LegendView {
  readonly element: HTMLDivElement;
  private readonly time: HTMLSpanElement;
  private readonly values = new Map<FieldKey, { item: HTMLSpanElement; value: HTMLSpanElement }>();
  private readonly change: HTMLSpanElement;
  /** The key of the chart's indicator lines: each name in its line's colour, on a row of its own. */
  private readonly key: HTMLSpanElement;
  private palette: Readonly<ChartPalette>;
  private fields: LegendFields | null = null;
  /** What was last written to each element, so unchanged values are not written again. */
  private readonly written = new WeakMap<HTMLElement, Map<Written, string | null>>();
  private visibility: LegendVisibility;

  /** Adds the legend to a container (which must be positioned, as the chart's container is). */
  constructor(container: HTMLElement, palette: Readonly<ChartPalette>, visibility: LegendVisibility) {
    this.palette = palette;
    this.visibility = { ...visibility };
    const doc = container.ownerDocument;
    this.element = doc.createElement('div');
    this.element.className = 'candle-chart-legend';
    this.element.setAttribute('role', 'group');
    Object.assign(this.element.style, {
      position: 'absolute',
      top: '4px',
      left: `${MARGIN_PX}px`,
      zIndex: '3',
      pointerEvents: 'none',
      display: 'flex',
      flexWrap: 'wrap',
      gap: '0 8px',
      maxWidth: `calc(100% - ${DEFAULT_RIGHT_INSET_PX}px)`,
      padding: '2px 6px',
      borderRadius: '4px',
      font: '12px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      fontVariantNumeric: 'tabular-nums',
    });
    this.time = this.span(doc);
    this.element.append(this.time);
    for (const field of FIELDS) {
      const item = this.span(doc);
      const label = this.span(doc);
      label.textContent = `${field.label} `;
      label.style.opacity = '0.7';
      const value = this.span(doc);
      item.append(label, value);
      this.element.append(item);
      this.values.set(field.key, { item, value });
    }
    this.change = this.span(doc);
    this.key = this.span(doc);
    this.key.className = 'candle-chart-legend-key';
    Object.assign(this.key.style, { flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: '0 8px' });
    this.key.hidden = true;
    this.element.append(this.change, this.key);
    container.append(this.element);
    this.paint();
  }

  /** Shows a candle's fields, or hides the legend when there is no candle. */
  show(fields: LegendFields | null): void {
    this.fields = fields;
    this.paint();
  }

  /** Names the chart's indicator lines, each in its colour (none: no key). */
  setKey(entries: readonly { name: string; colour: string }[]): void {
    const doc = this.key.ownerDocument;
    this.key.replaceChildren(
      ...entries.map(({ name, colour }) => {
        const entry = this.span(doc);
        entry.textContent = name;
        entry.style.color = colour;
        return entry;
      }),
    );
    toggleHidden(this.key, entries.length === 0);
  }

  /** Recolours the legend for another theme. */
  setPalette(palette: Readonly<ChartPalette>): void {
    this.palette = palette;
    this.paint();
  }

  /** Shows or hides the optional fields. */
  setVisibility(visibility: LegendVisibility): void {
    this.visibility = { ...visibility };
    this.paint();
  }

  /** Keeps the legend between the price scales: `left` and `right` are their widths in pixels (0 when hidden). */
  setInsets(left: number, right: number): void {
    const start = Math.round(left) + MARGIN_PX;
    this.element.style.left = `${start}px`;
    this.element.style.maxWidth = `calc(100% - ${start + Math.round(right) + MARGIN_PX}px)`;
  }

  /** Shows or hides the whole legend. */
  setHidden(hidden: boolean): void {
    this.element.hidden = hidden;
  }

  /** Removes the legend from the page. */
  remove(): void {
    this.element.remove();
  }

  // Called on every live update and crosshair move: only what changed is written to the DOM.
  private paint(): void {
    const { fields, palette, element } = this;
    this.write(element, 'color', palette.text);
    this.write(element, 'background', palette.legendBackground);
    this.write(element, 'visibility', fields === null ? 'hidden' : 'visible');
    if (fields === null) {
      this.write(element, 'aria-label', null);
      return;
    }
    const colour = directionColour(fields.direction, palette);
    this.write(this.time, 'text', fields.time);
    for (const field of FIELDS) {
      const slot = this.values.get(field.key);
      if (slot === undefined) continue;
      const text = fields[field.key];
      toggleHidden(slot.item, text === null || (field.optional !== undefined && !this.visibility[field.optional]));
      this.write(slot.value, 'text', text ?? '');
      this.write(slot.value, 'color', field.coloured ? colour : '');
    }
    toggleHidden(this.change, fields.change === null);
    const change = fields.change === null ? '' : fields.change;
    this.write(this.change, 'text', fields.changePercent === null ? change : `${change} (${fields.changePercent})`);
    this.write(this.change, 'color', colour);
    // The accessible label names only what is on screen.
    this.write(element, 'aria-label', legendLabel(fields, this.visibility));
  }

  private write(target: HTMLElement, what: Written, value: string | null): void {
    let written = this.written.get(target);
    if (written === undefined) {
      written = new Map();
      this.written.set(target, written);
    }
    if (written.has(what) && written.get(what) === value) return;
    written.set(what, value);
    if (what === 'text') target.textContent = value;
    else if (what === 'aria-label') {
      if (value === null) target.removeAttribute(what);
      else target.setAttribute(what, value);
    } else target.style[what] = value ?? '';
  }

  private span(doc: Document): HTMLSpanElement {
    return doc.createElement('span');
  }
}

function toggleHidden(element: HTMLElement, hidden: boolean): void {
  if (element.hidden !== hidden) element.hidden = hidden;
}

/** The colour of a direction: up and down colours, the text colour when unchanged. */
export function directionColour(direction: LegendDirection, palette: Readonly<ChartPalette>): string {
  if (direction === 'up') return palette.up;
  return direction === 'down' ? palette.down : palette.text;
}
