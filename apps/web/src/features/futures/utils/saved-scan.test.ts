import { describe, expect, it } from 'vitest';
import { enteredSymbols, scanExpression, scanFilters, scanKey } from './saved-scan';

describe('saved scans', () => {
  it('writes a filter set as an expression and reads the same set back', () => {
    const filters = { ltpChangePercent: '>2', symbol: 'bank "and" co', oi: '' };
    const expression = scanExpression(filters);
    expect(expression).toBe('ltpChangePercent ">2" and symbol "bank \\"and\\" co"');
    expect(scanFilters(expression, new Set(['ltpChangePercent', 'symbol']))).toEqual({
      ltpChangePercent: '>2',
      symbol: 'bank "and" co',
    });
  });
  it('drops clauses naming a column the table no longer has', () => {
    expect(scanFilters('gone ">1" and oi "<5"', new Set(['oi']))).toEqual({ oi: '<5' });
  });
  it('keys a scan by its name', () => {
    expect(scanKey('OI up > 5%!')).toBe('oi-up-5');
    expect(scanKey('!!')).toBe('scan');
  });
  it('announces symbols that entered since the last look, none on the first look', () => {
    expect(enteredSymbols(null, ['A', 'B'])).toEqual([]);
    expect(enteredSymbols(new Set(['A']), ['A', 'B', 'C'])).toEqual(['B', 'C']);
  });
});
