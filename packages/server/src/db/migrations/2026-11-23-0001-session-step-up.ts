import type { Kysely } from 'kysely';

// Step-up proofs on a session (security review, issue 7): when it last proved the password through
// verify_password (five minutes of "freshly verified"), and when a correct one-time code last proved
// the second factor at activation (lets the setup flow fetch its recovery codes once). One column per
// statement: SQLite adds a single column per ALTER TABLE.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('password_verified_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('otp_verified_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('otp_verified_at').execute();
  await db.schema.alterTable('sessions').dropColumn('password_verified_at').execute();
}
