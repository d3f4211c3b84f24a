import { describe, expect, it } from 'vitest';
import { chartPngFileName } from './chart-png';

describe('chart PNG export', () => {
  it('names the file after the chart’s title in lower-case words joined by hyphens', () => {
    expect(chartPngFileName('OI Action – 15 Min')).toBe('oi-action-15-min.png');
    expect(chartPngFileName('Net GEX by strike (₹ per 1 %)')).toBe('net-gex-by-strike-per-1.png');
    expect(chartPngFileName('—')).toBe('chart.png');
  });
});
