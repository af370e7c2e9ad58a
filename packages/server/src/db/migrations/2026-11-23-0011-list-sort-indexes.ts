import { type Kysely, sql } from 'kysely';

// One index per list order (issue 8: sorting must not scan 100,000 rows): (organisation_id, the
// sorted column, id), so a page, and a keyset page after a cursor, read rows already in order, in
// either direction, on both engines. Secrets' indexes are partial, one set for live secrets and one
// for those marked for deletion (Deleted Secrets); 2026-11-22-0001 made the live name, created_at
// and updated_at ones. The chest and team indexes replace the (organisation_id, name) ones of
// 2026-11-21-0002, which could not break ties by id.
type Part = 'live' | 'deleted' | 'all';

const INDEXES: [name: string, table: string, columns: string[], part: Part][] = [
  ['vaults_name_index', 'vaults', ['organisation_id', 'name', 'id'], 'all'],
  ['vaults_secret_count_index', 'vaults', ['organisation_id', 'secret_count', 'id'], 'all'],
  ['vaults_visible_secret_count_index', 'vaults', ['organisation_id', 'visible_secret_count', 'id'], 'all'],
  ['vaults_team_count_index', 'vaults', ['organisation_id', 'team_count', 'id'], 'all'],
  ['vaults_created_at_index', 'vaults', ['organisation_id', 'created_at', 'id'], 'all'],
  ['vaults_updated_at_index', 'vaults', ['organisation_id', 'updated_at', 'id'], 'all'],
  ['teams_name_index', 'teams', ['organisation_id', 'name', 'id'], 'all'],
  ['teams_created_at_index', 'teams', ['organisation_id', 'created_at', 'id'], 'all'],
  ['teams_updated_at_index', 'teams', ['organisation_id', 'updated_at', 'id'], 'all'],
  ['secrets_live_strength_index', 'secrets', ['organisation_id', 'strength', 'id'], 'live'],
  ['secrets_live_category_index', 'secrets', ['organisation_id', 'category', 'id'], 'live'],
  ['secrets_live_chest_name_index', 'secrets', ['organisation_id', 'vault_name', 'id'], 'live'],
  ['secrets_deleted_name_index', 'secrets', ['organisation_id', 'name', 'id'], 'deleted'],
  ['secrets_deleted_category_index', 'secrets', ['organisation_id', 'category', 'id'], 'deleted'],
  ['secrets_deleted_chest_name_index', 'secrets', ['organisation_id', 'vault_name', 'id'], 'deleted'],
  ['secrets_deleted_deleted_at_index', 'secrets', ['organisation_id', 'deleted_at', 'id'], 'deleted'],
];

// Made redundant: prefixes of the new chest and team indexes, and 2026-11-21-0003's
// (organisation_id, deleted_at, name, id), whose work the live and deleted name indexes now do (SQLite
// would otherwise pick either for a live list by name).
const REPLACED: [name: string, table: string, columns: string[]][] = [
  ['vaults_organisation_id_name_index', 'vaults', ['organisation_id', 'name']],
  ['teams_organisation_id_name_index', 'teams', ['organisation_id', 'name']],
  [
    'secrets_organisation_id_deleted_at_name_id_index',
    'secrets',
    ['organisation_id', 'deleted_at', 'name', 'id'],
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns, part] of INDEXES) {
    let builder = db.schema.createIndex(name).on(table).columns(columns);
    if (part === 'live') builder = builder.where(sql.ref('deleted_at'), 'is', null);
    if (part === 'deleted') builder = builder.where(sql.ref('deleted_at'), 'is not', null);
    await builder.execute();
  }
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of REPLACED) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
