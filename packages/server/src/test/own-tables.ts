import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/create-database.js';
import type { Database } from '../db/schema.js';

export interface OwnTable {
  name: string;
  columns: string[];
}

/**
 * The tables of this test's own database: on PostgreSQL, of the connection's schema only. Kysely's
 * introspection lists every schema on the server and resolves each table by name as it goes, so a
 * table that another test file drops meanwhile (its migrations going down) failed the listing with
 * 'relation … does not exist'. Kysely's own bookkeeping tables are left out on both engines.
 */
export async function ownTables(db: Kysely<Database>, dialect: Dialect): Promise<OwnTable[]> {
  if (dialect === 'sqlite') {
    const tables = await db.introspection.getTables();
    return tables.map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name) }));
  }
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.table_name not like 'kysely\_%'
    order by c.table_name, c.ordinal_position`.execute(db);
  const byName = new Map<string, string[]>();
  for (const row of rows)
    byName.set(row.table_name, [...(byName.get(row.table_name) ?? []), row.column_name]);
  return [...byName].map(([name, columns]) => ({ name, columns }));
}
