import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { forgetListTotals } from '../lists/list-total-cache.js';

/**
 * Runs one change of an organisation: `work` in one transaction (with its audit entry), then, once
 * it has committed, drops the organisation's cached list totals (list-total-cache.ts). Every change
 * moves some total (at the least the audit log's, by its entry), so every service that writes runs
 * its transaction here rather than through `db.transaction()`. Dropping them after the commit also
 * discards a count that started before it and would otherwise be kept.
 */
export async function runChange<T>(
  db: Kysely<Database>,
  organisationId: string,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const result = await db.transaction().execute(work);
  forgetListTotals(organisationId);
  return result;
}
