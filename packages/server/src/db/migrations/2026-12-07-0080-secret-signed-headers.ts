import type { Kysely } from 'kysely';

// Signed secret headers, suite 2 (issue 30): the current revision's `{header, sig}` as the canonical
// JSON the author's browser signed, kept beside the row so that every answer carrying the revision
// hands it back without another query. The server checks what it can (the header parses and states
// this revision, chest, metadata, ciphertext and caller) but cannot judge the author's authority;
// readers verify it. Null for a suite-1 revision: a revision saved without a header clears it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('secrets').addColumn('signed_header', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('secrets').dropColumn('signed_header').execute();
}
