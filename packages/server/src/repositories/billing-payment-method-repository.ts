import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BillingPaymentMethodsTable, Database } from '../db/schema.js';

// billing_payment_methods: the local ledger's cards (brand, last4, expiry and billing details; never
// a number or a security code). Every query filters on organisation_id.

/** A payment method row. */
export type PaymentMethodRow = Selectable<BillingPaymentMethodsTable>;

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
