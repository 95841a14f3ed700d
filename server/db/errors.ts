// Postgres error classes the services turn into AppErrors. Drizzle wraps driver errors, so walk the causes.
function hasPgCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

export const isUniqueViolation = (err: unknown) => hasPgCode(err, '23505');
export const isForeignKeyViolation = (err: unknown) => hasPgCode(err, '23503');

/** The constraint or index a violation names (postgres-js: constraint_name; PGlite: constraint), or null. */
export function violatedConstraint(err: unknown): string | null {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const named = (e as { constraint_name?: unknown; constraint?: unknown }).constraint_name ?? (e as { constraint?: unknown }).constraint;
    if (typeof named === 'string') return named;
  }
  return null;
}
