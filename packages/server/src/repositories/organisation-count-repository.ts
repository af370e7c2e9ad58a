import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// Counts of one organisation's rows across its tables, for the plan limits and the statistics
// figures. Reads only, each one statement over the organisation's index: numbers leave this file,
// never a row.

/** Rows of one of the organisation's tables. */
export async function countOrganisationRows(
  db: Kysely<Database>,
  table: 'users' | 'vaults' | 'teams',
  organisationId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Secrets not marked for deletion. */
export async function countLiveSecrets(db: Kysely<Database>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('secrets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organisation_id', '=', organisationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Invitations neither accepted nor expired at `now` (ISO text), leaving out one address if given. */
export async function countPendingInvitations(
  db: Kysely<Database>,
  organisationId: string,
  now: string,
  exceptEmail: string | undefined,
): Promise<number> {
  let pending = db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now);
  if (exceptEmail !== undefined) pending = pending.where('email', '!=', exceptEmail);
  return Number((await pending.executeTakeFirstOrThrow()).count);
}
