import { randomUUID } from 'node:crypto';
import { NO_MIGRATIONS } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrations } from './migrations/index.js';
import { createMigrator, migrateToLatest } from './migrator.js';
import { toBool } from './to-bool.js';

const TABLES = [
  'organisations',
  'users',
  'otp_recovery_codes',
  'sessions',
  'invitations',
  'teams',
  'memberships',
  'vaults',
  'assignments',
  'vault_managers',
  'secrets',
  'secret_keys',
  'missing_keys',
  'audit_log_entries',
  'billing_customers',
  'billing_subscriptions',
  'billing_payment_methods',
  'billing_invoices',
  'billing_coupons',
  'data_records',
  'attempt_counters',
  'email_changes',
  'attachments',
  'attachment_chunks',
  'import_batches',
  'secret_key_removals',
  'key_purges',
  'health_dismissals',
  'rotations',
  'trust_log',
  'trust_checkpoints',
];

// Counted before anyone knows the account's organisation (migration 2026-11-23-0020).
const WITHOUT_ORGANISATION = ['organisations', 'attempt_counters', 'billing_coupons'];

describe('migrations', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  // Coffer's introspection sees this file's own schema only (own-schema-dialect.ts).
  const tables = () => database.handle.db.introspection.getTables();

  async function tableNames(): Promise<string[]> {
    return (await tables()).map((table) => table.name);
  }

  it('creates every table on the way up and removes them all on the way down', async () => {
    const applied = await migrateToLatest(database.handle.db);
    expect(applied).toEqual(Object.keys(migrations));
    expect((await tableNames()).sort()).toEqual([...TABLES].sort());

    const { error, results } = await (await createMigrator(database.handle.db)).migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    expect(results?.map((result) => result.direction)).toEqual(Object.keys(migrations).map(() => 'Down'));
    expect(await tableNames()).toEqual([]);

    expect(await migrateToLatest(database.handle.db)).toEqual(Object.keys(migrations));
  });

  it("sees only its own database's tables, whatever else shares the server", async () => {
    const neighbour = await createTestDatabase();
    try {
      await migrateToLatest(neighbour.handle.db);
      expect(await tableNames()).toEqual([]);
      expect(await migrateToLatest(database.handle.db)).toEqual(Object.keys(migrations));
    } finally {
      await neighbour.drop();
    }
  });

  it('runs nothing when the schema is already up to date', async () => {
    await migrateToLatest(database.handle.db);
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
  });

  it('gives every table except organisations an organisation_id column', async () => {
    await migrateToLatest(database.handle.db);
    for (const table of (await tables()).filter(
      (t) => TABLES.includes(t.name) && !WITHOUT_ORGANISATION.includes(t.name),
    )) {
      expect(
        table.columns.map((column) => column.name),
        table.name,
      ).toContain('organisation_id');
    }
  });

  it('stores booleans and reads them back through toBool, with column defaults', async () => {
    await migrateToLatest(database.handle.db);
    const { db } = database.handle;
    const at = new Date().toISOString();
    const organisationId = randomUUID();
    await db
      .insertInto('organisations')
      .values({ id: organisationId, name: 'Acme', created_at: at, updated_at: at })
      .execute();
    const team = { organisation_id: organisationId, created_at: at, updated_at: at };
    await db
      .insertInto('teams')
      .values({ ...team, id: 'a', name: 'Everyone', default_for_new_users: true })
      .execute();
    // Single-row insert: on SQLite, a multi-row insert turns left-out columns into NULL, not the default.
    await db
      .insertInto('teams')
      .values({ ...team, id: 'b', name: 'Ops' })
      .execute();
    const defaults = await db
      .selectFrom('teams')
      .select(['id', 'default_for_new_users'])
      .where('default_for_new_users', '=', true)
      .execute();
    expect(defaults.map((row) => [row.id, toBool(row.default_for_new_users)])).toEqual([['a', true]]);
    const ops = await db
      .selectFrom('teams')
      .select('default_for_new_users')
      .where('id', '=', 'b')
      .executeTakeFirstOrThrow();
    expect(toBool(ops.default_for_new_users)).toBe(false);
    const organisation = await db.selectFrom('organisations').selectAll().executeTakeFirstOrThrow();
    expect(organisation.inactivity_length).toBe(10);
  });
});
