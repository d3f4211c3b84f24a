import { describe, expect, it } from 'vitest';
import { CHART_PALETTES, CHART_THEMES, chartPalette, documentChartTheme, type ChartPalette } from './chart-theme';

const KEYS: readonly (keyof ChartPalette)[] = [
  'background',
  'text',
  'grid',
  'border',
  'crosshair',
  'up',
  'down',
  'volumeUp',
  'volumeDown',
  'atp',
  'oi',
  'legendBackground',
];
const COLOUR = /^(#[0-9a-f]{6}|rgba\(\d{1,3}, \d{1,3}, \d{1,3}, (0|1|0?\.\d+)\))$/i;

describe('chart palettes', () => {
  it.each(CHART_THEMES)('gives the %s theme a CSS colour for every part', (theme) => {
    const palette = chartPalette(theme);
    expect(Object.keys(palette).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) expect(palette[key], key).toMatch(COLOUR);
  });

  it('tells up from down and volume from candles in both themes', () => {
    for (const theme of CHART_THEMES) {
      const palette = CHART_PALETTES[theme];
      expect(palette.up).not.toBe(palette.down);
      expect(palette.volumeUp).not.toBe(palette.volumeDown);
      expect(palette.atp).not.toBe(palette.oi);
    }
  });

  it('has a dark background for dark and a light one for light', () => {
    const luminance = (hex: string) =>
      [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).reduce((sum, channel) => sum + channel, 0) / 3;
    expect(luminance(CHART_PALETTES.light.background)).toBeGreaterThan(200);
    expect(luminance(CHART_PALETTES.dark.background)).toBeLessThan(60);
    expect(luminance(CHART_PALETTES.dark.text)).toBeGreaterThan(luminance(CHART_PALETTES.dark.background));
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(CHART_PALETTES.dark)).toBe(true);
  });

  it("follows the app's data-bs-theme on <html>", () => {
    const root = document.documentElement;
    root.dataset['bsTheme'] = 'dark';
    expect(documentChartTheme()).toBe('dark');
    root.dataset['bsTheme'] = 'light';
    expect(documentChartTheme()).toBe('light');
    delete root.dataset['bsTheme'];
    expect(documentChartTheme()).toBe('light');
  });
});
