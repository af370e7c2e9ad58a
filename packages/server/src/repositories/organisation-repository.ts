import type { Kysely } from 'kysely';
import type { Database, NewOrganisationRow, OrganisationRow } from '../db/schema.js';

// Repositories take `db` or a transaction (a Transaction is a Kysely), so services choose the scope.

/** An organisation as services see it (no boolean columns, so the row as read). */
export type Organisation = OrganisationRow;

/** The settings of PUT /api/v1/organisation. */
export type OrganisationSettings = Partial<Pick<OrganisationRow, 'name' | 'inactivity_length'>>;

/**
 * Holds the organisation row until the transaction ends. On PostgreSQL a second transaction
 * guarding the same organisation (plan limits, key bookkeeping) waits here, and then counts what the first one committed (READ
 * COMMITTED reads each statement afresh), so two requests racing for the last free slot cannot
 * both win. SQLite runs one write transaction at a time already. A plain write of the row (as
 * organisation deletion claims it), so both dialects share one statement.
 */
export async function lockOrganisationRow(trx: Kysely<Database>, organisationId: string): Promise<void> {
  await trx
    .updateTable('organisations')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', organisationId)
    .execute();
}

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

/** Changes the name or the inactivity length and returns the organisation as stored. */
export async function updateOrganisationSettings(
  db: Kysely<Database>,
  id: string,
  settings: OrganisationSettings,
  at: string,
): Promise<Organisation> {
  return db
    .updateTable('organisations')
    .set({ ...settings, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Gives the organisation a new owner, but only while `fromOwnerId` still owns it (a concurrent
 * transfer or deletion wins once). The organisation as stored, or null when it was not theirs.
 */
export async function changeOwner(
  db: Kysely<Database>,
  id: string,
  fromOwnerId: string,
  toOwnerId: string,
  at: string,
): Promise<Organisation | null> {
  const row = await db
    .updateTable('organisations')
    .set({ owner_id: toOwnerId, updated_at: at })
    .where('id', '=', id)
    .where('owner_id', '=', fromOwnerId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Inside a deletion's transaction: writes the organisation row while `ownerId` still owns it, which
 * holds its lock (PostgreSQL) until the transaction ends, so a concurrent transfer waits and then
 * finds nothing. Answers whether the organisation was still theirs.
 */
export async function claimOwnedOrganisation(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every table that holds rows of an organisation (all but `organisations`), dependants first, so
 * each delete is a plain indexed delete by organisation_id. The foreign keys cascade from
 * organisations as well, so a row a concurrent request adds meanwhile goes with the organisation row.
 */
export const ORGANISATION_TABLES = [
  'attachment_chunks',
  'attachments',
  'missing_keys',
  'rotations',
  'trust_log',
  'secret_keys',
  'key_purges',
  // After secret_keys: deleting them records removals.
  'secret_key_removals',
  'secrets',
  'import_batches',
  'health_dismissals',
  'trust_checkpoints',
  'vault_managers',
  'assignments',
  'memberships',
  'vaults',
  'teams',
  'otp_recovery_codes',
  'sessions',
  'invitations',
  'email_changes',
  'audit_log_entries',
  'data_records',
  'billing_invoices',
  'billing_payment_methods',
  'billing_subscriptions',
  'billing_customers',
  'users',
] as const satisfies readonly Exclude<keyof Database, 'organisations' | SharedTable>[];

/** Tables no organisation owns: billing coupons any organisation may redeem. */
type SharedTable = 'billing_coupons';

// Does not compile, naming the table, when db/schema.ts gains a table that is missing above.
type MustBeNever<T extends never> = T;
export type UnlistedOrganisationTables = MustBeNever<
  Exclude<keyof Database, 'organisations' | SharedTable | (typeof ORGANISATION_TABLES)[number]>
>;

/** Deletes every row of the organisation, then the organisation. Call it inside a transaction. */
export async function deleteOrganisationRows(db: Kysely<Database>, id: string): Promise<void> {
  for (const table of ORGANISATION_TABLES) {
    await db.deleteFrom(table).where('organisation_id', '=', id).execute();
  }
  await db.deleteFrom('organisations').where('id', '=', id).execute();
}

/** Makes a user the organisation's owner (registration). */
export async function setOrganisationOwner(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('organisations')
    .set({ owner_id: userId, updated_at: new Date().toISOString() })
    .where('id', '=', organisationId)
    .execute();
}

/**
 * A page of every organisation (not scoped: the daily statistics recorder walks them all), the
 * first `limit` by id after `afterId` ('' for the first page), with the day each was created.
 */
export async function listOrganisationsAfter(
  db: Kysely<Database>,
  afterId: string,
  limit: number,
): Promise<{ id: string; created_at: string }[]> {
  return db
    .selectFrom('organisations')
    .select(['id', 'created_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
