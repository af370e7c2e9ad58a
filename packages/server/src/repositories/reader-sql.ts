import { type QueryCreator, sql } from 'kysely';
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
