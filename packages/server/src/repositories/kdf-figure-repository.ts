import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How many accounts use one PBKDF2 iteration count. */
export interface KdfFigureCount {
  kdf_iterations: number;
  count: number;
}

/**
 * The iteration counts in use across every organisation, with how many accounts use each, smallest
 * first. Like the e-mail lookup of prelogin it is not scoped by organisation: before sign-in the
 * caller has none. Only figures and counts leave this query, never an account.
 */
export async function countKdfFigures(db: Kysely<Database>): Promise<KdfFigureCount[]> {
  const rows = await db
    .selectFrom('users')
    .select(['kdf_iterations', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('kdf_iterations')
    .orderBy('kdf_iterations')
    .execute();
  return rows.map((row) => ({ kdf_iterations: Number(row.kdf_iterations), count: Number(row.count) }));
}
