import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sameOrganisation } from './organisation-check.js';

/*
 * The organisation's live secrets still without a signed header (suite 1), read from their partial
 * index (secrets_unsigned_index), for the browser of an administrator who signs them (issue 30).
 */

/** Up to `limit` of their ids after `after`, by id. */
export async function listUnsignedSecretIds(
  db: Kysely<Database>,
  organisationId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('secrets')
    .select('id')
    .where(sameOrganisation('organisation_id', organisationId))
    .where('signed_header', 'is', null)
    .where('deleted_at', 'is', null);
  if (after !== null) query = query.where('id', '>', after);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** How many there are. */
export async function countUnsignedSecrets(db: Kysely<Database>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('secrets')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(sameOrganisation('organisation_id', organisationId))
    .where('signed_header', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
