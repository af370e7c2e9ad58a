import { type Kysely, sql } from 'kysely';
import { addIdAndOrganisation, dropTables } from './migration-helpers.js';

// Rotation after access is lost (issue 31): one row per (secret, person who could read it) recorded
// in the transaction that took the access away, or per stale secret of a chest with a rotation
// policy (user_id null). A row is open until a new revision of the secret is saved (outcome
// 'rotated') or someone marks it as not needing rotation ('dismissed'). The secret's row cascades:
// a secret deleted for good leaves the list. The chest and the person are copied (the person may be
// gone); the chest's name follows renames and moves (rotation-repository.ts) so the list sorts by it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rotations')
    .$call(addIdAndOrganisation)
    .addColumn('secret_id', 'text', (col) => col.notNull().references('secrets.id').onDelete('cascade'))
    .addColumn('vault_id', 'text', (col) => col.notNull())
    .addColumn('vault_name', 'text', (col) => col.notNull())
    // A plain id: the user may be removed in the very transaction that records the loss.
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text', (col) => col.notNull())
    // 'removed', 'locked', 'access_lost' or 'policy' (a chest's "rotate every N days").
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('lost_at', 'text', (col) => col.notNull())
    // The secret's revision when the access was lost: a later revision rotates it.
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    .addColumn('dismiss_reason', 'text')
    .execute();
  // The list reads open rows only, in one of three orders (organisation_id, column, id).
  for (const column of ['lost_at', 'user_name', 'vault_name']) {
    await db.schema
      .createIndex(`rotations_open_${column}_index`)
      .on('rotations')
      .columns(['organisation_id', column, 'id'])
      .where(sql.ref('outcome'), 'is', null)
      .execute();
  }
  // A save closes the open rows of its secret; a move renames them.
  await db.schema.createIndex('rotations_secret_id_index').on('rotations').columns(['secret_id']).execute();
  // Statistics: rows closed this month.
  await db.schema
    .createIndex('rotations_closed_at_index')
    .on('rotations')
    .columns(['organisation_id', 'closed_at'])
    .execute();

  // A chest's rotation policy: rotate its secrets every N days (null: no policy).
  await db.schema.alterTable('vaults').addColumn('rotation_days', 'integer').execute();
  // When its managers were last reminded of its open rows (ROTATION_REMINDER_DAYS; off by default).
  await db.schema.alterTable('vaults').addColumn('rotation_reminded_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vaults').dropColumn('rotation_reminded_at').execute();
  await db.schema.alterTable('vaults').dropColumn('rotation_days').execute();
  await dropTables(db, ['rotations']);
}
