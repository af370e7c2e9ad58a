import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  BillingInvoicesTable,
  BillingPaymentMethodsTable,
  BillingSubscriptionsTable,
  Database,
} from '../../db/schema.js';
import { toBool } from '../../db/to-bool.js';
import { RUNNING_STATUSES, type SubscriptionRow } from '../plan-state.js';
import { newLedgerId } from './ledger-ids.js';

// The local ledger's queries; every one is scoped by organisation_id.

/** A payment method row (brand, last4, expiry and billing details; never a number or code). */
export type PaymentMethodRow = Selectable<BillingPaymentMethodsTable>;
/** An invoice row. */
export type InvoiceRow = Selectable<BillingInvoicesTable>;

/** The customer's id, made (with trialled false) on first use. */
export async function ensureCustomer(
  db: Kysely<Database>,
  organisationId: string,
  at: string,
): Promise<{ id: string; trialled: boolean }> {
  await db
    .insertInto('billing_customers')
    .values({
      organisation_id: organisationId,
      provider_customer_id: newLedgerId('cus'),
      trialled: false,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('organisation_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('billing_customers')
    .select(['provider_customer_id', 'trialled'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return { id: row.provider_customer_id ?? '', trialled: toBool(row.trialled) };
}

/** Records that the customer took the trial (once, for good). */
export async function markTrialled(db: Kysely<Database>, organisationId: string, at: string): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ trialled: true, updated_at: at })
    .where('organisation_id', '=', organisationId)
    .execute();
}

/** Subscriptions of the organisation that still run by their status (a lapsed trial included). */
export async function listRunningSubscriptions(
  db: Kysely<Database>,
  organisationId: string,
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('status', 'in', [...RUNNING_STATUSES])
    .orderBy('created_at', 'desc')
    .execute();
}

/** Inserts a subscription. */
export async function insertSubscription(
  db: Kysely<Database>,
  values: Insertable<BillingSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('billing_subscriptions').values(values).execute();
}

/** Changes a subscription of the organisation. */
export async function updateSubscription(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  changes: Partial<Omit<Insertable<BillingSubscriptionsTable>, 'id' | 'organisation_id'>>,
): Promise<void> {
  await db
    .updateTable('billing_subscriptions')
    .set(changes)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Inserts a payment method. */
export async function insertPaymentMethod(
  db: Kysely<Database>,
  values: Insertable<BillingPaymentMethodsTable>,
): Promise<void> {
  await db.insertInto('billing_payment_methods').values(values).execute();
}

/** The organisation's payment method with this provider id (attached or not), or null. */
export async function findPaymentMethod(
  db: Kysely<Database>,
  organisationId: string,
  providerId: string,
): Promise<PaymentMethodRow | null> {
  const row = await db
    .selectFrom('billing_payment_methods')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('provider_payment_method_id', '=', providerId)
    .executeTakeFirst();
  return row ?? null;
}

/** The attached payment methods, the one in use first. */
export async function listAttachedPaymentMethods(
  db: Kysely<Database>,
  organisationId: string,
): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('billing_payment_methods')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('attached_at', 'is not', null)
    .orderBy('attached_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Makes one payment method the customer's only card: it is attached, every other one (attached,
 * or made and never used) is removed.
 */
export async function makeOnlyPaymentMethod(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  at: string,
): Promise<void> {
  await db
    .deleteFrom('billing_payment_methods')
    .where('organisation_id', '=', organisationId)
    .where('id', '!=', id)
    .execute();
  await db
    .updateTable('billing_payment_methods')
    .set({ attached_at: at })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Removes every payment method of the organisation; answers how many there were. */
export async function deletePaymentMethods(db: Kysely<Database>, organisationId: string): Promise<number> {
  const result = await db
    .deleteFrom('billing_payment_methods')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes test cards made but never attached before `before` (abandoned payment forms). */
export async function deleteUnattachedBefore(
  db: Kysely<Database>,
  organisationId: string,
  before: string,
): Promise<void> {
  await db
    .deleteFrom('billing_payment_methods')
    .where('organisation_id', '=', organisationId)
    .where('attached_at', 'is', null)
    .where('created_at', '<', before)
    .execute();
}

/** The highest period index invoiced for a subscription, or -1. */
export async function lastInvoicedPeriod(
  db: Kysely<Database>,
  organisationId: string,
  subscriptionId: string,
): Promise<number> {
  const row = await db
    .selectFrom('billing_invoices')
    .select((eb) => eb.fn.max('period_index').as('last'))
    .where('organisation_id', '=', organisationId)
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? -1 : Number(row.last);
}

/** Inserts a period's invoice unless that period has one already (idempotent). */
export async function insertPeriodInvoice(
  db: Kysely<Database>,
  values: Insertable<BillingInvoicesTable>,
): Promise<void> {
  await db
    .insertInto('billing_invoices')
    .values(values)
    .onConflict((oc) => oc.columns(['subscription_id', 'period_index']).doNothing())
    .execute();
}

/** The organisation's invoices, newest first. */
export async function listInvoiceRows(db: Kysely<Database>, organisationId: string): Promise<InvoiceRow[]> {
  return db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One invoice of the organisation, or null (another organisation's is not found). */
export async function findInvoice(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<InvoiceRow | null> {
  const row = await db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Every ledger row of the organisation (organisation deletion). */
export async function deleteLedgerRows(db: Kysely<Database>, organisationId: string): Promise<void> {
  for (const table of [
    'billing_invoices',
    'billing_payment_methods',
    'billing_subscriptions',
    'billing_customers',
  ] as const) {
    await db.deleteFrom(table).where('organisation_id', '=', organisationId).execute();
  }
}
