import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviateIndianNumber,
  formatIndianNumber,
  formatRupees,
  groupIndianDigits,
  indianAbbreviationUnit,
} from './indian-number-format';
import { fixedSeed } from '../market/test/fixed-seed';

const SEED = 1_00_000;

describe('en-IN grouping with two decimals', () => {
  it.each([
    [0, '0.00'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [99_999.5, '99,999.50'],
    [1_00_000, '1,00,000.00'],
    [12_34_567.891, '12,34,567.89'],
    [1_23_45_67_89_012, '1,23,45,67,89,012.00'],
    [-1234.5, '-1,234.50'],
    [1.005, '1.01'],
    [-0.001, '0.00'],
    [0.125, '0.13'],
  ])('formats %d as %s', (value, text) => {
    expect(formatIndianNumber(value)).toBe(text);
  });

  it('takes other decimal counts', () => {
    expect(formatIndianNumber(1234.5, 0)).toBe('1,235');
    expect(formatIndianNumber(24_500.05, 1)).toBe('24,500.1');
  });

  it('groups digit strings the Indian way', () => {
    expect(['1', '123', '1234', '12345', '123456', '1234567', '12345678'].map(groupIndianDigits)).toEqual([
      '1',
      '123',
      '1,234',
      '12,345',
      '1,23,456',
      '12,34,567',
      '1,23,45,678',
    ]);
  });

  it('agrees with Intl en-IN for amounts in paise (property)', () => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (paise) => {
        const value = paise / 100;
        expect(formatIndianNumber(value)).toBe(intl.format(value).replace('-0.00', '0.00'));
      }),
      fixedSeed(SEED, 2_000),
    );
  });

  it('formats rupees', () => {
    expect(formatRupees(1_23_456.7)).toBe('₹1,23,456.70');
    expect(formatRupees(-50)).toBe('-₹50.00');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('refuses non-finite numbers', () => {
    expect(() => formatIndianNumber(Number.NaN)).toThrow(RangeError);
    expect(() => abbreviateIndianNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('K / L / Cr abbreviations at every boundary', () => {
  it.each([
    [0, 'K', '0.00K'],
    [9, 'K', '0.01K'],
    [999, 'K', '1.00K'],
    [1000, 'K', '1.00K'],
    [1005, 'K', '1.01K'],
    [12_345, 'K', '12.35K'],
    [99_999, 'K', '100.00K'],
    [99_999.99, 'K', '100.00K'],
    [1_00_000, 'L', '1.00L'],
    [1_50_000, 'L', '1.50L'],
    [9_99_999, 'L', '10.00L'],
    [10_00_000, 'L', '10.00L'],
    [99_99_999, 'L', '100.00L'],
    [1_00_00_000, 'Cr', '1.00Cr'],
    [2_50_00_000, 'Cr', '2.50Cr'],
    [12_34_56_789, 'Cr', '12.35Cr'],
    [1_00_000_00_00_000, 'Cr', '1,00,000.00Cr'],
    [-99_999, 'K', '-100.00K'],
    [-1_50_000, 'L', '-1.50L'],
    [-1_00_00_000, 'Cr', '-1.00Cr'],
  ] as const)('abbreviates %d in %s as %s', (value, unit, text) => {
    expect(indianAbbreviationUnit(value)).toBe(unit);
    expect(abbreviateIndianNumber(value)).toBe(text);
  });
});
