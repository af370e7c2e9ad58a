import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

// billing_customers: one per organisation, with the provider's customer id (the ledger's cus_… or
// Stripe's) and whether the organisation took its one trial. This file is the one place that reads
// or writes the table.

/** The customer's provider id and trial, as the local ledger reads them. */
export interface BillingCustomer {
  providerCustomerId: string | null;
  trialled: boolean;
}

/** Inserts the organisation's customer (not trialled) unless it has one. */
export async function insertCustomerUnlessPresent(
  db: Kysely<Database>,
  organisationId: string,
  providerCustomerId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('billing_customers')
    .values({
      organisation_id: organisationId,
      provider_customer_id: providerCustomerId,
      trialled: false,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('organisation_id').doNothing())
    .execute();
}

/** The organisation's customer; throws when it has none. */
export async function findCustomerOrThrow(
  db: Kysely<Database>,
  organisationId: string,
): Promise<BillingCustomer> {
  const row = await db
    .selectFrom('billing_customers')
    .select(['provider_customer_id', 'trialled'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return { providerCustomerId: row.provider_customer_id, trialled: toBool(row.trialled) };
}

/** The organisation's provider customer id, or null before its first billing call. */
export async function findProviderCustomerId(
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
 * Records the organisation's provider customer and answers the one stored. The first to record
 * wins, so two concurrent first calls agree on one customer; `replacing` swaps a customer the
 * provider no longer has (deleted in its dashboard) for a new one.
 */
export async function saveProviderCustomerId(
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
  return (await findProviderCustomerId(db, organisationId)) ?? customerId;
}

/** The organisation a provider customer belongs to, or null (a customer Coffer did not make). */
export async function findOrganisationIdByProviderCustomer(
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

/** Whether the organisation has taken its one trial (billing_customers.trialled). */
export async function hasTakenTrial(db: Kysely<Database>, organisationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('billing_customers')
    .select('trialled')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return toBool(row?.trialled);
}

/** Records that the customer took the trial (once, for good). */
export async function markCustomerTrialled(
  db: Kysely<Database>,
  organisationId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ trialled: true, updated_at: at })
    .where('organisation_id', '=', organisationId)
    .execute();
}

/**
 * Writes the customer row's updated_at: on PostgreSQL this holds the row until the transaction
 * ends, so two writers of one organisation's plan run one after the other.
 */
export async function touchCustomer(db: Kysely<Database>, organisationId: string, at: string): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ updated_at: at })
    .where('organisation_id', '=', organisationId)
    .execute();
}

/** Removes the organisation's customer. */
export async function deleteCustomer(db: Kysely<Database>, organisationId: string): Promise<void> {
  await db.deleteFrom('billing_customers').where('organisation_id', '=', organisationId).execute();
}

/**
 * Records that the subscription's payment is the organisation's, unless it already was: true for
 * the one call that changed the row. Run it inside the mirror's transaction, after touchCustomer
 * has locked the row, so two confirmations of one subscription record (and audit) it once.
 */
export async function recordSubscriptionPayment(
  db: Kysely<Database>,
  organisationId: string,
  subscriptionId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_customers')
    .set({ recorded_subscription_id: subscriptionId })
    .where('organisation_id', '=', organisationId)
    .where((eb) =>
      eb.or([
        eb('recorded_subscription_id', 'is', null),
        eb('recorded_subscription_id', '!=', subscriptionId),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
