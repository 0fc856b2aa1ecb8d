/**
 * The unique constraint a failed insert or update violated, or null for any other error. Drizzle wraps
 * driver errors (`cause`); node-postgres and PGlite both report SQLSTATE 23505 with the constraint name.
 */
export function violatedUniqueConstraint(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
