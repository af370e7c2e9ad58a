import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * SQL form of "who must hold a key of a chest's secrets", for set-wide queries (purging keys,
 * finding missing ones): one row per (chest, reader). It mirrors core's canSeeSecret, which the
 * policy module applies to single objects: administrators read every secret of every chest
 * (`sees_hidden` 1); other users read the visible secrets of the chests of their teams and of the
 * chests they manage (`sees_hidden` 0). Used as a CTE named `readers`.
 */
export function chestReaderPairs(db: QueryCreator<Database>, organisationId: string) {
  const administrators = db
    .selectFrom('vaults as rv')
    .innerJoin('users as ru', 'ru.organisation_id', 'rv.organisation_id')
    .select(['rv.id as vault_id', 'ru.id as user_id', sql<number>`1`.as('sees_hidden')])
    .where('rv.organisation_id', '=', organisationId)
    .where('ru.administrator', '=', true);
  const members = db
    .selectFrom('assignments as ra')
    .innerJoin('memberships as rm', (join) =>
      join.onRef('rm.team_id', '=', 'ra.team_id').onRef('rm.organisation_id', '=', 'ra.organisation_id'),
    )
    .innerJoin('users as ru', 'ru.id', 'rm.user_id')
    .select(['ra.vault_id as vault_id', 'rm.user_id as user_id', sql<number>`0`.as('sees_hidden')])
    .where('ra.organisation_id', '=', organisationId)
    .where('ru.administrator', '=', false);
  const managers = db
    .selectFrom('vault_managers as rg')
    .innerJoin('users as ru', 'ru.id', 'rg.user_id')
    .select(['rg.vault_id as vault_id', 'rg.user_id as user_id', sql<number>`0`.as('sees_hidden')])
    .where('rg.organisation_id', '=', organisationId)
    .where('ru.administrator', '=', false);
  return administrators.union(members).union(managers);
}

/**
 * Narrows a set-wide key query to the pairs a change can have touched; every given list must match
 * (chests and users: one rectangle of pairs). Without any, the whole organisation.
 */
export interface KeyScope {
  chestIds?: readonly string[];
  secretIds?: readonly string[];
  userIds?: readonly string[];
}

/** True when a list of the scope is empty: no pair can match. */
export function scopeIsEmpty(scope: KeyScope): boolean {
  return Object.values(scope).some((ids) => ids !== undefined && ids.length === 0);
}

/**
 * Every (secret, reader) pair of the scope whose reader holds no wrapped key: the recomputation that
 * missing_keys records as it happens. Its cost is the scope's secrets times their readers, so callers
 * narrow the scope to what a change touched.
 */
export function recomputedMissingPairs(db: Kysely<Database>, organisationId: string, scope: KeyScope) {
  let query = db
    .with('readers', (cte) => chestReaderPairs(cte, organisationId))
    .selectFrom('secrets as s')
    .innerJoin('readers as r', 'r.vault_id', 's.vault_id')
    .select(['s.id as secret_id', 'r.user_id as user_id'])
    .where('s.organisation_id', '=', organisationId)
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
  if (scope.chestIds) query = query.where('s.vault_id', 'in', scope.chestIds);
  if (scope.secretIds) query = query.where('s.id', 'in', scope.secretIds);
  if (scope.userIds) query = query.where('r.user_id', 'in', scope.userIds);
  return query;
}
