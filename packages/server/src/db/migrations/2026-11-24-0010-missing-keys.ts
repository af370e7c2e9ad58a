import { type Kysely, sql } from 'kysely';

// Missing keys kept as they happen (issue 13): one row per (secret, reader) pair where the reader
// holds no wrapped key, written in the transaction of every change of who reads what or of who holds
// which key (services/key-bookkeeping.ts). Listing and counting them then costs what is missing, not
// what the organisation holds. (organisation_id, secret_id, user_id) is the reshare list's order;
// secret_id and user_id serve the cascades and the per-user refresh.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('missing_keys')
    // No foreign key on organisation_id: the secret's and the user's already cascade from the
    // organisation, and each foreign key costs a lookup per inserted row (a team change inserts
    // 12,000; on PostgreSQL this one cost 50-65 ms of them).
    .addColumn('organisation_id', 'text', (col) => col.notNull())
    .addColumn('secret_id', 'text', (col) => col.notNull().references('secrets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('missing_keys_pkey', ['organisation_id', 'secret_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('missing_keys_secret_id_index')
    .on('missing_keys')
    .column('secret_id')
    .execute();
  await db.schema.createIndex('missing_keys_user_id_index').on('missing_keys').column('user_id').execute();
  // Existing data: every pair the recomputation of the time finds (repositories/reader-sql.ts).
  await sql`
    insert into missing_keys (organisation_id, secret_id, user_id)
    select s.organisation_id, s.id, r.user_id
    from secrets s
    join (
      select v.id as vault_id, u.id as user_id, 1 as sees_hidden
        from vaults v join users u on u.organisation_id = v.organisation_id
        where u.administrator = ${true}
      union
      select a.vault_id, m.user_id, 0
        from assignments a
        join memberships m on m.team_id = a.team_id and m.organisation_id = a.organisation_id
        join users u on u.id = m.user_id
        where u.administrator = ${false}
      union
      select g.vault_id, g.user_id, 0
        from vault_managers g join users u on u.id = g.user_id
        where u.administrator = ${false}
    ) r on r.vault_id = s.vault_id
    where (r.sees_hidden = 1 or s.hidden = ${false})
      and not exists (select 1 from secret_keys k where k.secret_id = s.id and k.user_id = r.user_id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('missing_keys').execute();
}
