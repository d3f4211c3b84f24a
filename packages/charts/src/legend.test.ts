import { describe, expect, it } from 'vitest';
import { legendFor, legendLabel } from './legend';
import { candle } from './test/candle-fixtures';

describe('legend fields', () => {
  it('formats O/H/L/C en-IN with two decimals, volume and OI in K/L/Cr, and the IST time', () => {
    const fields = legendFor(
      candle(15, { o: 24_500, h: 24_520.5, l: 24_480.25, c: 24_510, v: 1_50_000, atp: 24_505.346, oi: 1_23_45_600 }),
      24_490,
    );
    expect(fields).toMatchObject({
      time: '20-Nov-2026 9:30 am',
      open: '24,500.00',
      high: '24,520.50',
      low: '24,480.25',
      close: '24,510.00',
      volume: '1.50L',
      atp: '24,505.35',
      oi: '1.23Cr',
    });
  });

  it('shows a rise against the previous close with a + sign in rupees and percent, coloured up', () => {
    const fields = legendFor(candle(1, { c: 24_510 }), 24_490);
    expect(fields.change).toBe('+₹20.00');
    expect(fields.changePercent).toBe('+0.08%');
    expect(fields.direction).toBe('up');
  });

  it("writes OI in the chart's OI unit, as its scale does", () => {
    expect(legendFor(candle(1, { oi: 1_44_87_000 }), null, { oiUnit: 'L' }).oi).toBe('144.87L');
    expect(legendFor(candle(1, { oi: 90_000 }), null, { oiUnit: 'Cr' }).oi).toBe('0.01Cr');
  });

  it('writes an index point change without a rupee sign', () => {
    const fields = legendFor(candle(1, { c: 24_517.95 }), 24_490, { valueUnit: 'points' });
    expect(fields.change).toBe('+27.95');
    expect(legendFor(candle(1, { c: 24_480 }), 24_490, { valueUnit: 'points' }).change).toBe('-10.00');
  });

  it('shows a fall with a - sign, coloured down', () => {
    const fields = legendFor(candle(1, { c: 1_200 }), 1_250);
    expect(fields.change).toBe('-₹50.00');
    expect(fields.changePercent).toBe('-4.00%');
    expect(fields.direction).toBe('down');
  });

  it('shows no change unsigned and flat', () => {
    const fields = legendFor(candle(1, { c: 100 }), 100);
    expect([fields.change, fields.changePercent, fields.direction]).toEqual(['₹0.00', '0.00%', 'flat']);
  });

  it('puts no sign on a rise too small to show', () => {
    expect(legendFor(candle(1, { c: 100.001 }), 100).change).toBe('₹0.00');
  });

  it('groups large changes the Indian way', () => {
    expect(legendFor(candle(1, { c: 2_50_000 }), 1_00_000).change).toBe('+₹1,50,000.00');
  });

  it('has no change without a previous close, and takes the direction from the candle itself', () => {
    const fields = legendFor(candle(0, { o: 100, c: 99 }), undefined);
    expect([fields.change, fields.changePercent, fields.direction]).toEqual([null, null, 'down']);
    expect(legendFor(candle(0, { o: 100, c: 101 }), null).direction).toBe('up');
  });

  it('has no percent against a zero previous close', () => {
    const fields = legendFor(candle(1, { c: 5 }), 0);
    expect(fields.change).toBe('+₹5.00');
    expect(fields.changePercent).toBeNull();
  });

  it('has no OI or ATP for an index', () => {
    const fields = legendFor(candle(1, { oi: 0, atp: 0, v: 0 }), 24_000);
    expect(fields.oi).toBeNull();
    expect(fields.atp).toBeNull();
    expect(fields.volume).toBe('0.00K');
  });

  it('shows only the date for daily candles', () => {
    expect(legendFor(candle(0), null, { intraday: false }).time).toBe('20-Nov-2026');
  });
});

describe('legend label for assistive technology', () => {
  it('names every field shown', () => {
    expect(legendLabel(legendFor(candle(1, { c: 24_510 }), 24_490))).toBe(
      '20-Nov-2026 9:16 am, Open 24,500.00, High 24,520.50, Low 24,480.25, Close 24,510.00, Volume 1.50L, ' +
        'ATP 24,505.35, OI 1.23Cr, Change +₹20.00 (+0.08%)',
    );
  });

  it('leaves out hidden and missing fields', () => {
    const label = legendLabel(legendFor(candle(0, { oi: 0 }), null), { volume: false, atp: false, oi: true });
    expect(label).toBe('20-Nov-2026 9:15 am, Open 24,500.00, High 24,520.50, Low 24,480.25, Close 24,510.00');
  });
});
