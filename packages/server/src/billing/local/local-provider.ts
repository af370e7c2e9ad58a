import {
  type Customer,
  type PaymentMethod,
  type ProviderList,
  type SubscriptionResponse,
  TEAM_PLAN,
  type TestPaymentMethodRequest,
  TRIAL_DAYS,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type CouponRow, findCoupon } from '../../repositories/billing-coupon-repository.js';
import { deleteCustomer, markCustomerTrialled } from '../../repositories/billing-customer-repository.js';
import {
  deleteInvoices,
  findInvoice,
  listInvoiceRows,
} from '../../repositories/billing-invoice-repository.js';
import {
  deletePaymentMethods,
  deleteUnattachedBefore,
  findPaymentMethod,
  insertPaymentMethod,
  listAttachedPaymentMethods,
  makeOnlyPaymentMethod,
  type PaymentMethodRow,
} from '../../repositories/billing-payment-method-repository.js';
import {
  deleteSubscriptions,
  findSubscriptionOrThrow,
  insertSubscription,
  updateSubscription,
} from '../../repositories/billing-subscription-repository.js';
import { findOrganisationById, lockOrganisationRow } from '../../repositories/organisation-repository.js';
import { type BillingAudit, type BillingProvider, billingRefusal } from '../billing-provider.js';
import { countAccounts } from '../plan-limits.js';
import { NO_SUBSCRIPTION, type SubscriptionRow } from '../plan-state.js';
import { requireRedeemableCoupon } from './coupons.js';
import { ensureCustomer } from './ledger-customer.js';
import { isLedgerId, newLedgerId } from './ledger-ids.js';
import { bringLedgerUpToDate, invoicePeriod } from './ledger-periods.js';
import {
  type LedgerInvoice,
  type LedgerSubscription,
  presentInvoice,
  presentLedgerSubscription,
  presentPaymentMethod,
} from './ledger-shapes.js';
import { CARD_MESSAGES, checkTestCard, isExpired } from './test-cards.js';

/** Refusals of the local ledger (400s the user can act on). */
export const LEDGER_MESSAGES = {
  trialTaken: 'You have already used your free trial.',
  alreadySubscribed: 'You already have a subscription.',
  noSubscription: 'You have no subscription.',
  paymentMethodNotFound: 'Payment method not found.',
  paymentMethodInUse: 'You cannot remove your payment details while you have a subscription.',
} as const;

// A test card made on the payment form but never attached is kept this long, then swept.
const UNATTACHED_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The local provider, plus what only it does: turning a test card into a payment method. */
export interface LocalBillingProvider extends BillingProvider {
  readonly mode: 'local';
  listInvoices(organisationId: string): Promise<ProviderList<LedgerInvoice>>;
  createTestPaymentMethod(organisationId: string, request: TestPaymentMethodRequest): Promise<PaymentMethod>;
}

/** What the local provider needs; `now` lets tests move time. */
export interface LocalProviderDeps {
  db: Kysely<Database>;
  now?: () => Date;
}

/**
 * BILLING=local: a real ledger in Coffer's own database (docs/billing.md), answering in Stripe's
 * shapes. Every call runs in one transaction that first locks the organisation row and brings the
 * ledger up to date (lapsed trials, invoices of elapsed periods), so concurrent calls for one
 * organisation run one after the other and each sees the other's result.
 *
 * The quantity is always the organisation's accounts as counted inside that transaction: the
 * `quantity` a caller passes (what it counted before) is what providers that cannot count need.
 */
export function createLocalProvider(deps: LocalProviderDeps): LocalBillingProvider {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  /** Runs `work` in a transaction holding the organisation, on an up-to-date ledger. */
  function withLedger<T>(
    organisationId: string,
    work: (trx: Kysely<Database>, running: SubscriptionRow | null, now: Date) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await lockOrganisationRow(trx, organisationId);
      const now = clock();
      const running = await bringLedgerUpToDate(trx, organisationId, now);
      return work(trx, running, now);
    });
  }

  async function present(
    trx: Kysely<Database>,
    organisationId: string,
    row: SubscriptionRow,
    now: Date,
  ): Promise<LedgerSubscription> {
    const customer = await ensureCustomer(trx, organisationId, now.toISOString());
    const coupon = row.coupon_code ? await findCoupon(trx, row.coupon_code) : null;
    const card = row.payment_method_id
      ? (await listAttachedPaymentMethods(trx, organisationId)).find((pm) => pm.id === row.payment_method_id)
      : undefined;
    return presentLedgerSubscription(row, {
      customerId: customer.id,
      paymentMethodId: card?.provider_payment_method_id ?? null,
      coupon,
      now,
    });
  }

  function reread(trx: Kysely<Database>, organisationId: string, id: string): Promise<SubscriptionRow> {
    return findSubscriptionOrThrow(trx, organisationId, id);
  }

  /** The organisation's card with this id, usable for payment; otherwise a 400. */
  async function requireUsableCard(
    trx: Kysely<Database>,
    organisationId: string,
    paymentMethodId: string,
    now: Date,
  ): Promise<PaymentMethodRow> {
    const card = isLedgerId('pm', paymentMethodId)
      ? await findPaymentMethod(trx, organisationId, paymentMethodId)
      : null;
    if (!card) throw billingRefusal(LEDGER_MESSAGES.paymentMethodNotFound);
    if (isExpired(card.exp_month, card.exp_year, now)) throw billingRefusal(CARD_MESSAGES.expired);
    return card;
  }

  return {
    mode: 'local',

    async getCustomer(organisationId): Promise<Customer> {
      const customer = await ensureCustomer(db, organisationId, clock().toISOString());
      return { id: customer.id, metadata: customer.trialled ? { trialled: 'true' } : {} };
    },

    getSubscription(organisationId): Promise<SubscriptionResponse> {
      return withLedger(organisationId, async (trx, running, now) =>
        running ? present(trx, organisationId, running, now) : NO_SUBSCRIPTION,
      );
    },

    startTrial(organisationId, _quantity, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running, now) => {
        const at = now.toISOString();
        const customer = await ensureCustomer(trx, organisationId, at);
        if (customer.trialled) throw billingRefusal(LEDGER_MESSAGES.trialTaken);
        if (running) throw billingRefusal(LEDGER_MESSAGES.alreadySubscribed);
        const id = newLedgerId('sub');
        await insertSubscription(trx, {
          id,
          organisation_id: organisationId,
          status: 'trialing',
          plan_nickname: TEAM_PLAN.nickname,
          unit_amount: TEAM_PLAN.unitAmountPence,
          quantity: await countAccounts(trx, organisationId),
          billing_cycle_anchor: at,
          trial_end: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
          provider_subscription_id: id,
          created_at: at,
          updated_at: at,
        });
        await markCustomerTrialled(trx, organisationId, at);
        await audit?.(trx);
        return present(trx, organisationId, await reread(trx, organisationId, id), now);
      });
    },

    subscribe(organisationId, input, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running, now) => {
        const at = now.toISOString();
        const card = await requireUsableCard(trx, organisationId, input.paymentMethodId, now);
        const coupon: CouponRow | null =
          input.coupon !== undefined && input.coupon.trim() !== ''
            ? await requireRedeemableCoupon(trx, input.coupon)
            : null;
        if (running && running.status !== 'trialing') throw billingRefusal(LEDGER_MESSAGES.alreadySubscribed);
        await ensureCustomer(trx, organisationId, at);
        await makeOnlyPaymentMethod(trx, organisationId, card.id, at);
        // Paying ends a running trial: the same subscription becomes active, its periods counted from now.
        const paid = {
          status: 'active',
          billing_cycle_anchor: at,
          quantity: await countAccounts(trx, organisationId),
          payment_method_id: card.id,
          coupon_code: coupon?.code ?? null,
          updated_at: at,
        };
        let id: string;
        if (running) {
          id = running.id;
          await updateSubscription(trx, organisationId, id, { ...paid, trial_end: at });
        } else {
          id = newLedgerId('sub');
          await insertSubscription(trx, {
            ...paid,
            id,
            organisation_id: organisationId,
            plan_nickname: TEAM_PLAN.nickname,
            unit_amount: TEAM_PLAN.unitAmountPence,
            provider_subscription_id: id,
            created_at: at,
          });
        }
        const row = await reread(trx, organisationId, id);
        await invoicePeriod(trx, row, 0);
        await audit?.(trx);
        return present(trx, organisationId, row, now);
      });
    },

    updateQuantity(organisationId, _quantity, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running, now) => {
        if (!running) return NO_SUBSCRIPTION;
        const accounts = await countAccounts(trx, organisationId);
        if (accounts !== running.quantity) {
          await updateSubscription(trx, organisationId, running.id, {
            quantity: accounts,
            updated_at: now.toISOString(),
          });
          await audit?.(trx);
        }
        return present(trx, organisationId, await reread(trx, organisationId, running.id), now);
      });
    },

    cancelSubscription(organisationId, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running, now) => {
        if (!running) return NO_SUBSCRIPTION;
        const at = now.toISOString();
        await updateSubscription(trx, organisationId, running.id, {
          status: 'canceled',
          ended_at: at,
          cancel_at: at,
          updated_at: at,
        });
        await audit?.(trx);
        return NO_SUBSCRIPTION;
      });
    },

    applyPromotionCode(organisationId, code, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running, now) => {
        const coupon = await requireRedeemableCoupon(trx, code);
        if (!running) throw billingRefusal(LEDGER_MESSAGES.noSubscription);
        await updateSubscription(trx, organisationId, running.id, {
          coupon_code: coupon.code,
          updated_at: now.toISOString(),
        });
        await audit?.(trx);
        return present(trx, organisationId, await reread(trx, organisationId, running.id), now);
      });
    },

    async listPaymentMethods(organisationId): Promise<ProviderList<PaymentMethod>> {
      const rows = await listAttachedPaymentMethods(db, organisationId);
      return { data: rows.map(presentPaymentMethod), has_more: false };
    },

    attachPaymentMethod(organisationId, paymentMethodId, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running, now) => {
        const card = await requireUsableCard(trx, organisationId, paymentMethodId, now);
        await makeOnlyPaymentMethod(trx, organisationId, card.id, now.toISOString());
        if (running) {
          await updateSubscription(trx, organisationId, running.id, {
            payment_method_id: card.id,
            updated_at: now.toISOString(),
          });
        }
        await audit?.(trx);
        return presentPaymentMethod(card);
      });
    },

    detachPaymentMethods(organisationId, audit?: BillingAudit) {
      return withLedger(organisationId, async (trx, running) => {
        if (running) throw billingRefusal(LEDGER_MESSAGES.paymentMethodInUse);
        if ((await deletePaymentMethods(trx, organisationId)) > 0) await audit?.(trx);
      });
    },

    listInvoices(organisationId): Promise<ProviderList<LedgerInvoice>> {
      return withLedger(organisationId, async (trx) => ({
        data: (await listInvoiceRows(trx, organisationId)).map(presentInvoice),
        has_more: false,
      }));
    },

    async invoicePdf(organisationId, invoiceId) {
      if (!isLedgerId('in', invoiceId)) return null;
      const invoice = await findInvoice(db, organisationId, invoiceId);
      if (!invoice) return null;
      const organisation = await findOrganisationById(db, organisationId);
      // Its invoice was just found, so the organisation is there unless deleted meanwhile.
      if (!organisation) throw new Error('The organisation of the invoice no longer exists.');
      const customer = await ensureCustomer(db, organisationId, clock().toISOString());
      return {
        // pdf-lib costs 25 MB of memory once loaded: only a server that renders an invoice pays it.
        pdf: await (await import('./invoice-pdf.js')).renderInvoicePdf(invoice, {
          organisationName: organisation.name,
          customerId: customer.id,
        }),
      };
    },

    async forgetOrganisation(organisationId) {
      // Dependants first, each a plain delete by organisation_id.
      await db.transaction().execute(async (trx) => {
        await deleteInvoices(trx, organisationId);
        await deletePaymentMethods(trx, organisationId);
        await deleteSubscriptions(trx, organisationId);
        await deleteCustomer(trx, organisationId);
      });
    },

    createTestPaymentMethod(organisationId, request) {
      const now = clock();
      // Checked before any transaction: a refused card writes nothing.
      const checked = checkTestCard(request, now);
      return db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        await deleteUnattachedBefore(
          trx,
          organisationId,
          new Date(now.getTime() - UNATTACHED_LIFETIME_MS).toISOString(),
        );
        const id = newLedgerId('pm');
        const row = {
          id,
          organisation_id: organisationId,
          provider_payment_method_id: id,
          brand: checked.card.brand,
          last4: checked.card.last4,
          exp_month: checked.card.exp_month,
          exp_year: checked.card.exp_year,
          billing_name: checked.billing.name,
          line1: checked.billing.line1,
          line2: checked.billing.line2,
          city: checked.billing.city,
          country: checked.billing.country,
          postal_code: checked.billing.postal_code,
          created_at: at,
          attached_at: null,
        };
        await insertPaymentMethod(trx, row);
        return presentPaymentMethod(row);
      });
    },
  };
}

/** Whether the running provider is the local ledger (test cards are its alone). */
export function isLocalProvider(provider: BillingProvider | null): provider is LocalBillingProvider {
  return provider?.mode === 'local';
}
