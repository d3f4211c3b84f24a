// Saved scans on Market Movers: a named set of column filters kept in the user's document store (kind
// `saved-scan`). The set is written as the scan's expression, one `column "filter"` clause per filtered column joined
// by `and` (the filter text is a JSON string, so any text survives the round trip), and read back the same way.
import type { ColumnFilterTexts } from '../../../components/data-table/data-table-columns';

const CLAUSE = /([A-Za-z][A-Za-z0-9]*) ("(?:[^"\\]|\\.)*")/g;

/** The expression of a set of column filters (blank filters left out), e.g. `ltpChangePercent ">2" and oi ">1000"`. */
export function scanExpression(filters: ColumnFilterTexts): string {
  return Object.entries(filters)
    .filter(([, text]) => text.trim() !== '')
    .map(([id, text]) => `${id} ${JSON.stringify(text.trim())}`)
    .join(' and ');
}

/** The column filters an expression holds; clauses naming no known column are dropped. */
export function scanFilters(expression: string, columns: ReadonlySet<string>): ColumnFilterTexts {
  const filters: Record<string, string> = {};
  for (const match of expression.matchAll(CLAUSE)) {
    const [, id, quoted] = match;
    if (id === undefined || quoted === undefined || !columns.has(id)) continue;
    const text: unknown = JSON.parse(quoted);
    if (typeof text === 'string') filters[id] = text;
  }
  return filters;
}

/** A scan's document key from its name: lower-case letters and digits joined by dashes. */
export function scanKey(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug === '' ? 'scan' : slug;
}

/** Symbols matching now that did not match before, in order; none on the first look (nothing "entered" yet). */
export function enteredSymbols(previous: ReadonlySet<string> | null, current: readonly string[]): string[] {
  if (previous === null) return [];
  return current.filter((symbol) => !previous.has(symbol));
}
