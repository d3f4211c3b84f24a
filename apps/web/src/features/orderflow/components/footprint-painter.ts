// Paints the slice of a footprint that is in view on a 2D canvas: the session's volume profile on the left, for each
// candle its rows of "bid × ask" shaded by which side led, the POC boxed, the value area as a bar, imbalances in bold
// colour, stacked imbalances as a band, absorption and delta-divergence marks above the candle, the VWAP line, a
// price axis on the right and delta, cumulative delta and volume under the candles.
import type { FootprintData } from '@fnodesk/contracts';
import { formatIndianNumber, istMillisOfDay } from '@fnodesk/domain';
import {
  FOOTPRINT_SIZES,
  cellVolume,
  columnX,
  priceY,
  rowLean,
  rowY,
  visibleCandles,
  type FootprintGeometry,
} from '../utils/footprint-geometry';

/** Colours of the footprint in one colour mode. */
interface Palette {
  background: string;
  text: string;
  muted: string;
  grid: string;
  buy: string;
  sell: string;
  buyShade: string;
  sellShade: string;
  poc: string;
  valueArea: string;
  vwap: string;
  selected: string;
}

const PALETTES: Readonly<Record<'light' | 'dark', Palette>> = {
  light: {
    background: '#ffffff',
    text: '#212529',
    muted: '#6c757d',
    grid: '#dee2e6',
    buy: '#198754',
    sell: '#dc3545',
    buyShade: '25, 135, 84',
    sellShade: '220, 53, 69',
    poc: '#e0a800',
    valueArea: '#0d6efd',
    vwap: '#fd7e14',
    selected: 'rgba(13, 110, 253, 0.08)',
  },
  dark: {
    background: '#1b1f24',
    text: '#e9ecef',
    muted: '#9aa4ae',
    grid: '#343a40',
    buy: '#4cc38a',
    sell: '#f0646f',
    buyShade: '76, 195, 138',
    sellShade: '240, 100, 111',
    poc: '#ffcd39',
    valueArea: '#6ea8fe',
    vwap: '#fd9843',
    selected: 'rgba(110, 168, 254, 0.12)',
  },
};

const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const BOLD = `bold ${FONT}`;

function timeLabel(t: number): string {
  const minutes = Math.floor(istMillisOfDay(t) / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Draws the footprint's columns between `left` and `left + width` of the full drawing. */
export function paintFootprint(
  ctx: CanvasRenderingContext2D,
  footprint: FootprintData,
  g: FootprintGeometry,
  view: { left: number; width: number; theme: 'light' | 'dark'; selected: number | null },
): void {
  const p = PALETTES[view.theme];
  const s = FOOTPRINT_SIZES;
  const { candles } = footprint;
  ctx.save();
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, view.width, g.height);
  ctx.translate(-view.left, 0);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';

  const { first, last } = visibleCandles(g, view.left, view.width, candles.length);
  for (let i = first; i <= last; i++) paintCandle(ctx, footprint, g, i, p, view.selected === i);
  paintVwap(ctx, footprint, g, first, last, p);
  ctx.restore();

  // The profile and the axis stay put while the candles scroll under them.
  paintProfile(ctx, footprint, g, p);
  paintAxis(ctx, g, view.width, p);
  paintFooterLabels(ctx, g, p);
  ctx.fillStyle = p.muted;
  ctx.font = FONT;
  ctx.textAlign = 'left';
  ctx.fillText(`Row ₹${formatIndianNumber(footprint.rowSize, 2)}`, 4, s.header / 2);
}

function paintCandle(
  ctx: CanvasRenderingContext2D,
  footprint: FootprintData,
  g: FootprintGeometry,
  index: number,
  p: Palette,
  selected: boolean,
): void {
  const s = FOOTPRINT_SIZES;
  const candle = footprint.candles[index]!;
  const x = columnX(g, index);
  if (selected) {
    ctx.fillStyle = p.selected;
    ctx.fillRect(x, 0, s.column, g.height);
  }
  ctx.strokeStyle = p.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(x + s.column - 0.5, 0);
  ctx.lineTo(x + s.column - 0.5, g.height);
  ctx.stroke();

  // Header: time, then absorption (A) and divergence (D) marks.
  ctx.textAlign = 'left';
  ctx.fillStyle = p.muted;
  ctx.font = FONT;
  ctx.fillText(timeLabel(candle.t), x + 14, 10);
  const marks: { text: string; colour: string }[] = [];
  if (candle.absorption !== null) marks.push({ text: 'A', colour: candle.absorption === 'buy' ? p.buy : p.sell });
  if (candle.divergence !== null) {
    marks.push({ text: 'D', colour: candle.divergence === 'bullish' ? p.buy : p.sell });
  }
  ctx.font = BOLD;
  marks.forEach((mark, i) => {
    ctx.fillStyle = mark.colour;
    ctx.fillText(mark.text, x + 14 + i * 14, 26);
  });

  // Candle: a wick and body in the column's left gutter.
  const up = candle.c >= candle.o;
  ctx.strokeStyle = up ? p.buy : p.sell;
  ctx.fillStyle = up ? p.buy : p.sell;
  ctx.beginPath();
  ctx.moveTo(x + 6.5, priceY(g, candle.h));
  ctx.lineTo(x + 6.5, priceY(g, candle.l));
  ctx.stroke();
  const bodyTop = priceY(g, Math.max(candle.o, candle.c));
  const bodyBottom = priceY(g, Math.min(candle.o, candle.c));
  ctx.fillRect(x + 4, bodyTop, 5, Math.max(1, bodyBottom - bodyTop));

  // Value area bar.
  ctx.fillStyle = p.valueArea;
  const vaTop = rowY(g, candle.valueAreaHigh);
  ctx.fillRect(x + 11, vaTop, 2, rowY(g, candle.valueAreaLow) + s.row - vaTop);

  // Rows.
  let largest = 0;
  for (const level of candle.levels) largest = Math.max(largest, level.bid, level.ask);
  const buyImbalances = new Set(candle.buyImbalances);
  const sellImbalances = new Set(candle.sellImbalances);
  const cellLeft = x + 16;
  const cellWidth = s.column - 22;
  const middle = cellLeft + cellWidth / 2;
  for (const level of candle.levels) {
    const y = rowY(g, level.price);
    const lean = rowLean(level.bid, level.ask, largest);
    if (lean !== 0) {
      ctx.fillStyle = `rgba(${lean > 0 ? p.buyShade : p.sellShade}, ${0.08 + 0.32 * Math.abs(lean)})`;
      ctx.fillRect(cellLeft, y + 1, cellWidth, s.row - 2);
    }
    if (level.price === candle.poc) {
      ctx.strokeStyle = p.poc;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(cellLeft + 0.5, y + 1.5, cellWidth - 1, s.row - 3);
      ctx.lineWidth = 1;
    }
    const sellImbalance = sellImbalances.has(level.price);
    const buyImbalance = buyImbalances.has(level.price);
    ctx.font = sellImbalance ? BOLD : FONT;
    ctx.fillStyle = sellImbalance ? p.sell : p.text;
    ctx.textAlign = 'right';
    ctx.fillText(cellVolume(level.bid), middle - 6, y + s.row / 2);
    ctx.textAlign = 'center';
    ctx.fillStyle = p.muted;
    ctx.font = FONT;
    ctx.fillText('×', middle, y + s.row / 2);
    ctx.font = buyImbalance ? BOLD : FONT;
    ctx.fillStyle = buyImbalance ? p.buy : p.text;
    ctx.textAlign = 'left';
    ctx.fillText(cellVolume(level.ask), middle + 6, y + s.row / 2);
  }

  // Stacked imbalances: a band at the column's right edge.
  for (const run of candle.stacked) {
    const top = rowY(g, run.to);
    ctx.fillStyle = run.side === 'buy' ? p.buy : p.sell;
    ctx.fillRect(x + s.column - 5, top, 3, rowY(g, run.from) + s.row - top);
  }

  // Footer figures.
  ctx.font = FONT;
  ctx.textAlign = 'center';
  const footer = [
    { value: candle.delta, signed: true },
    { value: candle.cumDelta, signed: true },
    { value: candle.v, signed: false },
  ];
  footer.forEach((cell, i) => {
    const y = g.rowsBottom + 4 + i * s.footerRow + s.footerRow / 2;
    ctx.fillStyle = cell.signed ? (cell.value >= 0 ? p.buy : p.sell) : p.text;
    ctx.fillText(cellVolume(cell.value), x + s.column / 2, y);
  });
}

function paintVwap(
  ctx: CanvasRenderingContext2D,
  footprint: FootprintData,
  g: FootprintGeometry,
  first: number,
  last: number,
  p: Palette,
): void {
  ctx.strokeStyle = p.vwap;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  for (let i = first; i <= last; i++) {
    const candle = footprint.candles[i]!;
    const y = priceY(g, candle.vwap);
    const x = columnX(g, i);
    if (i === first) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
    ctx.lineTo(x + FOOTPRINT_SIZES.column, y);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 1;
}

function paintProfile(ctx: CanvasRenderingContext2D, footprint: FootprintData, g: FootprintGeometry, p: Palette) {
  const s = FOOTPRINT_SIZES;
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, s.profile, g.height);
  let largest = 0;
  for (const level of footprint.profile) largest = Math.max(largest, level.bid + level.ask);
  if (largest === 0) return;
  const half = (s.profile - 8) / 2;
  const centre = 4 + half;
  for (const level of footprint.profile) {
    const y = rowY(g, level.price) + 2;
    const height = s.row - 4;
    // Sells to the left of the centre, buys to the right.
    ctx.fillStyle = p.sell;
    const sellWidth = (level.bid / largest) * half * 2;
    ctx.fillRect(centre - Math.min(half, sellWidth), y, Math.min(half, sellWidth), height);
    ctx.fillStyle = p.buy;
    ctx.fillRect(centre, y, Math.min(half, (level.ask / largest) * half * 2), height);
  }
  ctx.strokeStyle = p.grid;
  ctx.beginPath();
  ctx.moveTo(s.profile - 0.5, 0);
  ctx.lineTo(s.profile - 0.5, g.height);
  ctx.stroke();
}

function paintAxis(ctx: CanvasRenderingContext2D, g: FootprintGeometry, width: number, p: Palette) {
  const s = FOOTPRINT_SIZES;
  const x = width - s.axis;
  ctx.fillStyle = p.background;
  ctx.fillRect(x, 0, s.axis, g.height);
  ctx.strokeStyle = p.grid;
  ctx.beginPath();
  ctx.moveTo(x + 0.5, 0);
  ctx.lineTo(x + 0.5, g.height);
  ctx.stroke();
  ctx.fillStyle = p.muted;
  ctx.font = FONT;
  ctx.textAlign = 'left';
  const digits = g.rowSize < 1 ? 2 : 0;
  for (let row = 0; row < g.rows; row++) {
    const price = g.top - row * g.rowSize;
    ctx.fillText(formatIndianNumber(price, digits), x + 6, g.rowsTop + row * s.row + s.row / 2);
  }
}

function paintFooterLabels(ctx: CanvasRenderingContext2D, g: FootprintGeometry, p: Palette) {
  const s = FOOTPRINT_SIZES;
  ctx.fillStyle = p.background;
  ctx.fillRect(0, g.rowsBottom, s.profile, g.height - g.rowsBottom);
  ctx.fillStyle = p.muted;
  ctx.textAlign = 'left';
  ['Delta', 'Cum Δ', 'Volume'].forEach((label, i) => {
    ctx.fillText(label, 4, g.rowsBottom + 4 + i * s.footerRow + s.footerRow / 2);
  });
}
