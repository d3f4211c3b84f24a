import { describe, expect, it } from 'vitest';
import { fromChartTime, toChartTime } from './chart-time';

describe('chart time', () => {
  it('shows an instant at its IST wall-clock time on the UTC axis', () => {
    const open = Date.parse('2026-11-20T03:45:00Z'); // 09:15 IST
    const shown = new Date(toChartTime(open) * 1000);
    expect([shown.getUTCHours(), shown.getUTCMinutes()]).toEqual([9, 15]);
    expect(fromChartTime(toChartTime(open))).toBe(open);
  });

  it('drops milliseconds (chart times are whole seconds)', () => {
    const t = Date.parse('2026-11-20T03:45:00.999Z');
    expect(fromChartTime(toChartTime(t))).toBe(Date.parse('2026-11-20T03:45:00Z'));
  });
});
