import type { Kysely } from 'kysely';
import type { Database, NewOrganisationRow, OrganisationRow } from '../db/schema.js';

// Repositories take `db` or a transaction (a Transaction is a Kysely), so services choose the scope.

/** An organisation as services see it (no boolean columns, so the row as read). */
export type Organisation = OrganisationRow;

/** The organisation with this id, or null. */
export async function findOrganisationById(db: Kysely<Database>, id: string): Promise<Organisation | null> {
  const row = await db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** Inserts an organisation and returns it as stored. */
export async function insertOrganisation(
  db: Kysely<Database>,
  values: NewOrganisationRow,
): Promise<Organisation> {
  return db.insertInto('organisations').values(values).returningAll().executeTakeFirstOrThrow();
}
