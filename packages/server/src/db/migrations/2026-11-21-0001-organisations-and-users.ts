import type { Kysely } from 'kysely';
import {
  addCascadingReference,
  addFlag,
  addIdAndOrganisation,
  addTimestamps,
  createIndex,
  dropTables,
} from './migration-helpers.js';

// Organisations, their users, and what signs users in: sessions, recovery codes, invitations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // No foreign key: users reference organisations, and the owner is kept valid by the services.
    .addColumn('owner_id', 'text')
    .addColumn('inactivity_length', 'integer', (col) => col.notNull().defaultTo(10))
    .$call(addTimestamps)
    .execute();

  await db.schema
    .createTable('users')
    .$call(addIdAndOrganisation)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('kdf_iterations', 'integer', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('encrypted_private_key', 'text', (col) => col.notNull())
    .addColumn('private_key_iv', 'text', (col) => col.notNull())
    .addColumn('key_version', 'integer', (col) => col.notNull().defaultTo(1))
    .$call((b) => addFlag(b, 'administrator', false))
    .$call((b) => addFlag(b, 'data_administrator', false))
    .$call((b) => addFlag(b, 'dark_mode', false))
    .$call((b) => addFlag(b, 'first_time', true))
    .$call((b) => addFlag(b, 'has_secret', false))
    .$call((b) => addFlag(b, 'tutorial', false))
    .$call((b) => addFlag(b, 'locked', false))
    .$call((b) => addFlag(b, 'must_change_password', false))
    .$call((b) => addFlag(b, 'otp_required_for_login', false))
    .addColumn('otp_secret_encrypted', 'text')
    .addColumn('otp_last_step', 'bigint')
    .$call((b) => addFlag(b, 'marketing_opt_in', false))
    .addColumn('terms_accepted_at', 'text')
    .addColumn('confirmation_token_hash', 'text')
    .addColumn('confirmation_sent_at', 'text')
    .addColumn('confirmed_at', 'text')
    .$call(addTimestamps)
    .execute();
  await createIndex(db, 'users', ['email'], { unique: true });
  await createIndex(db, 'users', ['organisation_id']);
  await createIndex(db, 'users', ['confirmation_token_hash']);

  await db.schema
    .createTable('otp_recovery_codes')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'user_id', 'users.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await createIndex(db, 'otp_recovery_codes', ['organisation_id']);
  await createIndex(db, 'otp_recovery_codes', ['user_id']);

  await db.schema
    .createTable('sessions')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'user_id', 'users.id'))
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await createIndex(db, 'sessions', ['token_hash'], { unique: true });
  await createIndex(db, 'sessions', ['organisation_id']);
  await createIndex(db, 'sessions', ['user_id']);

  await db.schema
    .createTable('invitations')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'inviter_id', 'users.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('team_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('accepted_at', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await createIndex(db, 'invitations', ['token_hash'], { unique: true });
  await createIndex(db, 'invitations', ['organisation_id']);
  await createIndex(db, 'invitations', ['inviter_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['invitations', 'sessions', 'otp_recovery_codes', 'users', 'organisations']);
}
