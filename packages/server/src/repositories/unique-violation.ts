// SQLite names a clash on a PRIMARY KEY apart from one on a UNIQUE index; PostgreSQL calls both 23505.
const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * Whether a database error is a unique-constraint or primary-key violation, on SQLite or
 * PostgreSQL, so that both engines give the same answer (e.g. a client-made secret id taken by
 * another organisation: 409 on both, never a 500 on one of them).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && UNIQUE_CODES.has(code);
}
