import { projectTrustRows, type TrustProjection } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

/**
 * The organisation's rows as core's trust projection (issue 30), restricted to the users the log
 * holds active: a user the log has not admitted (Pending, awaiting confirmation) is ignored with their
 * memberships and manager rows, since no browser trusts them. An active user of the log without a row
 * is simply absent, so the projection differs and the change is refused. Whole tables of the
 * organisation: it runs only in membership calls, in their transaction.
 */
export async function readTrustProjection(
  trx: Kysely<Database>,
  organisationId: string,
  activeUserIds: ReadonlySet<string>,
): Promise<TrustProjection> {
  const [organisation, users, memberships, assignments, managers] = await Promise.all([
    trx.selectFrom('organisations').select('owner_id').where('id', '=', organisationId).executeTakeFirst(),
    trx
      .selectFrom('users')
      .select(['id', 'administrator', 'public_key'])
      .where('organisation_id', '=', organisationId)
      .execute(),
    trx
      .selectFrom('memberships')
      .select(['team_id', 'user_id', 'edit_access'])
      .where('organisation_id', '=', organisationId)
      .execute(),
    trx
      .selectFrom('assignments')
      .select(['vault_id', 'team_id', 'edit_access'])
      .where('organisation_id', '=', organisationId)
      .execute(),
    trx
      .selectFrom('vault_managers')
      .select(['vault_id', 'user_id'])
      .where('organisation_id', '=', organisationId)
      .execute(),
  ]);
  const active = (userId: string) => activeUserIds.has(userId);
  return projectTrustRows({
    owner: organisation?.owner_id ?? '',
    users: users
      .filter((row) => active(row.id))
      .map((row) => ({ id: row.id, admin: toBool(row.administrator), public_key: row.public_key })),
    memberships: memberships
      .filter((row) => active(row.user_id))
      .map((row) => ({ team: row.team_id, user: row.user_id, edit: toBool(row.edit_access) })),
    assignments: assignments.map((row) => ({
      chest: row.vault_id,
      team: row.team_id,
      edit: toBool(row.edit_access),
    })),
    managers: managers
      .filter((row) => active(row.user_id))
      .map((row) => ({ chest: row.vault_id, user: row.user_id })),
  });
}
