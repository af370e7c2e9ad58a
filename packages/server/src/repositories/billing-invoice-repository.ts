import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BillingInvoicesTable, Database } from '../db/schema.js';

// billing_invoices: the local ledger's invoices, one per billing period of a subscription (unique
// subscription and period). Every query filters on organisation_id.

/** An invoice row. */
export type InvoiceRow = Selectable<BillingInvoicesTable>;

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

/** Removes every invoice of the organisation. */
export async function deleteInvoices(db: Kysely<Database>, organisationId: string): Promise<void> {
  await db.deleteFrom('billing_invoices').where('organisation_id', '=', organisationId).execute();
}
