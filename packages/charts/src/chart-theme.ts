// Chart colours as data, one palette per app colour mode. The app keeps its mode in `<html data-bs-theme>`
// (Bootstrap 5.3); the backgrounds and text colours follow Bootstrap's body colours so a chart sits on the page
// without a visible box.

/** The app's colour modes, as Bootstrap's `data-bs-theme` names them. */
export const CHART_THEMES = ['light', 'dark'] as const;
/** A chart colour mode. */
export type ChartTheme = (typeof CHART_THEMES)[number];

/** Every colour a candle chart paints, as CSS colour strings. */
export interface ChartPalette {
  /** Chart and scale background. */
  background: string;
  /** Scale labels and legend text. */
  text: string;
  /** Grid lines. */
  grid: string;
  /** Scale borders and the pane separator. */
  border: string;
  /** Crosshair lines. */
  crosshair: string;
  /** Candles closing at or above their open. */
  up: string;
  /** Candles closing below their open. */
  down: string;
  /** Volume bars of up candles (translucent, so they recede behind the candles). */
  volumeUp: string;
  /** Volume bars of down candles. */
  volumeDown: string;
  /** The average traded price line. */
  atp: string;
  /** The open interest line. */
  oi: string;
  /** Backdrop of the legend, so it stays readable over candles. */
  legendBackground: string;
}

/** The palettes, keyed by theme. */
export const CHART_PALETTES: Readonly<Record<ChartTheme, Readonly<ChartPalette>>> = Object.freeze({
  light: Object.freeze({
    background: '#ffffff',
    text: '#212529',
    grid: '#eef0f3',
    border: '#dee2e6',
    crosshair: '#6c757d',
    up: '#089981',
    down: '#f23645',
    volumeUp: 'rgba(8, 153, 129, 0.4)',
    volumeDown: 'rgba(242, 54, 69, 0.4)',
    atp: '#e8590c',
    oi: '#6f42c1',
    legendBackground: 'rgba(255, 255, 255, 0.8)',
  }),
  dark: Object.freeze({
    background: '#212529',
    text: '#dee2e6',
    grid: '#2f353b',
    border: '#495057',
    crosshair: '#adb5bd',
    up: '#26a69a',
    down: '#ef5350',
    volumeUp: 'rgba(38, 166, 154, 0.4)',
    volumeDown: 'rgba(239, 83, 80, 0.4)',
    atp: '#ffa94d',
    oi: '#b197fc',
    legendBackground: 'rgba(33, 37, 41, 0.8)',
  }),
});

/** The palette of a theme. */
export function chartPalette(theme: ChartTheme): Readonly<ChartPalette> {
  return CHART_PALETTES[theme];
}

/** The app's current colour mode, read from `<html data-bs-theme>` (anything but `dark` is light). */
export function documentChartTheme(doc: Document = document): ChartTheme {
  return doc.documentElement.dataset['bsTheme'] === 'dark' ? 'dark' : 'light';
}
