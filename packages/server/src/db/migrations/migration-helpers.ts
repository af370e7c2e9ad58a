import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Shared by landed migrations: changing what these produce changes history. Add new helpers instead.

type AnyDb = Kysely<unknown>;
type TableBuilder = CreateTableBuilder<string, string>;

/** `id` text primary key plus `organisation_id` cascading from organisations. */
export function addIdAndOrganisation(builder: TableBuilder): TableBuilder {
  return builder
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    );
}

/** A non-null text column referencing `target` (e.g. 'users.id'), deleted with it. */
export function addCascadingReference(builder: TableBuilder, column: string, target: string): TableBuilder {
  return builder.addColumn(column, 'text', (col) => col.notNull().references(target).onDelete('cascade'));
}

/** `created_at` and `updated_at` as ISO-8601 text. */
export function addTimestamps(builder: TableBuilder): TableBuilder {
  return builder
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull());
}

/** A non-null boolean column with a default. */
export function addFlag(builder: TableBuilder, column: string, defaultValue: boolean): TableBuilder {
  return builder.addColumn(column, 'boolean', (col) => col.notNull().defaultTo(defaultValue));
}

/** Creates `<table>_<columns>_index` (or `_unique`) on the given columns. */
export async function createIndex(
  db: AnyDb,
  table: string,
  columns: string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const suffix = options.unique ? 'unique' : 'index';
  let builder = db.schema
    .createIndex(`${table}_${columns.join('_')}_${suffix}`)
    .on(table)
    .columns(columns);
  if (options.unique) builder = builder.unique();
  await builder.execute();
}

/** Drops tables in the given order (dependants first). */
export async function dropTables(db: AnyDb, tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/**
 * SQLite's way to change a table's constraints (its documentation's "other kinds of table schema
 * changes"): `create` makes `<table>_rebuilt` with the new definition, the rows are copied by the
 * named columns, the old table dropped, the new one renamed, then the indexes and triggers the old
 * one had are made again from their own definitions.
 */
export async function rebuildSqliteTable(
  db: AnyDb,
  table: string,
  columns: readonly string[],
  create: (name: string) => Promise<void>,
): Promise<void> {
  const extras = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null
    order by type, name
  `.execute(db);
  const rebuilt = `${table}_rebuilt`;
  await create(rebuilt);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  await sql`insert into ${sql.table(rebuilt)} (${list}) select ${list} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const { sql: definition } of extras.rows) await sql.raw(definition).execute(db);
}

/** Drops the foreign keys on these columns of a PostgreSQL table in the connection's schema. */
export async function dropPostgresForeignKeys(
  db: AnyDb,
  table: string,
  columns: readonly string[],
): Promise<void> {
  const found = await sql<{ name: string }>`
    select distinct c.conname as name from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
    join pg_attribute a on a.attrelid = t.oid and a.attnum = any (c.conkey)
    where t.relname = ${table} and c.contype = 'f' and a.attname in (${sql.join([...columns])})
  `.execute(db);
  for (const { name } of found.rows) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
  }
}

/** Whether the migration runs on PostgreSQL (else SQLite). */
export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
