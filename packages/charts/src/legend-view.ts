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
  private palette: Readonly<ChartPalette>;
  private fields: LegendFields | null = null;
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
    this.element.append(this.change);
    container.append(this.element);
    this.paint();
  }

  /** Shows a candle's fields, or hides the legend when there is no candle. */
  show(fields: LegendFields | null): void {
    this.fields = fields;
    this.paint();
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

  private paint(): void {
    const { fields, palette } = this;
    this.element.style.color = palette.text;
    this.element.style.background = palette.legendBackground;
    this.element.style.visibility = fields === null ? 'hidden' : 'visible';
    if (fields === null) {
      this.element.removeAttribute('aria-label');
      return;
    }
    const colour = directionColour(fields.direction, palette);
    this.time.textContent = fields.time;
    for (const field of FIELDS) {
      const slot = this.values.get(field.key);
      if (slot === undefined) continue;
      const text = fields[field.key];
      slot.item.hidden = text === null || (field.optional !== undefined && !this.visibility[field.optional]);
      slot.value.textContent = text ?? '';
      slot.value.style.color = field.coloured ? colour : '';
    }
    this.change.hidden = fields.change === null;
    this.change.textContent =
      fields.change === null
        ? ''
        : `${fields.change}${fields.changePercent === null ? '' : ` (${fields.changePercent})`}`;
    this.change.style.color = colour;
    // The accessible label names only what is on screen.
    this.element.setAttribute('aria-label', legendLabel(fields, this.visibility));
  }

  private span(doc: Document): HTMLSpanElement {
    return doc.createElement('span');
  }
}

/** The colour of a direction: up and down colours, the text colour when unchanged. */
export function directionColour(direction: LegendDirection, palette: Readonly<ChartPalette>): string {
  if (direction === 'up') return palette.up;
  return direction === 'down' ? palette.down : palette.text;
}
