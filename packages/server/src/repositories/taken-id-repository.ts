import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The tables whose rows a client may name before they exist (issue 30). */
export type ClientNamedTable = 'teams' | 'vaults' | 'users';

/** Whether any organisation's row of `table` has this id: ids are unique across organisations. */
export async function isIdTaken(db: Kysely<Database>, table: ClientNamedTable, id: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
