// The data of the statistics-all-time benchmark, written straight into the database: organisations
// of USERS_PER_ORGANISATION users each, every one with DAYS days of daily records (every metric)
// ending yesterday, so the server's recorder finds nothing to do when it starts. One of them, in the
// middle of the id range, holds the data administrator, with a session whose token the bench made
// (only its SHA-256 is stored, as sign-in stores it), so both setups answer the same bearer token.
// The two setups differ only in how many organisations (and so users and records) there are around
// that one. Nobody signs in with a password: every account shares a hash of nothing.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, SERVER_DIST, SERVER_PACKAGE_JSON } from '../../lib/paths.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);

/** Users of every organisation, so 1,000 organisations hold 100,000 users. */
export const USERS_PER_ORGANISATION = 100;
/** Days of records of every organisation. */
export const DAYS = 60;

// The figures of a daily record (core's StatisticsMetric).
const METRICS = [
  'users_accepted',
  'users_pending',
  'users_locked',
  'administrators',
  'two_step_users',
  'sign_ins',
  'secrets_credential',
  'secrets_phone',
  'secrets_address',
  'secrets_note',
  'weak_secrets',
  'secrets_created',
  'secrets_removed',
  'chests',
  'teams',
  'missing_keys',
  'monthly_cost_pence',
];
const ORGANISATIONS_PER_CHUNK = 50;
const DAY_MS = 86_400_000;

/** Rows of one organisation: { organisations, users, sessions, data_records }, booleans as booleans. */
function organisationRows(index, { tokenHash, measured, days, at }) {
  const organisationId = randomUUID();
  const users = [];
  for (let number = 0; number < USERS_PER_ORGANISATION; number += 1) {
    users.push({
      id: randomUUID(),
      organisation_id: organisationId,
      name: `User ${number}`,
      email: `user-${number}@organisation-${index}.bench.example`,
      password_hash: 'not-a-password-hash',
      kdf_iterations: 600_000,
      public_key: 'YmVuY2gtcHVibGljLWtleQ==',
      encrypted_private_key: 'YmVuY2gtc2VhbGVkLWtleQ==',
      private_key_iv: 'YmVuY2gtaXYtMTI=',
      administrator: number < 3,
      data_administrator: number === 0,
      confirmed_at: at,
      created_at: at,
      updated_at: at,
    });
  }
  const records = [];
  for (const [dayIndex, day] of days.entries()) {
    for (const [metricIndex, metric] of METRICS.entries()) {
      records.push({
        id: randomUUID(),
        organisation_id: organisationId,
        metric,
        value: (index * 7 + metricIndex * 13 + dayIndex) % 500,
        recorded_on: day,
        created_at: at,
      });
    }
  }
  const now = new Date();
  const sessions = measured
    ? [
        {
          id: randomUUID(),
          organisation_id: organisationId,
          user_id: users[0].id,
          token_hash: tokenHash,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 12 * 3_600_000).toISOString(),
        },
      ]
    : [];
  return {
    organisations: [
      {
        id: organisationId,
        name: `Organisation ${index}`,
        owner_id: users[0].id,
        // Never signed out for being idle, however long the other setup takes to seed.
        inactivity_length: -1,
        created_at: at,
        updated_at: at,
      },
    ],
    users,
    sessions,
    data_records: records,
  };
}

/**
 * Yields the rows in chunks of ORGANISATIONS_PER_CHUNK organisations (a million records never sit
 * in memory at once). The measured organisation is the middle one; its id goes to `measured.id`.
 */
async function* chunksOf(organisationCount, tokenHash, measured) {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const days = Array.from({ length: DAYS }, (_, index) =>
    new Date(today - (DAYS - index) * DAY_MS).toISOString().slice(0, 10),
  );
  const at = new Date(today - (DAYS + 30) * DAY_MS).toISOString();
  const measuredIndex = Math.floor(organisationCount / 2);
  for (let start = 0; start < organisationCount; start += ORGANISATIONS_PER_CHUNK) {
    const chunk = { organisations: [], users: [], sessions: [], data_records: [] };
    for (
      let index = start;
      index < Math.min(start + ORGANISATIONS_PER_CHUNK, organisationCount);
      index += 1
    ) {
      const rows = organisationRows(index, { tokenHash, measured: index === measuredIndex, days, at });
      if (index === measuredIndex) measured.id = rows.organisations[0].id;
      for (const table of Object.keys(chunk)) chunk[table].push(...rows[table]);
    }
    yield chunk;
  }
}

/** Counts of what a setup holds, for the report. */
export function describeSetup(organisationCount) {
  return {
    organisations: organisationCount,
    users: organisationCount * USERS_PER_ORGANISATION,
    records: organisationCount * DAYS * METRICS.length,
  };
}

/**
 * SQLite: migrates `file` with the server's own migrations, then fills it in one transaction of
 * prepared inserts (data_records' secondary indexes made again afterwards, faster than kept up).
 * Returns the measured organisation's id.
 */
export async function seedSqliteFile(file, organisationCount, tokenHash) {
  const measured = { id: null };
  const { createDatabase } = await importServer('db/create-database.js');
  const { migrateToLatest } = await importServer('db/migrator.js');
  const handle = await createDatabase({ databaseUrl: null, dataDir: CACHE_DIR }, { sqliteFilename: file });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  try {
    database.pragma('synchronous = OFF');
    const indexes = database
      .prepare(
        "select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name = 'data_records'",
      )
      .all();
    for (const index of indexes) database.exec(`drop index ${index.name}`);
    const statements = new Map();
    const insert = (table, row) => {
      const columns = Object.keys(row);
      if (!statements.has(table)) {
        statements.set(
          table,
          database.prepare(
            `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
          ),
        );
      }
      statements.get(table).run(columns.map((column) => toSqliteValue(row[column])));
    };
    database.exec('begin');
    for await (const chunk of chunksOf(organisationCount, tokenHash, measured)) {
      for (const [table, rows] of Object.entries(chunk)) for (const row of rows) insert(table, row);
    }
    database.exec('commit');
    for (const index of indexes) database.exec(index.sql);
    database.exec('analyze');
    database.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
  return measured.id;
}

/**
 * PostgreSQL (already migrated by the server): column arrays through `insert … select * from
 * unnest(…)`. Returns the measured organisation's id.
 */
export async function seedPostgres(databaseUrl, organisationCount, tokenHash) {
  const measured = { id: null };
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const types = new Map();
    for await (const chunk of chunksOf(organisationCount, tokenHash, measured)) {
      for (const [table, rows] of Object.entries(chunk)) {
        if (rows.length === 0) continue;
        if (!types.has(table)) types.set(table, await readColumnTypes(client, table));
        const columns = Object.keys(rows[0]);
        const casts = columns.map((column, index) => `$${index + 1}::${types.get(table).get(column)}[]`);
        await client.query(
          `insert into ${table} (${columns.join(', ')}) select * from unnest(${casts.join(', ')})`,
          columns.map((column) => rows.map((row) => row[column] ?? null)),
        );
      }
    }
    await client.query('commit');
    // Planner statistics and a visibility map, as a database that has lived a while has them.
    await client.query('vacuum analyze');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return measured.id;
}

async function readColumnTypes(client, table) {
  const { rows } = await client.query(
    'select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
    [table],
  );
  return new Map(rows.map((row) => [row.column_name, row.udt_name]));
}

function importServer(relative) {
  return import(pathToFileURL(path.join(SERVER_DIST, relative)).href);
}

function toSqliteValue(value) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}
