import { describe, expect, it } from 'vitest';
import {
  matchesNumericFilter,
  matchesTextFilter,
  numericCellValue,
  parseNumericFilter,
  type NumericFilter,
} from './table-filters';

const passes = (cell: number | string | null, text: string) => matchesNumericFilter(cell, parseNumericFilter(text));
const keep = (cells: readonly (number | string | null)[], text: string) => cells.filter((cell) => passes(cell, text));

describe('numeric filter (spec §2.9: an operator prefixed to a number)', () => {
  it('">1000" keeps only values above 1000', () => {
    expect(keep([999, 1000, 1000.01, 25_000, -2_000, null], '>1000')).toEqual([1000.01, 25_000]);
  });

  it('"<=5" keeps values up to and including 5', () => {
    expect(keep([-1, 0, 4.99, 5, 5.01, 12], '<=5')).toEqual([-1, 0, 4.99, 5]);
  });

  it('"=0" keeps only zero', () => {
    expect(keep([0, -0, 0.01, -0.01, 3, null], '=0')).toEqual([0, -0]);
  });

  it('"<" and ">=" compare strictly and inclusively', () => {
    expect(keep([4, 5, 6], '<5')).toEqual([4]);
    expect(keep([4, 5, 6], '>=5')).toEqual([5, 6]);
  });

  it('reads ">=" as greater-or-equal, not as ">" followed by "=5"', () => {
    expect(parseNumericFilter('>=5')).toEqual({ kind: 'compare', operator: '>=', operand: 5 });
    expect(parseNumericFilter('<=5')).toEqual({ kind: 'compare', operator: '<=', operand: 5 });
  });

  it('a number without an operator means equal to it', () => {
    expect(parseNumericFilter('24500')).toEqual({ kind: 'compare', operator: '=', operand: 24_500 });
    expect(keep([24_450, 24_500, 24_550], '24500')).toEqual([24_500]);
  });

  it('compares decimals as written (0.1 + 0.2 equals 0.3)', () => {
    expect(passes(0.1 + 0.2, '=0.3')).toBe(true);
  });

  it('accepts negative numbers, decimals and spaces after the operator', () => {
    expect(keep([-12.5, -3, 0, 4], '< -3')).toEqual([-12.5]);
    expect(keep([0.4, 0.5, 0.6], '>= .5')).toEqual([0.5, 0.6]);
  });

  it('accepts Indian digit grouping and K / L / Cr abbreviations as the table shows them', () => {
    expect(parseNumericFilter('>1,00,000')).toEqual({ kind: 'compare', operator: '>', operand: 100_000 });
    expect(parseNumericFilter('>10K')).toEqual({ kind: 'compare', operator: '>', operand: 10_000 });
    expect(parseNumericFilter('>=1.5l')).toEqual({ kind: 'compare', operator: '>=', operand: 150_000 });
    expect(parseNumericFilter('<2Cr')).toEqual({ kind: 'compare', operator: '<', operand: 20_000_000 });
  });

  it('a blank filter keeps every row, blank cells included', () => {
    expect(parseNumericFilter('   ')).toEqual({ kind: 'empty' });
    expect(keep([1, null, 'x'], '')).toEqual([1, null, 'x']);
  });

  it('text that is not a filter keeps every row rather than hiding them all', () => {
    for (const text of ['>', '>>5', 'abc', '=>5', '5%', '1e3', '> 5 6']) {
      expect(parseNumericFilter(text)).toEqual({ kind: 'invalid' });
    }
    expect(keep([1, 2000], '>abc')).toEqual([1, 2000]);
  });

  it('a cell without a value fails any comparison', () => {
    const filter: NumericFilter = { kind: 'compare', operator: '<=', operand: 5 };
    expect(matchesNumericFilter(null, filter)).toBe(false);
    expect(matchesNumericFilter(undefined, filter)).toBe(false);
    expect(matchesNumericFilter(Number.NaN, filter)).toBe(false);
  });
});

describe('a text cell compares its first space-separated token (spec §2.9 rolloverCost)', () => {
  it('reads the number before the first space', () => {
    expect(numericCellValue('12.40 (0.05%)')).toBe(12.4);
    expect(numericCellValue('  -3.5 pts')).toBe(-3.5);
    expect(numericCellValue('1,23,456.70 ₹')).toBe(123_456.7);
    expect(numericCellValue('0.52%')).toBe(0.52);
  });

  it('filters rollover costs by their leading number', () => {
    expect(keep(['1200.50 (0.45%)', '999 (0.30%)', '1000 (0.41%)'], '>1000')).toEqual(['1200.50 (0.45%)']);
    expect(keep(['0 (0.00%)', '0.25 (0.01%)'], '=0')).toEqual(['0 (0.00%)']);
  });

  it('a text whose first token is not a number fails any comparison', () => {
    expect(numericCellValue('n/a 12')).toBeNull();
    expect(numericCellValue('')).toBeNull();
    expect(passes('n/a 12', '<=5')).toBe(false);
  });
});

describe('text filter (spec §2.9: case-insensitive substring match)', () => {
  it('matches a substring regardless of case', () => {
    expect(matchesTextFilter('NIFTY25NOV24500CE', 'nov24500')).toBe(true);
    expect(matchesTextFilter('BANKNIFTY25NOV52000PE', 'NiFtY')).toBe(true);
  });

  it('does not match text that is not contained', () => {
    expect(matchesTextFilter('NIFTY25NOV24500CE', 'PE')).toBe(false);
    expect(matchesTextFilter(null, 'a')).toBe(false);
  });

  it('a blank query keeps every row; surrounding spaces are ignored', () => {
    expect(matchesTextFilter('anything', '  ')).toBe(true);
    expect(matchesTextFilter(undefined, '')).toBe(true);
    expect(matchesTextFilter('NIFTY25NOV24500CE', ' 24500 ')).toBe(true);
  });
});
