import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { uuidV7 } from '../db/uuid-v7.js';
import { chunkIds } from './list-paging.js';
import { recordLostKeys } from './lost-key-recording.js';
import { sameOrganisation } from './organisation-check.js';
import { chestReaderPairs, type KeyScope, scopeIsEmpty } from './reader-sql.js';

/** One user's wrapped copy of a secret's key. */
export interface WrappedKey {
  user_id: string;
  encrypted_value: string;
  version: number;
}

/** A wrapped key together with the secret it opens. */
export interface SecretWrappedKey extends WrappedKey {
  secret_id: string;
}

/** The caller's own wrapped key of a secret, or null. */
export async function findWrappedKey(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  userId: string,
): Promise<WrappedKey | null> {
  const row = await db
    .selectFrom('secret_keys')
    .select(['user_id', 'encrypted_value', 'version'])
    .where('organisation_id', '=', organisationId)
    .where('secret_id', '=', secretId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

// Every column is given, so multi-row inserts are safe on SQLite too (it would not apply defaults
// to a column left out of some rows). 100 rows of 8 columns stay far below any parameter limit.
async function insertKeyRows(
  db: Kysely<Database>,
  organisationId: string,
  keys: readonly SecretWrappedKey[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const chunk of chunkIds(keys, 100)) {
    await db
      .insertInto('secret_keys')
      .values(
        chunk.map((key) => ({
          id: uuidV7(),
          organisation_id: organisationId,
          secret_id: key.secret_id,
          user_id: key.user_id,
          encrypted_value: key.encrypted_value,
          version: key.version,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

function insertWrappedKeys(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  keys: readonly WrappedKey[],
): Promise<void> {
  return insertKeyRows(
    db,
    organisationId,
    keys.map((key) => ({ ...key, secret_id: secretId })),
  );
}

/**
 * Stores the keys of secrets created in this transaction, 100 rows to a statement. New secrets hold
 * no keys yet, so nothing is deleted first (replaceWrappedKeys' delete reads the organisation's
 * whole key index on SQLite, which grew with every secret an import created).
 */
export function insertNewSecretsKeys(
  db: Kysely<Database>,
  organisationId: string,
  keys: readonly SecretWrappedKey[],
): Promise<void> {
  return insertKeyRows(db, organisationId, keys);
}

/** Stores keys of one secret, replacing any the same users held. */
export async function upsertWrappedKeys(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  keys: readonly WrappedKey[],
): Promise<void> {
  if (keys.length === 0) return;
  for (const userIds of chunkIds(keys.map((key) => key.user_id))) {
    await db
      .deleteFrom('secret_keys')
      .where('organisation_id', '=', organisationId)
      .where('secret_id', '=', secretId)
      .where('user_id', 'in', userIds)
      .execute();
  }
  await insertWrappedKeys(db, organisationId, secretId, keys);
}

/** Replaces the whole key set of a secret (a save wraps the key for every reader again). */
export async function replaceWrappedKeys(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  keys: readonly WrappedKey[],
): Promise<void> {
  await db
    .deleteFrom('secret_keys')
    .where('organisation_id', '=', organisationId)
    .where('secret_id', '=', secretId)
    .execute();
  if (keys.length > 0) await insertWrappedKeys(db, organisationId, secretId, keys);
}

/** Stores keys that are missing and leaves existing ones untouched; answers how many were added. */
export async function insertMissingKeys(
  db: Kysely<Database>,
  organisationId: string,
  keys: readonly SecretWrappedKey[],
): Promise<number> {
  const now = new Date().toISOString();
  let added = 0;
  // A statement per batch, not per key: a reshare delivers 500 keys at once, and on SQLite every
  // statement runs on the event loop.
  for (let start = 0; start < keys.length; start += INSERT_BATCH) {
    const rows = keys.slice(start, start + INSERT_BATCH).map((key) => ({
      id: uuidV7(),
      organisation_id: organisationId,
      ...key,
      created_at: now,
      updated_at: now,
    }));
    const result = await db
      .insertInto('secret_keys')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['secret_id', 'user_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

// Rows per INSERT: seven parameters each, far below either engine's limit on parameters.
const INSERT_BATCH = 200;

/** Deletes one user's key of one secret (a key its holder reported as broken); answers how many. */
export async function deleteWrappedKey(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  userId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('secret_keys')
    .where('organisation_id', '=', organisationId)
    .where('secret_id', '=', secretId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes every wrapped key a user holds (their key pair was replaced, or they are removed): the
 * keys open nothing now, and the user's secrets show as missing keys for administrators to reshare.
 * Answers how many.
 */
export async function deleteKeysOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('secret_keys')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets what a removed user's devices would have synced: the removals of their keys. */
export async function deleteKeyRemovalsOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('secret_key_removals')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Deletes the wrapped keys of users who may no longer read the secret (architecture.md: a key
 * is held exactly by the secret's readers). Run it in the transaction that changed the access.
 * With `lostAt`, the change took the access away: the secrets those keys opened join the rotation
 * list first (issue 31); without it (a purge of keys that should not exist) nothing is recorded.
 */
export async function deleteKeysWithoutAccess(
  db: Kysely<Database>,
  organisationId: string,
  scope: KeyScope = {},
  lostAt: string | null = null,
): Promise<number> {
  if (scopeIsEmpty(scope)) return 0;
  let doomed = db
    .with('readers', (cte) => chestReaderPairs(cte, organisationId))
    .selectFrom('secret_keys as k')
    .innerJoin('secrets as s', 's.id', 'k.secret_id')
    .select('k.id')
    .where('k.organisation_id', '=', organisationId)
    .where('s.organisation_id', '=', organisationId)
    .where(({ eb, exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('readers as r')
            .select('r.user_id')
            .whereRef('r.vault_id', '=', 's.vault_id')
            .whereRef('r.user_id', '=', 'k.user_id')
            .where((inner) => inner.or([inner('r.sees_hidden', '=', 1), eb('s.hidden', '=', false)])),
        ),
      ),
    );
  if (scope.chestIds) doomed = doomed.where('s.vault_id', 'in', scope.chestIds);
  if (scope.secretIds) doomed = doomed.where('s.id', 'in', scope.secretIds);
  if (scope.userIds) doomed = doomed.where('k.user_id', 'in', scope.userIds);
  const ids = (await doomed.execute()).map((row) => row.id);
  let deleted = 0;
  for (const chunk of chunkIds(ids)) {
    if (lostAt !== null) await recordLostKeys(db, organisationId, { keyIds: chunk }, 'access_lost', lostAt);
    const result = await db
      .deleteFrom('secret_keys')
      .where(sameOrganisation('organisation_id', organisationId))
      .where('id', 'in', chunk)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** One user's wrapped keys of these secrets, by secret id (at most 500 ids). */
export async function findWrappedKeysOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
  secretIds: readonly string[],
): Promise<Map<string, WrappedKey>> {
  if (secretIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('secret_keys')
    .select(['secret_id', 'user_id', 'encrypted_value', 'version'])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('secret_id', 'in', secretIds)
    .execute();
  return new Map(rows.map(({ secret_id, ...key }) => [secret_id, key]));
}
