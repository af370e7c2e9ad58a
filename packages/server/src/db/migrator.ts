import { type Kysely, type MigrationResult, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/**
 * Kysely's Migrator over Coffer's static list of migrations. On PostgreSQL the bookkeeping tables are
 * pinned to the connection's current schema: unpinned, Kysely looks for them in every schema and trips
 * over another schema's copy (parallel test files each migrate their own schema on one server).
 */
export async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  const migrationTableSchema = await currentPostgresSchema(db);
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

async function currentPostgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return withMigrationLock(db, async () => describe(await (await createMigrator(db)).migrateToLatest()));
}

/** Undoes the most recent migration; returns its name (empty when nothing was undone). */
export async function migrateDown(db: Kysely<Database>): Promise<string[]> {
  return withMigrationLock(db, async () => describe(await (await createMigrator(db)).migrateDown()));
}

/**
 * On PostgreSQL, one migration run at a time on the whole server: Kysely's migrator lists the tables
 * of every schema, and that listing fails ('relation … does not exist') when another schema's
 * migration (another Coffer on the same server, a parallel test file) rebuilds a table meanwhile. A
 * session advisory lock on a connection of its own serialises the runs; SQLite needs none. Whatever
 * else migrates (a test taking every migration down) takes it too.
 */
export async function withMigrationLock<T>(db: Kysely<Database>, run: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return run();
  return db.connection().execute(async (lockHolder) => {
    await sql`select pg_advisory_lock(hashtext('coffer migrations'))`.execute(lockHolder);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('coffer migrations'))`.execute(lockHolder);
    }
  });
}

function describe({ error, results }: { error?: unknown; results?: MigrationResult[] }): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
