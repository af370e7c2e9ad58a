import { type Kysely, type MigrationResult, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** Kysely's Migrator over Coffer's static list of migrations. */
export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return describe(await createMigrator(db).migrateToLatest());
}

/** Undoes the most recent migration; returns its name (empty when nothing was undone). */
export async function migrateDown(db: Kysely<Database>): Promise<string[]> {
  return describe(await createMigrator(db).migrateDown());
}

function describe({ error, results }: { error?: unknown; results?: MigrationResult[] }): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
