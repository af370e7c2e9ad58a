import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, SecretsTable } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';
import { nameContains, type PageRequest, selectPage } from './list-paging.js';

/** A secret's metadata: everything but the ciphertext, so lists never carry a payload. */
export interface SecretRecord {
  id: string;
  organisation_id: string;
  vault_id: string;
  name: string;
  category: string;
  /** 1 to 5, or null (stored as 0) for categories without one. */
  strength: number | null;
  form_fill: boolean;
  hidden: boolean;
  revision: number;
  created_by: string;
  updated_by: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A secret with its sealed payload (crypto.md). */
export interface SealedSecretRecord extends SecretRecord {
  encrypted_data: string;
  encryption_iv: string;
}

/** What a create or a save writes besides ids and times. */
export interface SecretValues {
  vault_id: string;
  name: string;
  category: string;
  strength: number | null;
  form_fill: boolean;
  hidden: boolean;
  encrypted_data: string;
  encryption_iv: string;
  revision: number;
}

/** Which secrets a list shows: chests (null: the whole organisation), hidden ones, marked ones. */
export interface SecretScope {
  organisationId: string;
  chestIds: readonly string[] | null;
  includeHidden: boolean;
  /** true: only secrets marked for deletion; false: only live ones. */
  deleted: boolean;
}

const METADATA_COLUMNS = [
  'secrets.id',
  'secrets.organisation_id',
  'secrets.vault_id',
  'secrets.name',
  'secrets.category',
  'secrets.strength',
  'secrets.form_fill',
  'secrets.hidden',
  'secrets.revision',
  'secrets.created_by',
  'secrets.updated_by',
  'secrets.deleted_at',
  'secrets.created_at',
  'secrets.updated_at',
] as const;

type MetadataRow = Omit<Selectable<SecretsTable>, 'encrypted_data' | 'encryption_iv' | 'suite'>;

function toSecret<T extends MetadataRow>(
  row: T,
): Omit<T, 'strength' | 'form_fill' | 'hidden'> & SecretRecord {
  return {
    ...row,
    strength: row.strength > 0 ? row.strength : null,
    form_fill: toBool(row.form_fill),
    hidden: toBool(row.hidden),
  };
}

/** The secret's metadata, in this organisation, or null. */
export async function findSecret(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<SecretRecord | null> {
  const row = await db
    .selectFrom('secrets')
    .select(METADATA_COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSecret(row) : null;
}

/** The secret with its sealed payload, in this organisation, or null. */
export async function findSealedSecret(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<SealedSecretRecord | null> {
  const row = await db
    .selectFrom('secrets')
    .select([...METADATA_COLUMNS, 'encrypted_data', 'encryption_iv'])
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSecret(row) : null;
}

/** Metadata of these secrets in this organisation (unknown ids are left out). */
export async function findSecretsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<SecretRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('secrets')
    .select(METADATA_COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toSecret);
}

function scoped(db: Kysely<Database>, scope: SecretScope, filter: string | null) {
  let query: SelectQueryBuilder<Database, 'secrets', object> = db
    .selectFrom('secrets')
    .where('secrets.organisation_id', '=', scope.organisationId)
    .where('secrets.deleted_at', scope.deleted ? 'is not' : 'is', null);
  if (scope.chestIds) query = query.where('secrets.vault_id', 'in', scope.chestIds);
  if (!scope.includeHidden) query = query.where('secrets.hidden', '=', false);
  if (filter) query = query.where(nameContains('secrets', filter));
  return query;
}

/** One page of secrets' metadata; asks for limit + 1 rows so the caller knows whether more follow. */
export async function listSecrets(
  db: Kysely<Database>,
  scope: SecretScope,
  page: PageRequest,
): Promise<SecretRecord[]> {
  if (scope.chestIds?.length === 0) return [];
  const rows = await selectPage(
    scoped(db, scope, page.filter).select(METADATA_COLUMNS),
    'secrets',
    page,
  ).execute();
  return rows.map(toSecret);
}

/** How many secrets the list's scope and filter match. */
export async function countSecrets(
  db: Kysely<Database>,
  scope: SecretScope,
  filter: string | null,
): Promise<number> {
  if (scope.chestIds?.length === 0) return 0;
  const row = await scoped(db, scope, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a new secret made by `userId`. */
export async function insertSecret(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  values: SecretValues,
  userId: string,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('secrets')
    .values({
      id,
      organisation_id: organisationId,
      ...values,
      strength: values.strength ?? 0,
      created_by: userId,
      updated_by: userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Saves a new revision, only if the stored one is still `values.revision - 1` (the check and the
 * write are one statement, so two editors can never both win). Answers whether it was saved.
 */
export async function saveSecretRevision(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  values: SecretValues,
  userId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('secrets')
    .set({
      ...values,
      strength: values.strength ?? 0,
      updated_by: userId,
      updated_at: new Date().toISOString(),
    })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('revision', '=', values.revision - 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a secret to another chest (the payload and its revision stay as they are). */
export async function moveSecretToChest(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  chestId: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('secrets')
    .set({ vault_id: chestId, updated_by: userId, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Marks a secret for deletion (a time) or restores it (null). */
export async function setSecretDeletedAt(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  deletedAt: string | null,
  userId: string,
): Promise<void> {
  await db
    .updateTable('secrets')
    .set({ deleted_at: deletedAt, updated_by: userId, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a secret for good; its wrapped keys go with it (cascade). */
export async function deleteSecret(db: Kysely<Database>, organisationId: string, id: string): Promise<void> {
  await db.deleteFrom('secrets').where('organisation_id', '=', organisationId).where('id', '=', id).execute();
}
