import type { Kysely } from 'kysely';
import {
  addCascadingReference,
  addFlag,
  addIdAndOrganisation,
  addTimestamps,
  createIndex,
  dropTables,
} from './migration-helpers.js';

// Teams, chests (vaults) and who may reach a chest: memberships, assignments, managers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .$call(addIdAndOrganisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .$call((b) => addFlag(b, 'default_for_new_users', false))
    .$call(addTimestamps)
    .execute();
  await createIndex(db, 'teams', ['organisation_id', 'name']);

  await db.schema
    .createTable('memberships')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'team_id', 'teams.id'))
    .$call((b) => addCascadingReference(b, 'user_id', 'users.id'))
    .$call((b) => addFlag(b, 'edit_access', false))
    .$call(addTimestamps)
    .addUniqueConstraint('memberships_team_id_user_id_unique', ['team_id', 'user_id'])
    .execute();
  await createIndex(db, 'memberships', ['organisation_id', 'user_id']);
  await createIndex(db, 'memberships', ['user_id']);

  await db.schema
    .createTable('vaults')
    .$call(addIdAndOrganisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .$call(addTimestamps)
    .execute();
  await createIndex(db, 'vaults', ['organisation_id', 'name']);

  await db.schema
    .createTable('assignments')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'vault_id', 'vaults.id'))
    .$call((b) => addCascadingReference(b, 'team_id', 'teams.id'))
    .$call((b) => addFlag(b, 'edit_access', false))
    .$call(addTimestamps)
    .addUniqueConstraint('assignments_vault_id_team_id_unique', ['vault_id', 'team_id'])
    .execute();
  await createIndex(db, 'assignments', ['organisation_id', 'team_id']);
  await createIndex(db, 'assignments', ['team_id']);

  await db.schema
    .createTable('vault_managers')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'vault_id', 'vaults.id'))
    .$call((b) => addCascadingReference(b, 'user_id', 'users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('vault_managers_vault_id_user_id_unique', ['vault_id', 'user_id'])
    .execute();
  await createIndex(db, 'vault_managers', ['organisation_id', 'user_id']);
  await createIndex(db, 'vault_managers', ['user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['vault_managers', 'assignments', 'vaults', 'memberships', 'teams']);
}
