import { createHash } from 'node:crypto';
import { is, orderSelectedFields, SQL, sql, type Column, type Query, type SelectedFieldsOrdered } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

// Exported by drizzle-orm's runtime (its query builders order a selection with it before mapping result rows), but
// left out of its type declarations.
declare module 'drizzle-orm' {
  export function orderSelectedFields<TColumn extends Column>(
    fields: Record<string, unknown>,
    pathPrefix?: string[],
  ): SelectedFieldsOrdered<TColumn>;
}

/** What a compiled statement is built from: a query builder (a select, or a statement with or without `returning`). */
export interface CompilableStatement {
  toSQL(): Query;
  // A select builder's selection: `config.fields` follows its joins, `selectedFields` is the one it was made with.
  readonly _?: { readonly selectedFields?: unknown; readonly config?: { readonly fields?: unknown } };
}

/** A statement built once and run with new values on any handle (the database or a transaction). */
export interface CompiledStatement<TRow> {
  run(handle: Db, values: Record<string, unknown>): Promise<TRow[]>;
}

/** Values of a compiled statement: a placeholder per name, filled by `run`. */
export const slot = (name: string) => sql.placeholder(name);

/** A placeholder where a builder takes SQL but no placeholder (an update's `set`): filled as given, not encoded. */
export const slotSql = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * A statement whose SQL text is built on its first run and kept: later runs only fill its placeholders
 * ({@link slot}) and map the rows, as the builder's own execution would. Drizzle rebuilds a query's text from its
 * builder on every execution, which on a hot path (an order's few statements) costs more CPU than the database's
 * own work. On PostgreSQL the statement is also prepared once per connection under `name`.
 *
 * `build` must give the same text every time: anything that varies between runs is a placeholder, and a
 * statement whose shape varies (a number of rows, a column present or not) is one compiled statement per shape.
 * A placeholder in a `where` is sent as given (dates as ISO strings); in `values` or `set` the column encodes it.
 */
export function compiled<TRow>(name: string, build: () => CompilableStatement): CompiledStatement<TRow> {
  let query: Query | undefined;
  let fields: SelectedFieldsOrdered<PgColumn> | undefined;
  let joins: Record<string, boolean> | undefined;
  return {
    async run(handle, values) {
      if (!query) {
        const statement = build();
        query = statement.toSQL();
        // An insert's or update's `returning` is kept ordered in its config (not part of its typed surface).
        const returning = (statement as { config?: { returning?: SelectedFieldsOrdered<PgColumn> } }).config?.returning;
        const selected = statement._?.config?.fields ?? statement._?.selectedFields;
        fields =
          returning ?? (selected ? orderSelectedFields<PgColumn>(selected as Record<string, unknown>) : undefined);
        joins = (statement as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap;
      }
      const prepared = handle._.session.prepareQuery(query, fields, name, fields !== undefined);
      // As the builder's own execution does: a left join's table comes back null when no row matched.
      if (joins !== undefined)
        (prepared as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap = joins;
      const result: unknown = await prepared.execute(values);
      return (fields ? result : []) as TRow[];
    },
  };
}

/**
 * A family of compiled statements, one per shape (say, how many rows an insert writes and which of their columns
 * have values): `build` is called on the first run of each shape, with that run's input. Each shape's statement is
 * named after the shape, so two families that met their shapes in a different order still name them alike.
 */
export function compiledByShape<TInput, TRow>(
  name: string,
  build: (input: TInput) => CompilableStatement,
): { run(handle: Db, shape: string, input: TInput, values: Record<string, unknown>): Promise<TRow[]> } {
  const shapes = new Map<string, CompiledStatement<TRow>>();
  return {
    run(handle, shape, input, values) {
      let statement = shapes.get(shape);
      if (!statement) {
        const digest = createHash('sha1').update(shape).digest('hex').slice(0, 12);
        statement = compiled<TRow>(`${name}_${digest}`, () => build(input));
        shapes.set(shape, statement);
      }
      return statement.run(handle, values);
    },
  };
}

/**
 * Rows as placeholders for a compiled insert: each value of row `i` becomes the placeholder `${prefix}${i}_${key}`
 * (undefined values are left out, so their columns take their defaults; nulls stay in the text), with the values to
 * fill them and the shape (which keys each row has, and which are null).
 */
export function rowSlots<T extends Record<string, unknown>>(
  prefix: string,
  rows: readonly T[],
): { rows: T[]; values: Record<string, unknown>; shape: string } {
  const values: Record<string, unknown> = {};
  const shapes: string[] = [];
  const slotted = rows.map((row, i) => {
    const out: Record<string, unknown> = {};
    const keys: string[] = [];
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) continue;
      if (is(value, SQL)) throw new Error(`compiled rows take values, not SQL (${key})`);
      // A null is part of the text (a placeholder would be encoded: JSON null in a jsonb column).
      if (value === null) {
        out[key] = null;
        keys.push(`${key}=null`);
        continue;
      }
      const name = `${prefix}${i}_${key}`;
      out[key] = slot(name);
      values[name] = value;
      keys.push(key);
    }
    shapes.push(keys.join(','));
    return out as T;
  });
  return { rows: slotted, values, shape: shapes.join('|') };
}
