import type { CreateTableBuilder, Kysely } from 'kysely';

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
