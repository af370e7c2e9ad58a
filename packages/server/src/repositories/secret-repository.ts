import {
  type Expression,
  expressionBuilder,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database, SecretsTable } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';
import {
  adjustChestCounts,
  type ChestCountDelta,
  negateDeltas,
  type SecretPlace,
  secretCountDeltas,
} from './chest-counts.js';
import { sameOrganisation } from './organisation-check.js';

/** A secret's metadata: everything but the ciphertext, so lists never carry a payload. */
export interface SecretRecord {
  id: string;
  organisation_id: string;
  vault_id: string;
  /** The chest's name, kept with the secret (lists sort by it). */
  vault_name: string;
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
  /** The current revision's signed header as stored (canonical JSON of `{header, sig}`), or null (suite 1). */
  signed_header: string | null;
  created_at: string;
  updated_at: string;
}

/** What a secrets list reads of a secret: the metadata its items show and sort by. */
export type SecretListRecord = Pick<
  SecretRecord,
  | 'id'
  | 'vault_id'
  | 'vault_name'
  | 'name'
  | 'category'
  | 'strength'
  | 'form_fill'
  | 'hidden'
  | 'deleted_at'
  | 'signed_header'
  | 'created_at'
  | 'updated_at'
>;

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
  /** The revision's signed header (canonical JSON), or null: a revision without one clears it. */
  signed_header: string | null;
}

/** Which secrets a list shows: chests (null: the whole organisation), hidden ones, marked ones. */
export interface SecretScope {
  organisationId: string;
  chestIds: readonly string[] | null;
  includeHidden: boolean;
  /** true: only secrets marked for deletion; false: only live ones. */
  deleted: boolean;
}

// A list reads no more than it shows: every column read is a string made per row. The signed header
// is read with the row (readers verify what the list shows), never by another query.
const LIST_COLUMNS = [
  'secrets.id',
  'secrets.vault_id',
  'secrets.vault_name',
  'secrets.name',
  'secrets.category',
  'secrets.strength',
  'secrets.form_fill',
  'secrets.hidden',
  'secrets.deleted_at',
  'secrets.signed_header',
  'secrets.created_at',
  'secrets.updated_at',
] as const;

// Everything but the sealed payload: what a list shows, and who made and changed it in which revision.
const METADATA_COLUMNS = [
  ...LIST_COLUMNS,
  'secrets.organisation_id',
  'secrets.revision',
  'secrets.created_by',
  'secrets.updated_by',
] as const;

type MetadataRow = Omit<
  Selectable<SecretsTable>,
  'encrypted_data' | 'encryption_iv' | 'suite' | 'import_batch_id' | 'change_seq'
>;
type ListRow = Pick<MetadataRow, keyof SecretListRecord>;

function toListRecord(row: ListRow): SecretListRecord {
  return {
    id: row.id,
    vault_id: row.vault_id,
    vault_name: row.vault_name,
    name: row.name,
    category: row.category,
    strength: row.strength > 0 ? row.strength : null,
    form_fill: toBool(row.form_fill),
    hidden: toBool(row.hidden),
    deleted_at: row.deleted_at,
    signed_header: row.signed_header,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

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
    .where(sameOrganisation('organisation_id', organisationId))
    .where('id', 'in', ids)
    .execute();
  return rows.map(toSecret);
}

/** The rows a secrets list may show (list-query.ts adds the filter, order and page). */
export function scopeSecrets(
  query: SelectQueryBuilder<Database, 'secrets', object>,
  scope: SecretScope,
): SelectQueryBuilder<Database, 'secrets', object> | null {
  if (scope.chestIds?.length === 0) return null;
  let scoped = query
    .where('secrets.organisation_id', '=', scope.organisationId)
    .where('secrets.deleted_at', scope.deleted ? 'is not' : 'is', null);
  if (scope.chestIds) scoped = scoped.where('secrets.vault_id', 'in', scope.chestIds);
  if (!scope.includeHidden) scoped = scoped.where('secrets.hidden', '=', false);
  return scoped;
}

/**
 * The scope with its data (organisation and chest ids) made into statement parameters by `hole`:
 * what remains (how many chests, hidden, deleted) is what scopeSecrets branches on.
 */
export function templateSecretScope(
  scope: SecretScope,
  hole: (name: string, value: string) => string,
): SecretScope {
  return {
    organisationId: hole('organisationId', scope.organisationId),
    chestIds: scope.chestIds === null ? null : scope.chestIds.map((id, index) => hole(`chest${index}`, id)),
    includeHidden: scope.includeHidden,
    deleted: scope.deleted,
  };
}

/** A secrets list's page query with the columns its items show (never the payload). */
export function selectSecretColumns(query: SelectQueryBuilder<Database, 'secrets', object>) {
  return query.select(LIST_COLUMNS);
}

/** The records of the rows selectSecretColumns reads. */
export function readSecretRows(rows: readonly unknown[]): SecretListRecord[] {
  return (rows as ListRow[]).map(toListRecord);
}

/** Reads a page of a secrets list. */
export async function selectSecretRows(
  query: SelectQueryBuilder<Database, 'secrets', object>,
): Promise<SecretListRecord[]> {
  return (await selectSecretColumns(query).execute()).map(toListRecord);
}

/** Where a stored secret counts (chest-counts.ts). */
export function placeOf(secret: Pick<SecretRecord, 'vault_id' | 'hidden' | 'deleted_at'>): SecretPlace {
  return { vault_id: secret.vault_id, hidden: secret.hidden, live: secret.deleted_at === null };
}

/**
 * Writes a change of one secret that may move its place, keeping the chests' counts: the counts
 * first (locking the chests, see adjustChestCounts), then `write`, which answers whether the secret
 * was still where the caller read it. If not, the counts are put back and false answered.
 */
async function writeKeepingCounts(
  db: Kysely<Database>,
  organisationId: string,
  deltas: ReadonlyMap<string, ChestCountDelta>,
  write: (names: ReadonlyMap<string, string>) => Promise<boolean>,
): Promise<boolean> {
  const names = await adjustChestCounts(db, organisationId, deltas);
  if (await write(names)) return true;
  await adjustChestCounts(db, organisationId, negateDeltas(deltas));
  return false;
}

// The secret as the caller read it: same chest, same hidden flag, live or marked alike.
function stillAt(place: SecretPlace): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'secrets'>();
  return eb.and([
    eb('secrets.vault_id', '=', place.vault_id),
    eb('secrets.hidden', '=', place.hidden),
    eb('secrets.deleted_at', place.live ? 'is' : 'is not', null),
  ]);
}

/** A new secret as insertSecrets stores it. */
export interface NewSecretRow {
  id: string;
  values: SecretValues;
  importBatchId: string | null;
}

// Rows of ~20 columns: 50 to a statement stay far below SQLite's and PostgreSQL's parameter limits.
const SECRETS_PER_INSERT = 50;

/**
 * Stores new secrets made by `userId` (a bulk create's), each counted in its chest: one count update
 * per chest and one statement per SECRETS_PER_INSERT rows, since on SQLite every statement runs on
 * the event loop and holds the only connection. Run it in a transaction.
 */
export async function insertSecrets(
  db: Kysely<Database>,
  organisationId: string,
  rows: readonly NewSecretRow[],
  userId: string,
): Promise<void> {
  const deltas = new Map<string, ChestCountDelta>();
  for (const row of rows) {
    const place = { vault_id: row.values.vault_id, hidden: row.values.hidden, live: true };
    for (const [chestId, delta] of secretCountDeltas(null, place)) {
      const sum = deltas.get(chestId) ?? { secrets: 0, visibleSecrets: 0 };
      sum.secrets = (sum.secrets ?? 0) + (delta.secrets ?? 0);
      sum.visibleSecrets = (sum.visibleSecrets ?? 0) + (delta.visibleSecrets ?? 0);
      deltas.set(chestId, sum);
    }
  }
  const names = await adjustChestCounts(db, organisationId, deltas);
  const now = new Date().toISOString();
  for (let start = 0; start < rows.length; start += SECRETS_PER_INSERT) {
    await db
      .insertInto('secrets')
      .values(
        rows.slice(start, start + SECRETS_PER_INSERT).map(({ id, values, importBatchId }) => ({
          id,
          organisation_id: organisationId,
          ...values,
          vault_name: names.get(values.vault_id) ?? '',
          strength: values.strength ?? 0,
          import_batch_id: importBatchId,
          created_by: userId,
          updated_by: userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Saves a new revision, only if the stored one is still `values.revision - 1` and the secret is
 * still where `before` says (the check and the write are one statement, so two editors can never
 * both win). The revision is live unless `deletedAt` is given: a signed mark for deletion is a
 * revision too. Answers whether it was saved. Run it in a transaction.
 */
export async function saveSecretRevision(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  values: SecretValues,
  userId: string,
  before: SecretPlace,
  deletedAt: string | null = null,
): Promise<boolean> {
  const after = { vault_id: values.vault_id, hidden: values.hidden, live: deletedAt === null };
  return writeKeepingCounts(db, organisationId, secretCountDeltas(before, after), async (names) => {
    const movedTo = values.vault_id !== before.vault_id ? names.get(values.vault_id) : undefined;
    const result = await db
      .updateTable('secrets')
      .set({
        ...values,
        deleted_at: deletedAt,
        ...(movedTo !== undefined ? { vault_name: movedTo } : {}),
        strength: values.strength ?? 0,
        updated_by: userId,
        updated_at: new Date().toISOString(),
      })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .where('revision', '=', values.revision - 1)
      .where(stillAt(before))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** The signed header a move stores: the one it carries, for the revision it was checked against. */
export interface MovedHeader {
  signed_header: string;
  revision: number;
}

/**
 * Moves a live secret to another chest (the payload and its revision stay as they are), if it is
 * still where `before` says; answers whether it moved. The secret's signed header becomes `header`'s,
 * and then only if the stored revision is still the one it was checked against; without one it is
 * cleared (the old header names the old chest). Run it in a transaction.
 */
export async function moveSecretToChest(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  before: SecretPlace,
  chestId: string,
  userId: string,
  header: MovedHeader | null = null,
): Promise<boolean> {
  const after = { ...before, vault_id: chestId };
  return writeKeepingCounts(db, organisationId, secretCountDeltas(before, after), async (names) => {
    let update = db
      .updateTable('secrets')
      .set({
        vault_id: chestId,
        vault_name: names.get(chestId) ?? '',
        signed_header: header?.signed_header ?? null,
        updated_by: userId,
        updated_at: new Date().toISOString(),
      })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .where(stillAt(before));
    if (header) update = update.where('revision', '=', header.revision);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/**
 * Marks a secret for deletion (a time) or restores it (null) without a new revision, if it is still
 * where `before` says; answers whether it changed. Its signed header stays: readers take a live header
 * on a marked record as the server's mark (crypto.md, "Deletion is a revision"). Run it in a transaction.
 */
export async function setSecretDeletedAt(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  before: SecretPlace,
  deletedAt: string | null,
  userId: string,
): Promise<boolean> {
  const after = { ...before, live: deletedAt === null };
  return writeKeepingCounts(db, organisationId, secretCountDeltas(before, after), async () => {
    const result = await db
      .updateTable('secrets')
      .set({ deleted_at: deletedAt, updated_by: userId, updated_at: new Date().toISOString() })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .where(stillAt(before))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/**
 * Deletes a secret for good, if it is still where `before` says; its wrapped keys go with it
 * (cascade). Answers whether it was deleted. Run it in a transaction.
 */
export async function deleteSecret(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  before: SecretPlace,
): Promise<boolean> {
  return writeKeepingCounts(db, organisationId, secretCountDeltas(before, null), async () => {
    const result = await db
      .deleteFrom('secrets')
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .where(stillAt(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  });
}

/** Gives every secret of a chest the chest's new name. Run it after renaming the chest, in its transaction. */
export async function renameSecretsChest(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  name: string,
): Promise<void> {
  await db
    .updateTable('secrets')
    .set({ vault_name: name })
    .where('organisation_id', '=', organisationId)
    .where('vault_id', '=', chestId)
    .execute();
}

/** The live (not marked) secrets an import batch created, metadata only. */
export async function findLiveBatchSecrets(
  db: Kysely<Database>,
  organisationId: string,
  importBatchId: string,
): Promise<SecretRecord[]> {
  const rows = await db
    .selectFrom('secrets')
    .select(METADATA_COLUMNS)
    .where('import_batch_id', '=', importBatchId)
    .where(sameOrganisation('organisation_id', organisationId))
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map(toSecret);
}

/** Live secrets of each of these batches (a batch without any is left out). */
export async function countLiveBatchSecrets(
  db: Kysely<Database>,
  organisationId: string,
  importBatchIds: readonly string[],
): Promise<Map<string, number>> {
  if (importBatchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('secrets')
    .select((eb) => ['import_batch_id', eb.fn.countAll<number>().as('count')])
    .where('import_batch_id', 'in', importBatchIds)
    .where(sameOrganisation('organisation_id', organisationId))
    .where('deleted_at', 'is', null)
    .groupBy('import_batch_id')
    .execute();
  return new Map(rows.map((row) => [row.import_batch_id ?? '', Number(row.count)]));
}

// Ids per statement: far under SQLite's 32,766 parameters and PostgreSQL's 65,535.
const MARK_CHUNK = 500;

/**
 * Marks many live secrets for deletion at once, as setSecretDeletedAt marks one: the chests' counts
 * first (all deltas together, each chest locked once), then the secrets, each only if it is still
 * where the caller read it. Answers whether every one of them was marked; if not, the counts are
 * put back and the caller must roll the transaction back. Run it in a transaction.
 */
export async function markSecretsForDeletion(
  db: Kysely<Database>,
  organisationId: string,
  secrets: readonly SecretRecord[],
  deletedAt: string,
  userId: string,
): Promise<boolean> {
  if (secrets.length === 0) return true;
  const deltas = new Map<string, ChestCountDelta>();
  const byPlace = new Map<string, { place: SecretPlace; ids: string[] }>();
  for (const secret of secrets) {
    const place = placeOf(secret);
    for (const [chestId, delta] of secretCountDeltas(place, { ...place, live: false })) {
      const sum = deltas.get(chestId) ?? { secrets: 0, visibleSecrets: 0 };
      sum.secrets = (sum.secrets ?? 0) + (delta.secrets ?? 0);
      sum.visibleSecrets = (sum.visibleSecrets ?? 0) + (delta.visibleSecrets ?? 0);
      deltas.set(chestId, sum);
    }
    const key = `${place.vault_id} ${place.hidden}`;
    const group = byPlace.get(key) ?? { place, ids: [] };
    group.ids.push(secret.id);
    byPlace.set(key, group);
  }
  return writeKeepingCounts(db, organisationId, deltas, async () => {
    let marked = 0;
    const updatedAt = new Date().toISOString();
    for (const { place, ids } of byPlace.values()) {
      for (let start = 0; start < ids.length; start += MARK_CHUNK) {
        const result = await db
          .updateTable('secrets')
          .set({ deleted_at: deletedAt, updated_by: userId, updated_at: updatedAt })
          .where(sameOrganisation('organisation_id', organisationId))
          .where('id', 'in', ids.slice(start, start + MARK_CHUNK))
          .where(stillAt(place))
          .executeTakeFirst();
        marked += Number(result.numUpdatedRows);
      }
    }
    return marked === secrets.length;
  });
}

/** These secrets with their sealed payloads, in this organisation (unknown ids are left out; at most 500). */
export async function findSealedSecretsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<SealedSecretRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('secrets')
    .select([...METADATA_COLUMNS, 'encrypted_data', 'encryption_iv'])
    .where(sameOrganisation('organisation_id', organisationId))
    .where('id', 'in', ids)
    .execute();
  return rows.map(toSecret);
}
