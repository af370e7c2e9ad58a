import type { SqlBool } from 'kysely';

/** Reads a boolean column the same way on both dialects (SQLite answers 0/1, PostgreSQL true/false). */
export function toBool(value: SqlBool | null | undefined): boolean {
  return value === true || value === 1;
}
