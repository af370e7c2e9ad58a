import { type Kysely, sql } from 'kysely';
import { addFlag } from './migration-helpers.js';

// The local billing provider's ledger (docs/billing.md), on top of 2026-11-21-0005's tables:
// - billing_subscriptions: the card it charges, the coupon it carries and when it ended;
// - billing_payment_methods: attached_at (null while a test card is made but not yet attached);
// - billing_invoices: one row per billing period of a subscription, with its lines' figures; the
//   unique (subscription_id, period_index) makes the lazy making of elapsed periods idempotent;
// - billing_coupons: codes any organisation may redeem (not an organisation's rows), with a few
//   known test codes.
const SUBSCRIPTION_COLUMNS = ['payment_method_id', 'coupon_code', 'ended_at'];
const INVOICE_TEXT_COLUMNS = ['subscription_id', 'period_start', 'period_end', 'coupon_code'];
const INVOICE_AMOUNT_COLUMNS = ['quantity', 'unit_amount', 'subtotal', 'discount'];
const PERIOD_INDEX = 'billing_invoices_subscription_period_unique';
// Stripe's webhook finds the organisation by its customer id.
const CUSTOMER_INDEX = 'billing_customers_provider_customer_id_index';

/** Test codes every local ledger starts with (docs/billing.md lists them). */
const SEEDED_COUPONS = [
  { code: 'WELCOME10', name: '10% off', percent_off: 10, amount_off: null, valid: true },
  { code: 'HALFPRICE', name: '50% off', percent_off: 50, amount_off: null, valid: true },
  { code: 'POUNDOFF', name: '£1.00 off', percent_off: null, amount_off: 100, valid: true },
  { code: 'EXPIRED20', name: '20% off (expired)', percent_off: 20, amount_off: null, valid: false },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SUBSCRIPTION_COLUMNS) {
    await db.schema.alterTable('billing_subscriptions').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('billing_payment_methods').addColumn('attached_at', 'text').execute();
  for (const column of INVOICE_TEXT_COLUMNS) {
    await db.schema.alterTable('billing_invoices').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('billing_invoices').addColumn('period_index', 'integer').execute();
  for (const column of INVOICE_AMOUNT_COLUMNS) {
    await db.schema
      .alterTable('billing_invoices')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createIndex(PERIOD_INDEX)
    .on('billing_invoices')
    .columns(['subscription_id', 'period_index'])
    .unique()
    .execute();

  await db.schema
    .createIndex(CUSTOMER_INDEX)
    .on('billing_customers')
    .column('provider_customer_id')
    .execute();

  await db.schema
    .createTable('billing_coupons')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off', 'integer')
    .$call((b) => addFlag(b, 'valid', true))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  const at = new Date().toISOString();
  for (const coupon of SEEDED_COUPONS) {
    // One row at a time: the flag is bound per dialect (1/0 on SQLite, true/false on PostgreSQL).
    await sql`insert into billing_coupons (code, name, percent_off, amount_off, valid, created_at)
      values (${coupon.code}, ${coupon.name}, ${coupon.percent_off}, ${coupon.amount_off},
      ${sql.lit(coupon.valid)}, ${at})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_coupons').execute();
  await db.schema.dropIndex(CUSTOMER_INDEX).execute();
  await db.schema.dropIndex(PERIOD_INDEX).execute();
  for (const column of [...INVOICE_TEXT_COLUMNS, 'period_index', ...INVOICE_AMOUNT_COLUMNS]) {
    await db.schema.alterTable('billing_invoices').dropColumn(column).execute();
  }
  await db.schema.alterTable('billing_payment_methods').dropColumn('attached_at').execute();
  for (const column of SUBSCRIPTION_COLUMNS) {
    await db.schema.alterTable('billing_subscriptions').dropColumn(column).execute();
  }
}
