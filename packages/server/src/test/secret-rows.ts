import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The users who hold a wrapped key of the secret, sorted, as tests of who may read it compare them. */
export async function keyHolders(db: Kysely<Database>, secretId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('secret_keys')
    .select('user_id')
    .where('secret_id', '=', secretId)
    .execute();
  return rows.map((row) => row.user_id).sort();
}
