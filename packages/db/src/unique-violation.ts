/**
 * True when the error is PostgreSQL's unique violation (SQLSTATE 23505) on the named constraint or index. Drivers
 * wrap the database error differently (node-postgres puts `constraint` on it, PGlite may only name it in the message,
 * Drizzle wraps either in a `cause`), so the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505') {
      return pg.constraint === constraint || (typeof pg.message === 'string' && pg.message.includes(constraint));
    }
  }
  return false;
}
