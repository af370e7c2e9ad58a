import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/** Resolves when the database answers `select 1` (the health check); throws when it does not. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
