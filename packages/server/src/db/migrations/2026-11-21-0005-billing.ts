import type { Kysely } from 'kysely';
import {
  addFlag,
  addIdAndOrganisation,
  addTimestamps,
  createIndex,
  dropTables,
} from './migration-helpers.js';

// What the local billing provider keeps, in the payment provider's shapes (spec section 3).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_customers')
    .addColumn('organisation_id', 'text', (col) =>
      col.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('provider_customer_id', 'text')
    .$call((b) => addFlag(b, 'trialled', false))
    .$call(addTimestamps)
    .execute();

  await db.schema
    .createTable('billing_subscriptions')
    .$call(addIdAndOrganisation)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('plan_nickname', 'text', (col) => col.notNull())
    .addColumn('unit_amount', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('billing_cycle_anchor', 'text', (col) => col.notNull())
    .addColumn('trial_end', 'text')
    .addColumn('cancel_at', 'text')
    .addColumn('provider_subscription_id', 'text')
    .$call(addTimestamps)
    .execute();
  await createIndex(db, 'billing_subscriptions', ['organisation_id']);

  await db.schema
    .createTable('billing_payment_methods')
    .$call(addIdAndOrganisation)
    .addColumn('provider_payment_method_id', 'text')
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('exp_month', 'integer', (col) => col.notNull())
    .addColumn('exp_year', 'integer', (col) => col.notNull())
    .addColumn('billing_name', 'text', (col) => col.notNull())
    .addColumn('line1', 'text', (col) => col.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('postal_code', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await createIndex(db, 'billing_payment_methods', ['organisation_id']);

  await db.schema
    .createTable('billing_invoices')
    .$call(addIdAndOrganisation)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('invoice_pdf', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await createIndex(db, 'billing_invoices', ['organisation_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
    'billing_invoices',
    'billing_payment_methods',
    'billing_subscriptions',
    'billing_customers',
  ]);
}
