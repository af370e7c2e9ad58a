import { type Kysely, sql } from 'kysely';

// The live secrets still without a signed header (suite 1), which an administrator's browser signs
// (issue 30, GET /api/v1/secrets/unsigned): a partial index of just those, by organisation and id, so
// the page after an id and the count cost what is left to sign, not what the organisation holds. It
// empties as the secrets are signed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('secrets_unsigned_index')
    .on('secrets')
    .columns(['organisation_id', 'id'])
    .where(sql.ref('signed_header'), 'is', null)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('secrets_unsigned_index').execute();
}
