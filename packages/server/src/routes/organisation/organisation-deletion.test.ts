import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from '../../auth/auth-messages.js';
import { hashToken } from '../../auth/session-token.js';
import type { Dialect } from '../../db/create-database.js';
import type { Database } from '../../db/schema.js';
import { hasListTotals } from '../../lists/list-total-cache.js';
import { loadCallerAccess } from '../../policy/caller-access.js';
import { presentOrganisation } from '../../presenters/organisation-presenter.js';
import { insertAuditEntry } from '../../repositories/audit-log-repository.js';
import { recordLostKeys } from '../../repositories/lost-key-recording.js';
import { findOrganisationById } from '../../repositories/organisation-repository.js';
import { findSessionByTokenHash } from '../../repositories/session-repository.js';
import type { User } from '../../repositories/user-repository.js';
import { deleteOrganisation, transferOwnership } from '../../services/organisation/organisation-service.js';
import type { ServiceContext } from '../../services/service-context.js';
import {
  getTestAccountKeys,
  postRegistration,
  postSignIn,
  readBearer,
  registrationFields,
} from '../../test/account-helpers.js';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import { buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Kysely's own bookkeeping: the only tables that belong to no organisation.
// attempt_counters holds sign-in rate-limit counters keyed by address or e-mail hash, which expire on
// their own; they belong to no organisation, and keeping them through a deletion keeps a guesser locked out.
// billing_coupons are codes any organisation may redeem.
const GLOBAL_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'attempt_counters',
  'billing_coupons',
]);

interface TableInfo {
  name: string;
  /** How a row names its organisation: organisation_id, or id for organisations itself. */
  column: 'organisation_id' | 'id';
}

/**
 * Every table of the database, read from the database itself (sqlite_master, information_schema),
 * so a table added by a future migration is checked without anyone listing it here.
 */
async function listTables(db: Kysely<Database>, dialect: Dialect): Promise<TableInfo[]> {
  const names =
    dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`
            select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
          `.execute(db)
        ).rows.map((row) => row.name)
      : (
          await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name
          `.execute(db)
        ).rows.map((row) => row.name);
  const tables: TableInfo[] = [];
  for (const name of names.filter((table) => !GLOBAL_TABLES.has(table))) {
    const columns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)).rows
        : (
            await sql<{ name: string }>`
              select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = ${name}
            `.execute(db)
          ).rows;
    const names = new Set(columns.map((column) => column.name));
    if (name === 'organisations') tables.push({ name, column: 'id' });
    else if (names.has('organisation_id')) tables.push({ name, column: 'organisation_id' });
    else throw new Error(`table ${name} has no organisation_id: say whose rows it holds`);
  }
  return tables;
}

/** Rows of the organisation in each table. */
async function countRows(db: Kysely<Database>, tables: TableInfo[], organisationId: string) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table.name)} where ${sql.ref(table.column)} = ${organisationId}
    `.execute(db);
    counts[table.name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * An organisation with rows in every table: the scenario's users, teams, chests, secrets and keys,
 * plus a used sign-in session, recovery codes, an invitation, a pending e-mail change, audit entries, a statistic and
 * billing records (no factories yet, so inserted here).
 */
async function seedOrganisation(context: TestContext): Promise<ChestScenario> {
  const { db } = context;
  const s = await buildChestScenario(db);
  const owner = s.users.owner;
  const organisation_id = owner.organisation_id;
  const now = new Date().toISOString();
  // A wrapped key deleted leaves a removal for the extension's sync (a trigger writes it).
  await db
    .deleteFrom('secret_keys')
    .where('organisation_id', '=', organisation_id)
    .where('user_id', '=', s.users.reader.id)
    .execute();
  // A removed user whose keys are still to be purged: the queue row goes with the organisation.
  await db
    .insertInto('key_purges')
    .values({ organisation_id, user_id: randomUUID(), created_at: now })
    .execute();
  // The deletion treats the trust log's rows as any other: what they hold does not matter here.
  await db
    .insertInto('trust_log')
    .values({ organisation_id, seq: 0, entry: '{}', sig: 'c2ln', hash: 'aGFzaA==', created_at: now })
    .execute();
  await db
    .insertInto('health_dismissals')
    .values({ user_id: owner.id, organisation_id, sealed: 'c2VhbGVk', updated_at: now })
    .execute();
  await db
    .insertInto('trust_checkpoints')
    .values({ user_id: owner.id, organisation_id, seq: 0, signed: 'c2lnbmVk', updated_at: now })
    .execute();
  await db
    .insertInto('otp_recovery_codes')
    .values({
      id: randomUUID(),
      organisation_id,
      user_id: owner.id,
      code_hash: randomUUID(),
      created_at: now,
    })
    .execute();
  await db
    .insertInto('invitations')
    .values({
      id: randomUUID(),
      organisation_id,
      inviter_id: owner.id,
      name: 'Invitee',
      email: `invitee-${randomUUID().slice(0, 8)}@example.test`,
      token_hash: randomUUID(),
      team_ids: '[]',
      expires_at: now,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('email_changes')
    .values({
      user_id: owner.id,
      organisation_id,
      email: `new-${randomUUID().slice(0, 8)}@example.test`,
      token_hash: randomUUID(),
      password_hash: randomUUID(),
      encrypted_private_key: 'sealed',
      private_key_iv: 'iv',
      kdf_iterations: 600_000,
      expires_at: now,
      created_at: now,
    })
    .execute();
  await insertAuditEntry(db, { organisationId: organisation_id, user: owner, action: 'Seeded' });
  // An administrator made after the secret holds no key of it: a missing_keys row.
  await buildUser(db, { organisation_id, administrator: true });
  await db
    .insertInto('data_records')
    .values({
      id: randomUUID(),
      organisation_id,
      metric: 'secrets',
      value: 1,
      recorded_on: now.slice(0, 10),
      created_at: now,
    })
    .execute();
  // A file of the secret, with its one chunk (issue 27).
  const attachmentId = randomUUID();
  await db
    .insertInto('attachments')
    .values({
      id: attachmentId,
      organisation_id,
      secret_id: s.secret.id,
      created_by: owner.id,
      size: 1,
      chunk_count: 1,
      uploaded_chunks: 1,
      complete: true,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('attachment_chunks')
    .values({ attachment_id: attachmentId, chunk_index: 0, organisation_id, data: new Uint8Array(29) })
    .execute();
  // An import batch that made the secret (issue 28).
  const importBatchId = randomUUID();
  await db
    .insertInto('import_batches')
    .values({
      id: importBatchId,
      organisation_id,
      created_by: owner.id,
      format: 'bitwarden-csv',
      item_count: 1,
      created_at: now,
    })
    .execute();
  await db
    .updateTable('secrets')
    .set({ import_batch_id: importBatchId })
    .where('id', '=', s.secret.id)
    .execute();
  // A row of the rotation list (issue 31): the owner's keys, as if the owner had been locked.
  await recordLostKeys(db, organisation_id, { userId: owner.id }, 'locked', now);
  await db
    .insertInto('billing_customers')
    .values({ organisation_id, provider_customer_id: null, created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('billing_subscriptions')
    .values({
      id: randomUUID(),
      organisation_id,
      status: 'active',
      plan_nickname: 'CofferPaid',
      unit_amount: 300,
      quantity: 6,
      billing_cycle_anchor: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('billing_payment_methods')
    .values({
      id: randomUUID(),
      organisation_id,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2040,
      billing_name: 'Ada',
      line1: '1 Street',
      city: 'London',
      country: 'GB',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('billing_invoices')
    .values({
      id: randomUUID(),
      organisation_id,
      status: 'paid',
      total: 1800,
      currency: 'gbp',
      created_at: now,
    })
    .execute();
  return s;
}

describe('deleting an organisation', () => {
  let context: TestContext;
  let tables: TableInfo[];
  let gone: ChestScenario;
  let kept: ChestScenario;
  let goneId: string;
  let keptId: string;
  let keptBefore: Record<string, number>;

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    callApi(context.app, token, method, url, payload);

  beforeAll(async () => {
    context = await createTestContext();
    // The seeded purge rows name users without keys: a purge woken by any removal would finish them.
    await context.app.keyPurger.stop();
    tables = await listTables(context.db, context.dialect);
    gone = await seedOrganisation(context);
    kept = await seedOrganisation(context);
    goneId = gone.users.owner.organisation_id;
    keptId = kept.users.owner.organisation_id;
  });
  afterAll(async () => {
    await context.close();
  });

  it('finds every table of the schema in the database, each with rows of both organisations', async () => {
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'organisations',
        'users',
        'sessions',
        'secrets',
        'secret_keys',
        'billing_invoices',
      ]),
    );
    // A table added later needs a row here too, or this test would prove nothing about it.
    for (const id of [goneId, keptId]) {
      const empty = Object.entries(await countRows(context.db, tables, id)).filter(([, n]) => n === 0);
      expect(
        empty.map(([table]) => table),
        'seedOrganisation must put a row in these tables',
      ).toEqual([]);
    }
  });

  it('leaves no row of the organisation in any table, and no other organisation’s row goes', async () => {
    // A list fills the list-total cache of the organisation about to go.
    const listed = await call(gone.tokens.owner, 'GET', '/api/v1/secrets.json?everything=true');
    expect(listed.json()).toMatchObject({ total: 1 });
    expect(hasListTotals(goneId)).toBe(true);
    keptBefore = await countRows(context.db, tables, keptId);

    const verified = await call(gone.tokens.owner, 'POST', '/api/v1/users/verify_password.json', {
      password: TEST_AUTH_HASH,
    });
    expect(verified.json()).toEqual({ valid: true });
    const response = await call(gone.tokens.owner, 'DELETE', '/api/v1/organisation.json');
    expect(response.statusCode).toBe(204);

    const left = await countRows(context.db, tables, goneId);
    expect(
      Object.values(left).every((n) => n === 0),
      JSON.stringify(left),
    ).toBe(true);
    expect(await countRows(context.db, tables, keptId)).toEqual(keptBefore);
    expect(hasListTotals(goneId)).toBe(false);
  });

  it('ends every session of it', async () => {
    for (const role of ['owner', 'administrator', 'reader', 'outsider'] as const) {
      expect(await findSessionByTokenHash(context.db, hashToken(gone.tokens[role]))).toBeNull();
      const response = await call(gone.tokens[role], 'GET', '/api/v1/organisation.json');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [SIGN_IN_REQUIRED], error: SIGN_IN_REQUIRED });
    }
  });

  it('leaves the other organisation working: its sessions, its sign-in, its lists', async () => {
    const organisation = await call(kept.tokens.reader, 'GET', '/api/v1/organisation.json');
    expect(organisation.statusCode).toBe(200);
    expect(organisation.json()).toMatchObject({ id: keptId, owner_id: kept.users.owner.id });
    const signIn = await postSignIn(context.app, {
      email: kept.users.writer.email,
      password: TEST_AUTH_HASH,
    });
    expect(signIn.statusCode).toBe(201);
    const secrets = await call(readBearer(signIn), 'GET', '/api/v1/secrets.json');
    expect(secrets.statusCode).toBe(200);
    expect(secrets.json()).toMatchObject({ total: 1 });
  });

  it('lets the addresses of its users sign up again, and not sign in with the old accounts', async () => {
    const refused = await postSignIn(context.app, {
      email: gone.users.writer.email,
      password: TEST_AUTH_HASH,
    });
    expect(refused.statusCode).toBe(401);
    const keys = await getTestAccountKeys();
    for (const user of [gone.users.owner, gone.users.reader]) {
      const registered = await postRegistration(
        context.app,
        registrationFields(keys, { 'user[email]': user.email }),
      );
      expect(registered.statusCode, registered.body).toBe(201);
    }
  });
});

describe('deleting or transferring when the organisation changed hands meanwhile', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  function serviceContext(): ServiceContext {
    const { app } = context;
    return {
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      serverSecrets: app.serverSecrets,
      billing: null,
      keyPurger: app.keyPurger,
      log: app.log,
    };
  }

  // The caller as authenticated a moment ago, with a fresh proof; the database has moved on since.
  async function staleOwner(): Promise<{ owner: User; caller: Parameters<typeof deleteOrganisation>[1] }> {
    const owner = await buildUser(context.db, { administrator: true });
    const organisation = await findOrganisationById(context.db, owner.organisation_id);
    if (!organisation) throw new Error('no organisation');
    const next = await buildUser(context.db, { organisation_id: owner.organisation_id, administrator: true });
    await context.db
      .updateTable('organisations')
      .set({ owner_id: next.id })
      .where('id', '=', organisation.id)
      .execute();
    const now = new Date().toISOString();
    const session = {
      id: randomUUID(),
      organisation_id: owner.organisation_id,
      user_id: owner.id,
      token_hash: randomUUID(),
      created_at: now,
      last_seen_at: now,
      expires_at: now,
      revoked_at: null,
      revoked_reason: null,
      password_verified_at: now,
      otp_verified_at: null,
    };
    return { owner, caller: await loadCallerAccess(context.db, { user: owner, organisation, session }) };
  }

  it('deletes nothing for the former owner', async () => {
    const { owner, caller } = await staleOwner();
    await expect(deleteOrganisation(serviceContext(), caller)).rejects.toMatchObject({ statusCode: 403 });
    expect(await findOrganisationById(context.db, owner.organisation_id)).not.toBeNull();
  });

  it('transfers nothing for the former owner, and audits nothing', async () => {
    const { owner, caller } = await staleOwner();
    const target = await buildUser(context.db, {
      organisation_id: owner.organisation_id,
      administrator: true,
    });
    const before = await findOrganisationById(context.db, owner.organisation_id);
    await expect(transferOwnership(serviceContext(), caller, target.id)).rejects.toMatchObject({
      statusCode: 403,
    });
    const after = await findOrganisationById(context.db, owner.organisation_id);
    expect(after && presentOrganisation(after)).toEqual(before && presentOrganisation(before));
    const audited = await context.db
      .selectFrom('audit_log_entries')
      .select('id')
      .where('organisation_id', '=', owner.organisation_id)
      .execute();
    expect(audited).toEqual([]);
  });
});
