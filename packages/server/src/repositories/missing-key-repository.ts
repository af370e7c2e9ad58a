import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunkIds } from './list-paging.js';
import { type KeyScope, recomputedMissingPairs, scopeIsEmpty } from './reader-sql.js';

/**
 * A reader who lacks a key, with what the caller needs to wrap one: their public key and the caller's
 * own wrapped key, and the secret's chest, hidden flag and signed header (so a browser checks the
 * reader against the log's readers of that chest, as its author signed it, before wrapping).
 */
export interface MissingKey {
  secret_id: string;
  user_id: string;
  public_key: string;
  encrypted_value: string;
  vault_id: string;
  hidden: SqlBool;
  signed_header: string | null;
}

/** A (secret, reader) pair. */
export interface KeyPair {
  secret_id: string;
  user_id: string;
}

/**
 * Which missing keys to look for: the organisation's, narrowed when asked. With `callerId`, only
 * among the secrets the caller's own keys open (the reshare calls: the caller rewraps from them);
 * without it, the whole organisation's (the statistics' figure, which does not depend on who asks).
 */
export interface MissingKeyScope {
  organisationId: string;
  callerId?: string;
  /** Only for members of this team, or only for this user. */
  teamId?: string;
  userId?: string;
  /**
   * Not for these users: in an organisation with a trust log, its users the log does not hold active
   * (log-readers.ts), whose pairs stay recorded (their rows make them readers) but are not asked for.
   */
  excludedUserIds?: readonly string[];
}

/** The scope of the reshare calls: the caller's keys are what gets rewrapped. */
export type CallerMissingKeyScope = MissingKeyScope & { callerId: string };

/** The recorded missing pairs of the scope (missing_keys): an index range, as long as what is missing. */
function recordedPairs(db: Kysely<Database>, scope: MissingKeyScope) {
  let query = db.selectFrom('missing_keys as m').where('m.organisation_id', '=', scope.organisationId);
  if (scope.userId) query = query.where('m.user_id', '=', scope.userId);
  if (scope.excludedUserIds && scope.excludedUserIds.length > 0) {
    query = query.where('m.user_id', 'not in', scope.excludedUserIds);
  }
  if (scope.teamId) {
    query = query.where(
      'm.user_id',
      'in',
      db
        .selectFrom('memberships')
        .select('user_id')
        .where('organisation_id', '=', scope.organisationId)
        .where('team_id', '=', scope.teamId),
    );
  }
  return query;
}

/** The missing pairs of secrets the caller holds a key of, with that key (to rewrap from). */
function missingKeysOfCaller(db: Kysely<Database>, scope: CallerMissingKeyScope) {
  return recordedPairs(db, scope)
    .innerJoin('secret_keys as ck', (join) =>
      join.onRef('ck.secret_id', '=', 'm.secret_id').on('ck.user_id', '=', scope.callerId),
    )
    .where('m.user_id', '!=', scope.callerId);
}

/**
 * Up to `limit` missing keys, in a stable order (by secret, then user: the table's own order), after
 * the pair `after` when given (the next piece of a longer page).
 */
export async function listMissingKeys(
  db: Kysely<Database>,
  scope: CallerMissingKeyScope,
  limit: number,
  after?: KeyPair,
): Promise<MissingKey[]> {
  let query = missingKeysOfCaller(db, scope);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('m.secret_id', 'm.user_id'), '>', eb.tuple(after.secret_id, after.user_id)),
    );
  }
  return query
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('secrets as s', 's.id', 'm.secret_id')
    .select([
      'm.secret_id',
      'm.user_id',
      'u.public_key',
      'ck.encrypted_value',
      's.vault_id',
      's.hidden',
      's.signed_header',
    ])
    .orderBy('m.secret_id')
    .orderBy('m.user_id')
    .limit(limit)
    .execute();
}

/**
 * How many keys are missing in the scope. With a caller, only pairs whose secret the caller holds a
 * key of; an administrator (resharing is theirs) reads every secret, so when none of their own pairs
 * is recorded they hold every key, and the count is an index range without a probe per row.
 */
export async function countMissingKeys(db: Kysely<Database>, scope: MissingKeyScope): Promise<number> {
  let query = recordedPairs(db, scope);
  if (scope.callerId) {
    const callerId = scope.callerId;
    query = (await callerLacksKeys(db, scope.organisationId, callerId))
      ? missingKeysOfCaller(db, { ...scope, callerId })
      : query.where('m.user_id', '!=', callerId);
  }
  const row = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether any pair of the caller's own is recorded as missing. */
async function callerLacksKeys(db: Kysely<Database>, organisationId: string, callerId: string) {
  const row = await db
    .selectFrom('missing_keys')
    .select('secret_id')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', callerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records again the missing pairs of a scope: forgets the recorded ones, then inserts what the
 * recomputation finds, in the caller's transaction. Costs the scope's secrets times their readers.
 */
export async function refreshMissingKeys(
  db: Kysely<Database>,
  organisationId: string,
  scope: KeyScope,
): Promise<void> {
  if (scopeIsEmpty(scope)) return;
  let forget = db.deleteFrom('missing_keys').where('organisation_id', '=', organisationId);
  if (scope.userIds) forget = forget.where('user_id', 'in', scope.userIds);
  if (scope.secretIds) forget = forget.where('secret_id', 'in', scope.secretIds);
  if (scope.chestIds) {
    const chestIds = scope.chestIds;
    forget = forget.where('secret_id', 'in', (eb) =>
      eb
        .selectFrom('secrets')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('vault_id', 'in', chestIds),
    );
  }
  await forget.execute();
  await db
    .insertInto('missing_keys')
    .columns(['secret_id', 'user_id', 'organisation_id'])
    .expression(
      recomputedMissingPairs(db, organisationId, scope).select((eb) =>
        eb.val(organisationId).as('organisation_id'),
      ),
    )
    // Two refreshes of one pair cannot both insert it: the bookkeeping holds the organisation's row.
    // Kept as a guard, since a duplicate would otherwise fail the whole change.
    .onConflict((conflict) => conflict.columns(['organisation_id', 'secret_id', 'user_id']).doNothing())
    .execute();
}

/** Recomputes an organisation's missing keys whole (tools that write rows directly); answers the count. */
export async function rebuildMissingKeys(db: Kysely<Database>, organisationId: string): Promise<number> {
  await refreshMissingKeys(db, organisationId, {});
  return countMissingKeys(db, { organisationId });
}

/** Forgets pairs that now hold a key (a delivery), in the delivery's transaction. */
export async function forgetMissingKeys(
  db: Kysely<Database>,
  organisationId: string,
  pairs: readonly KeyPair[],
): Promise<void> {
  for (const chunk of chunkIds(pairs, 250)) {
    await db
      .deleteFrom('missing_keys')
      .where('organisation_id', '=', organisationId)
      .where((eb) =>
        eb(
          eb.refTuple('secret_id', 'user_id'),
          'in',
          chunk.map((pair) => eb.tuple(pair.secret_id, pair.user_id)),
        ),
      )
      .execute();
  }
}

/** The whole recomputation of an organisation's missing pairs, in order: what missing_keys must equal. */
export async function recomputeMissingKeys(db: Kysely<Database>, organisationId: string): Promise<KeyPair[]> {
  return recomputedMissingPairs(db, organisationId, {}).orderBy('secret_id').orderBy('user_id').execute();
}
