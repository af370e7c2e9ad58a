import type { Kysely } from 'kysely';

// The Stripe subscription whose first payment Coffer has recorded (issue 26): its 'Subscribed to the
// Team Plan' audit entry is written once, in the transaction that sets this column, so a second
// POST subscriptions/confirm of the same subscription (a double click, a retried request) writes
// nothing. Null until a payment is recorded; the local ledger never sets it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_customers').addColumn('recorded_subscription_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_customers').dropColumn('recorded_subscription_id').execute();
}
