import { type Kysely, type MigrationResult, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/**
 * Kysely's Migrator over Coffer's static list of migrations. On PostgreSQL the bookkeeping tables are
 * pinned to the connection's current schema, which is the only one Coffer's introspection sees
 * (own-schema-dialect.ts). Kysely serialises migration runs with an advisory lock of its own, so two
 * servers starting together on one database never both run a migration.
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
  return describe(await (await createMigrator(db)).migrateToLatest());
}

/** Undoes the most recent migration; returns its name (empty when nothing was undone). */
export async function migrateDown(db: Kysely<Database>): Promise<string[]> {
  return describe(await (await createMigrator(db)).migrateDown());
}

function describe({ error, results }: { error?: unknown; results?: MigrationResult[] }): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
