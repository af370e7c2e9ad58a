import type { RotationReason } from '@coffer/core';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, RotationsTable } from '../db/schema.js';
import { chunkIds } from './list-paging.js';
import { sameOrganisation } from './organisation-check.js';

// How a loss of access is recorded on the rotation list (issue 31), cheaply enough for removing a
// user who could read 20,000 secrets in one request (docs/security-centre.md). Every statement reads
// one table by its primary key or by an index it names in full, so no planner can loop over an
// organisation's keys or secrets: SQLite keeps no statistics and walked the organisation's 140,000
// keys for each batch of 500 ids (22 s for one removal), and PostgreSQL, on tables not analysed since
// they grew, looked for each key's open row through every row of `rotations` (100 s for a second
// removal). A reconcile's keys (by id) are recorded a batch at a time, the rows put together here and
// inserted as values; a user's keys in one statement whose plan both engines fix (recordKeysOfUser).

/** Whose keys a loss takes: some keys by id (a reconcile), or every key of one user. */
export type LostKeys = { keyIds: readonly string[] } | { userId: string };

interface LostKey {
  id: string;
  secret_id: string;
  user_id: string;
}

// 11 values a row: 500 rows stay far under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const INSERT_ROWS = 500;

/**
 * Records, in the transaction that takes the access away and before the keys go, every secret the
 * keys' holders could read, at its current revision: one row per (secret, person), unless one is
 * already open. A wrapped key is held exactly by the secret's readers (architecture.md), so a key
 * is the proof the person could read it; a person who never held one is never listed. The key's id
 * is the row's id: a save replaces every key of the secret, so the same key is recorded once.
 */
export async function recordLostKeys(
  db: Kysely<Database>,
  organisationId: string,
  keys: LostKeys,
  reason: RotationReason,
  at: string,
): Promise<void> {
  if ('userId' in keys) {
    await recordKeysOfUser(db, organisationId, keys.userId, reason, at);
    return;
  }
  const lost = await keysById(db, organisationId, keys.keyIds);
  if (lost.length === 0) return;
  const people = await findPeople(db, organisationId, [...new Set(lost.map((key) => key.user_id))]);
  const rows: Insertable<RotationsTable>[] = [];
  for (const batch of chunkIds(lost)) {
    const secretIds = [...new Set(batch.map((key) => key.secret_id))];
    const secrets = await findSecrets(db, organisationId, secretIds);
    const open = await findOpenPairs(db, organisationId, secretIds);
    for (const key of batch) {
      const secret = secrets.get(key.secret_id);
      const person = people.get(key.user_id);
      if (!secret || !person || open.has(pair(key.secret_id, key.user_id))) continue;
      // Two keys of one (secret, person) cannot exist (a unique constraint), so a batch adds one row each.
      rows.push({
        id: key.id,
        organisation_id: organisationId,
        secret_id: key.secret_id,
        vault_id: secret.vault_id,
        vault_name: secret.vault_name,
        user_id: key.user_id,
        user_name: person.name,
        user_email: person.email,
        reason,
        lost_at: at,
        revision: Number(secret.revision),
      });
    }
  }
  for (const chunk of chunkIds(rows, INSERT_ROWS)) {
    await db
      .insertInto('rotations')
      .values(chunk)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/**
 * Every key of one user (a removal, a lock): one statement, the rows made by the database. Its plan
 * is fixed by what it names, whatever the statistics: the user's keys by the sync's index on
 * (organisation_id, user_id, …), each key's secret by primary key (SQLite joins in the order written
 * after CROSS JOIN). A (secret, person) with an open row already is skipped by the unique index on
 * open pairs (`on conflict do nothing`), never looked for: PostgreSQL, its statistics saying
 * `rotations` was empty, scanned the whole table for each key (5 s for 20,203 keys instead of 0.9 s).
 * Made row by row in the server, 20,203 rows took 0.8 to 1.1 s on SQLite; this statement, 0.3 to
 * 0.5 s (docs/security-centre.md).
 */
async function recordKeysOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
  reason: RotationReason,
  at: string,
): Promise<void> {
  const person = (await findPeople(db, organisationId, [userId])).get(userId);
  if (!person) return;
  await sql`
    insert into rotations (id, organisation_id, secret_id, vault_id, vault_name, user_id, user_name,
      user_email, reason, lost_at, revision)
    select k.id, k.organisation_id, k.secret_id, s.vault_id, s.vault_name, k.user_id, ${person.name},
      ${person.email}, ${reason}, ${at}, s.revision
    from secret_keys k cross join secrets s
    where k.organisation_id = ${organisationId} and k.user_id = ${userId}
      and s.id = k.secret_id and s.organisation_id = k.organisation_id
    on conflict do nothing
  `.execute(db);
}

async function keysById(
  db: Kysely<Database>,
  organisationId: string,
  keyIds: readonly string[],
): Promise<LostKey[]> {
  const found: LostKey[] = [];
  for (const chunk of chunkIds(keyIds)) {
    found.push(
      ...(await db
        .selectFrom('secret_keys')
        .select(['id', 'secret_id', 'user_id'])
        .where(sameOrganisation('organisation_id', organisationId))
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

async function findSecrets(
  db: Kysely<Database>,
  organisationId: string,
  secretIds: readonly string[],
): Promise<Map<string, { vault_id: string; vault_name: string; revision: number }>> {
  const rows = await db
    .selectFrom('secrets')
    .select(['id', 'vault_id', 'vault_name', 'revision'])
    .where(sameOrganisation('organisation_id', organisationId))
    .where('id', 'in', secretIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The (secret, person) pairs of these secrets that already have an open row. */
async function findOpenPairs(
  db: Kysely<Database>,
  organisationId: string,
  secretIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('rotations')
    .select(['secret_id', 'user_id'])
    .where(sameOrganisation('organisation_id', organisationId))
    .where('secret_id', 'in', secretIds)
    .where('outcome', 'is', null)
    .where('user_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => pair(row.secret_id, row.user_id ?? '')));
}

async function findPeople(
  db: Kysely<Database>,
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const people = new Map<string, { name: string; email: string }>();
  for (const chunk of chunkIds(userIds)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where(sameOrganisation('organisation_id', organisationId))
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) people.set(row.id, { name: row.name, email: row.email });
  }
  return people;
}

function pair(secretId: string, userId: string): string {
  return `${secretId} ${userId}`;
}
