import { describe, expect, it } from 'vitest';
import { formatPaiseAmount, formatPaiseAsRupees, paiseToRupees, rupeesToPaise } from './paise-format';

describe('paise for people', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [42_300, '₹423.00'],
    [117_882, '₹1,178.82'],
    [1_198_800, '₹11,988.00'],
    [123_456_789, '₹12,34,567.89'],
    [-7_600, '-₹76.00'],
  ])('%i paise is %s', (paise, text) => {
    expect(formatPaiseAsRupees(paise)).toBe(text);
  });

  it('formats without the symbol for tables that head the column with it', () => {
    expect(formatPaiseAmount(99_261)).toBe('992.61');
  });

  it('converts between paise and rupees without binary noise', () => {
    expect(paiseToRupees(117_882)).toBe(1178.82);
    expect(rupeesToPaise(1178.82)).toBe(117_882);
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(() => formatPaiseAmount(1.5)).toThrow(RangeError);
  });
});
