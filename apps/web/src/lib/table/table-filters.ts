// Data-table filters (spec signed-in §2.9): a numeric filter is an operator (>, <, >=, <=, =) put in
// front of a number and compares the cell's value with it; a cell holding text compares its first space-separated
// token (how the rollover table filters 'rolloverCost', e.g. '12.40 (0.05%)'); a text filter is a case-insensitive
// substring match. Beyond the spec, the number may be written as the table shows it: with Indian digit grouping
// (1,00,000) or abbreviated in thousands, lakhs or crores (10K, 1.5L, 2Cr).

/** A comparison a numeric filter makes. */
export type NumericOperator = '>' | '<' | '>=' | '<=' | '=';

/** A numeric filter as typed: nothing, a comparison, or text that is not one (the filter then lets every row by). */
export type NumericFilter =
  | { readonly kind: 'empty' }
  | { readonly kind: 'compare'; readonly operator: NumericOperator; readonly operand: number }
  | { readonly kind: 'invalid' };

const UNIT_FACTORS: Readonly<Record<string, number>> = { k: 1e3, l: 1e5, cr: 1e7 };

// Operator (longest first so '>=' is not read as '>'), optional spaces, a signed number with optional grouping
// commas and decimals, an optional unit.
const NUMERIC_FILTER = /^(>=|<=|>|<|=)?\s*([+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+))\s*(k|l|cr)?$/i;

/**
 * Reads a numeric filter: '>1000', '<=5', '=0', '>= 1,00,000', '>1.5L'. A number without an operator means equal
 * to it; a blank text is no filter.
 */
export function parseNumericFilter(text: string): NumericFilter {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = NUMERIC_FILTER.exec(trimmed);
  if (match === null) return { kind: 'invalid' };
  const [, operator = '=', digits = '', unit] = match;
  const operand = Number(digits.replace(/,/g, '')) * (unit === undefined ? 1 : (UNIT_FACTORS[unit.toLowerCase()] ?? 1));
  if (!Number.isFinite(operand)) return { kind: 'invalid' };
  return { kind: 'compare', operator: operator as NumericOperator, operand };
}

/**
 * The number a cell holds for numeric filtering: a number as is; a text's first space-separated token (grouping
 * commas and a trailing % ignored); null when there is none.
 */
export function numericCellValue(cell: number | string | null | undefined): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const [token = ''] = cell.trim().split(/\s+/);
  const cleaned = token.replace(/,/g, '').replace(/%$/, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

// Cells and operands are both decimals as written; compare them to well below the table's two decimals.
const EQUALITY_TOLERANCE = 1e-9;

/** True when a cell passes a numeric filter. An empty or invalid filter passes every cell; a blank cell fails any other. */
export function matchesNumericFilter(cell: number | string | null | undefined, filter: NumericFilter): boolean {
  if (filter.kind !== 'compare') return true;
  const value = numericCellValue(cell);
  if (value === null) return false;
  const { operator, operand } = filter;
  switch (operator) {
    case '>':
      return value > operand;
    case '<':
      return value < operand;
    case '>=':
      return value >= operand;
    case '<=':
      return value <= operand;
    case '=':
      return Math.abs(value - operand) <= EQUALITY_TOLERANCE * Math.max(1, Math.abs(operand));
  }
}

/** True when `text` contains `query`, ignoring case and the query's surrounding spaces; a blank query passes all. */
export function matchesTextFilter(text: string | null | undefined, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return (text ?? '').toLowerCase().includes(needle);
}
