import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chestReaderPairs } from './reader-sql.js';

/** A reader who lacks a key, with what the caller needs to wrap one: their public key and the caller's own wrapped key. */
export interface MissingKey {
  secret_id: string;
  user_id: string;
  public_key: string;
  encrypted_value: string;
}

/**
 * Which missing keys to look for: every chest's (resharing is for administrators, who see every
 * secret), narrowed when asked. With `callerId`, only among the secrets the caller's own keys open
 * (the reshare calls: the caller rewraps from them); without it, the whole organisation's (the
 * statistics' figure, which does not depend on who asks).
 */
export interface MissingKeyScope {
  organisationId: string;
  callerId?: string;
  /** Only for members of this team, or only for this user. */
  teamId?: string;
  userId?: string;
}

/** The scope of the reshare calls: the caller's keys are what gets rewrapped. */
export type CallerMissingKeyScope = MissingKeyScope & { callerId: string };

/** Every (secret, reader) pair of the scope where the reader holds no wrapped key. */
function missingPairs(db: Kysely<Database>, scope: MissingKeyScope) {
  let query = db
    .with('readers', (cte) => chestReaderPairs(cte, scope.organisationId))
    .selectFrom('secrets as s')
    .innerJoin('readers as r', 'r.vault_id', 's.vault_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('s.organisation_id', '=', scope.organisationId)
    .where((eb) => eb.or([eb('r.sees_hidden', '=', 1), eb('s.hidden', '=', false)]))
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('secret_keys as k')
            .select('k.id')
            .whereRef('k.secret_id', '=', 's.id')
            .whereRef('k.user_id', '=', 'r.user_id'),
        ),
      ),
    );
  if (scope.userId) query = query.where('r.user_id', '=', scope.userId);
  if (scope.teamId) {
    query = query.where(
      'r.user_id',
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
  return missingPairs(db, scope)
    .innerJoin('secret_keys as ck', (join) =>
      join.onRef('ck.secret_id', '=', 's.id').on('ck.user_id', '=', scope.callerId),
    )
    .where('ck.organisation_id', '=', scope.organisationId)
    .where('r.user_id', '!=', scope.callerId);
}

/** Up to `limit` missing keys, in a stable order (by secret, then user). */
export async function listMissingKeys(
  db: Kysely<Database>,
  scope: CallerMissingKeyScope,
  limit: number,
): Promise<MissingKey[]> {
  return missingKeysOfCaller(db, scope)
    .select(['s.id as secret_id', 'r.user_id as user_id', 'u.public_key', 'ck.encrypted_value'])
    .orderBy('s.id')
    .orderBy('r.user_id')
    .limit(limit)
    .execute();
}

/** How many keys are missing in the scope. */
export async function countMissingKeys(db: Kysely<Database>, scope: MissingKeyScope): Promise<number> {
  const query = scope.callerId
    ? missingKeysOfCaller(db, { ...scope, callerId: scope.callerId })
    : missingPairs(db, scope);
  const row = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
