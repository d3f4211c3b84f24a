import { TickMarkType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import {
  chartOiUnit,
  formatCandleTime,
  formatChartLakhs,
  formatChartOi,
  largerOiUnit,
  formatChartPrice,
  formatChartQuantity,
  formatCrosshairTime,
  formatIstDate,
  formatTimeAxisMark,
} from './chart-format';
import { toChartTime } from './chart-time';

// 15:29 IST on 24-Nov-2026 is 09:59 UTC the same day; 00:05 IST on 05-Jan-2026 is still 4-Jan in UTC.
const AFTERNOON = Date.parse('2026-11-24T09:59:00Z');
const JUST_AFTER_MIDNIGHT = Date.parse('2026-01-04T18:35:00Z');

describe('chart texts', () => {
  it('prints prices en-IN with two decimals', () => {
    expect(formatChartPrice(24_512.345)).toBe('24,512.35');
    expect(formatChartPrice(1_23_456.7)).toBe('1,23,456.70');
    expect(formatChartPrice(0.05)).toBe('0.05');
  });

  it('abbreviates volume and OI in K, L and Cr', () => {
    expect(formatChartQuantity(12_345)).toBe('12.35K');
    expect(formatChartQuantity(1_50_000)).toBe('1.50L');
    expect(formatChartQuantity(2_50_00_000)).toBe('2.50Cr');
  });

  it('shows the OI scale in lakhs', () => {
    expect(formatChartLakhs(1_20_50_000)).toBe('120.50L');
    expect(formatChartLakhs(75_000)).toBe('0.75L');
    expect(formatChartLakhs(12_34_56_78_900)).toBe('1,23,456.79L');
  });

  it("writes a chart's OI in one unit, the unit of its largest OI", () => {
    expect(chartOiUnit([75_000, 1_44_87_000, 1_20_00_000])).toBe('Cr');
    expect(chartOiUnit([75_000, 9_99_000])).toBe('L');
    expect(chartOiUnit([0, 12_000])).toBe('K');
    expect(chartOiUnit([])).toBe('K');
    expect(formatChartOi(1_44_87_000, 'Cr')).toBe('1.45Cr');
    expect(formatChartOi(75_000, 'Cr')).toBe('0.01Cr');
    expect(formatChartOi(1_44_87_000, 'L')).toBe('144.87L');
    expect(largerOiUnit('L', 'Cr')).toBe('Cr');
    expect(largerOiUnit('Cr', 'K')).toBe('Cr');
  });

  it('labels intraday candles with IST date and time, daily ones with the IST date', () => {
    expect(formatCandleTime(AFTERNOON, true)).toBe('24-Nov-2026 3:29 pm');
    expect(formatCandleTime(AFTERNOON, false)).toBe('24-Nov-2026');
    expect(formatIstDate(JUST_AFTER_MIDNIGHT)).toBe('05-Jan-2026');
  });

  it('labels the crosshair from a chart time', () => {
    expect(formatCrosshairTime(toChartTime(AFTERNOON), true)).toBe('24-Nov-2026 3:29 pm');
    expect(formatCrosshairTime(toChartTime(AFTERNOON), false)).toBe('24-Nov-2026');
  });

  it('labels the time axis in IST by the kind of boundary', () => {
    const time = toChartTime(Date.parse('2026-11-20T03:45:00Z'));
    expect(formatTimeAxisMark(time, TickMarkType.Time)).toBe('09:15');
    expect(formatTimeAxisMark(time, TickMarkType.TimeWithSeconds)).toBe('09:15:00');
    expect(formatTimeAxisMark(time, TickMarkType.DayOfMonth)).toBe('20 Nov');
    expect(formatTimeAxisMark(time, TickMarkType.Month)).toBe('Nov');
    expect(formatTimeAxisMark(time, TickMarkType.Year)).toBe('2026');
    expect(formatTimeAxisMark(toChartTime(JUST_AFTER_MIDNIGHT), TickMarkType.DayOfMonth)).toBe('5 Jan');
  });

  it('leaves business-day times (not used by these charts) to the library', () => {
    expect(formatTimeAxisMark({ year: 2026, month: 11, day: 20 }, TickMarkType.DayOfMonth)).toBeNull();
  });
});
