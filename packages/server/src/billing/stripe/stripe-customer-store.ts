import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// billing_customers under BILLING=stripe: the organisation's Stripe customer id and whether it took
// its trial (kept in Stripe as metadata.trialled, mirrored here for the profile and the plan page).

/** The organisation's Stripe customer id, or null before its first billing call. */
export async function findStripeCustomerId(
  db: Kysely<Database>,
  organisationId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('billing_customers')
    .select('provider_customer_id')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row?.provider_customer_id ?? null;
}

/**
 * Records the organisation's Stripe customer and answers the one stored. The first to record wins,
 * so two concurrent first calls agree on one customer; `replacing` swaps a customer Stripe no
 * longer has (deleted in the dashboard) for a new one.
 */
export async function saveStripeCustomerId(
  db: Kysely<Database>,
  organisationId: string,
  customerId: string,
  replacing: string | null = null,
): Promise<string> {
  const at = new Date().toISOString();
  await db
    .insertInto('billing_customers')
    .values({
      organisation_id: organisationId,
      provider_customer_id: customerId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .column('organisation_id')
        .doUpdateSet({ provider_customer_id: customerId, updated_at: at })
        .where((eb) =>
          replacing === null
            ? eb('billing_customers.provider_customer_id', 'is', null)
            : eb('billing_customers.provider_customer_id', '=', replacing),
        ),
    )
    .execute();
  return (await findStripeCustomerId(db, organisationId)) ?? customerId;
}

/** The organisation a Stripe customer belongs to, or null (a customer Coffer did not make). */
export async function findOrganisationIdByStripeCustomer(
  db: Kysely<Database>,
  customerId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('billing_customers')
    .select('organisation_id')
    .where('provider_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.organisation_id ?? null;
}

/** Mirrors metadata.trialled = 'true': the one trial is taken for good. */
export async function markStripeCustomerTrialled(
  db: Kysely<Database>,
  organisationId: string,
): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ trialled: true, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', organisationId)
    .execute();
}

/** Forgets the organisation's customer and mirrored plan (after Stripe deleted the customer). */
export async function forgetStripeCustomer(db: Kysely<Database>, organisationId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('billing_subscriptions').where('organisation_id', '=', organisationId).execute();
    await trx.deleteFrom('billing_customers').where('organisation_id', '=', organisationId).execute();
  });
}
