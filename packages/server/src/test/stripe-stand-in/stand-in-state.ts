import { randomBytes } from 'node:crypto';
import { invalidRequest, noSuch, StandInError } from './stand-in-errors.js';
import type {
  StandInCoupon,
  StandInCustomer,
  StandInDeleted,
  StandInInvoice,
  StandInInvoicePayment,
  StandInLastError,
  StandInPaymentIntent,
  StandInPaymentMethod,
  StandInPrice,
  StandInPromotionCode,
  StandInSetupIntent,
  StandInSubscription,
  StandInSubscriptionStatus,
  StripeList,
} from './stand-in-objects.js';

/**
 * Stripe's card that is always declined (4000 0000 0000 0002): a payment method with this last4
 * fails every charge with `card_declined`, as in Stripe's test mode.
 */
export const DECLINED_CARD_LAST4 = '0002';

/**
 * Stripe's card that requires 3-D Secure authentication on every payment and setup, however it was
 * saved (4000 0027 6000 3184): its payments and setups wait in `requires_action` until the
 * challenge (Stripe.js's, here the stand-in's double of it) is completed or failed.
 */
export const AUTHENTICATION_CARD_LAST4 = '3184';

/** Stripe's words when the cardholder fails (or abandons) the authentication challenge. */
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** What the cardholder does with the authentication challenge. */
export type ChallengeOutcome = 'complete' | 'fail';

const DECLINED: StandInLastError = {
  type: 'card_error',
  code: 'card_declined',
  message: 'Your card was declined.',
};

const DAY_SECONDS = 86_400;
// Statuses a subscription can no longer leave.
const ENDED = new Set<StandInSubscriptionStatus>(['canceled', 'incomplete_expired']);

/** What a test (playing Stripe.js) gives to make a card payment method. */
export interface TestCardInput {
  brand?: string;
  last4?: string;
  exp_month?: number;
  exp_year?: number;
  name?: string;
  line1?: string;
  city?: string;
  country?: string;
  postal_code?: string;
}

export interface SubscriptionCreateInput {
  customer: string;
  price: string;
  quantity: number;
  trialPeriodDays: number | null;
  promotionCode: string | null;
  defaultPaymentMethod: string | null;
  paymentBehavior: string | null;
  metadata: Record<string, string>;
}

export interface SubscriptionUpdateInput {
  itemId: string | null;
  quantity: number | null;
  trialEndNow: boolean;
  /** null: unchanged; a list (maybe empty) replaces the discounts. */
  promotionCodes: string[] | null;
  defaultPaymentMethod: string | null;
  paymentBehavior: string | null;
}

/**
 * The in-memory Stripe account of the stand-in: customers, card payment methods, one recurring
 * price, coupons behind promotion codes, subscriptions (trials, charges, cancellation) and their
 * invoices. Rules follow Stripe's where Coffer depends on them; see docs/billing.md for the limits.
 */
export class StandInState {
  readonly customers = new Map<string, StandInCustomer>();
  readonly paymentMethods = new Map<string, StandInPaymentMethod>();
  readonly prices = new Map<string, StandInPrice>();
  readonly promotionCodes = new Map<string, StandInPromotionCode>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly invoices = new Map<string, StandInInvoice>();
  readonly paymentIntents = new Map<string, StandInPaymentIntent>();
  readonly setupIntents = new Map<string, StandInSetupIntent>();
  readonly invoicePayments = new Map<string, StandInInvoicePayment>();
  /** Seconds since the epoch; tests may move it. */
  clock: () => number = () => Math.floor(Date.now() / 1000);
  private sequence = 0;

  constructor(private readonly invoiceBaseUrl: () => string) {}

  newId(prefix: string): string {
    this.sequence += 1;
    // Increasing within a run, so "newest first" lists can sort by id when created in the same second.
    return `${prefix}_${String(this.sequence).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  }

  // --- test set-up (what the Stripe dashboard or Stripe.js would do) ---

  addPrice(input: {
    nickname: string | null;
    unitAmount: number;
    lookupKey: string | null;
    active?: boolean;
  }) {
    const price: StandInPrice = {
      id: this.newId('price'),
      object: 'price',
      created: this.clock(),
      active: input.active ?? true,
      currency: 'gbp',
      nickname: input.nickname,
      unit_amount: input.unitAmount,
      lookup_key: input.lookupKey,
      recurring: { interval: 'month', interval_count: 1 },
      type: 'recurring',
    };
    this.prices.set(price.id, price);
    return price;
  }

  addPromotionCode(input: { code: string; percentOff?: number; amountOff?: number; active?: boolean }) {
    const coupon: StandInCoupon = {
      id: this.newId('coupon'),
      object: 'coupon',
      created: this.clock(),
      duration: 'forever',
      percent_off: input.percentOff ?? null,
      amount_off: input.amountOff ?? null,
      currency: input.amountOff === undefined ? null : 'gbp',
      valid: true,
    };
    const promotionCode: StandInPromotionCode = {
      id: this.newId('promo'),
      object: 'promotion_code',
      created: this.clock(),
      active: input.active ?? true,
      code: input.code,
      promotion: { type: 'coupon', coupon },
    };
    this.promotionCodes.set(promotionCode.id, promotionCode);
    return promotionCode;
  }

  /** A card payment method as Stripe.js makes one in the browser: not attached to anyone yet. */
  createTestPaymentMethod(input: TestCardInput = {}): StandInPaymentMethod {
    const method: StandInPaymentMethod = {
      id: this.newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: this.clock(),
      customer: null,
      card: {
        brand: input.brand ?? 'visa',
        last4: input.last4 ?? '4242',
        exp_month: input.exp_month ?? 12,
        exp_year: input.exp_year ?? new Date().getUTCFullYear() + 3,
      },
      billing_details: {
        name: input.name ?? 'Ada Lovelace',
        email: null,
        phone: null,
        address: {
          line1: input.line1 ?? '1 Analytical Row',
          line2: null,
          city: input.city ?? 'London',
          state: null,
          country: input.country ?? 'GB',
          postal_code: input.postal_code ?? 'N1 9GU',
        },
      },
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  /** Changes a subscription's status as Stripe would on its own (a failed renewal, a lapsed trial). */
  setSubscriptionStatus(id: string, status: StandInSubscriptionStatus): StandInSubscription {
    const subscription = this.subscription(id);
    subscription.status = status;
    if (ENDED.has(status)) subscription.ended_at = this.clock();
    return subscription;
  }

  // --- customers ---

  createCustomer(metadata: Record<string, string>): StandInCustomer {
    const customer: StandInCustomer = {
      id: this.newId('cus'),
      object: 'customer',
      created: this.clock(),
      metadata: { ...metadata },
      invoice_settings: { default_payment_method: null },
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): StandInCustomer {
    const customer = this.customers.get(id);
    if (!customer) throw noSuch('customer', id);
    return customer;
  }

  retrieveCustomer(id: string): StandInCustomer | StandInDeleted {
    const customer = this.customer(id);
    return customer.deleted ? { id, object: 'customer', deleted: true } : customer;
  }

  updateCustomer(
    id: string,
    input: { metadata?: Record<string, string>; defaultPaymentMethod?: string | null },
  ): StandInCustomer {
    const customer = this.liveCustomer(id);
    for (const [key, value] of Object.entries(input.metadata ?? {})) {
      // Stripe: an empty value removes the key.
      if (value === '') delete customer.metadata[key];
      else customer.metadata[key] = value;
    }
    if (input.defaultPaymentMethod !== undefined) {
      if (input.defaultPaymentMethod !== null) {
        const method = this.paymentMethod(input.defaultPaymentMethod);
        if (method.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${method.id}.`,
            'invoice_settings[default_payment_method]',
          );
        }
      }
      customer.invoice_settings.default_payment_method = input.defaultPaymentMethod;
    }
    return customer;
  }

  /** Stripe deletes the customer, cancels its subscriptions and forgets its payment methods. */
  deleteCustomer(id: string): StandInDeleted {
    const customer = this.liveCustomer(id);
    for (const subscription of this.subscriptions.values()) {
      if (subscription.customer === id && !ENDED.has(subscription.status))
        this.cancelSubscription(subscription.id);
    }
    for (const method of this.paymentMethods.values()) {
      if (method.customer === id) method.customer = null;
    }
    customer.deleted = true;
    return { id, object: 'customer', deleted: true };
  }

  private liveCustomer(id: string): StandInCustomer {
    const customer = this.customer(id);
    if (customer.deleted) throw noSuch('customer', id);
    return customer;
  }

  // --- payment methods ---

  paymentMethod(id: string): StandInPaymentMethod {
    const method = this.paymentMethods.get(id);
    if (!method) throw noSuch('PaymentMethod', id, 'payment_method');
    return method;
  }

  attachPaymentMethod(id: string, customerId: string): StandInPaymentMethod {
    this.liveCustomer(customerId);
    const method = this.paymentMethod(id);
    if (method.customer !== null && method.customer !== customerId) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        'payment_method',
      );
    }
    method.customer = customerId;
    return method;
  }

  detachPaymentMethod(id: string): StandInPaymentMethod {
    const method = this.paymentMethod(id);
    if (method.customer === null) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        'payment_method',
      );
    }
    const customer = this.customers.get(method.customer);
    if (customer?.invoice_settings.default_payment_method === id) {
      customer.invoice_settings.default_payment_method = null;
    }
    method.customer = null;
    return method;
  }

  listPaymentMethods(customerId: string): StandInPaymentMethod[] {
    this.liveCustomer(customerId);
    return [...this.paymentMethods.values()]
      .filter((method) => method.customer === customerId)
      .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
  }

  // --- prices and promotion codes ---

  listPrices(filter: { lookupKeys: string[] | null; active: boolean | null }): StandInPrice[] {
    return [...this.prices.values()].filter(
      (price) =>
        (filter.lookupKeys === null ||
          (price.lookup_key !== null && filter.lookupKeys.includes(price.lookup_key))) &&
        (filter.active === null || price.active === filter.active),
    );
  }

  listPromotionCodes(filter: { code: string | null; active: boolean | null }): StandInPromotionCode[] {
    return [...this.promotionCodes.values()].filter(
      (promotion) =>
        // Stripe matches codes case-insensitively.
        (filter.code === null || promotion.code.toLowerCase() === filter.code.toLowerCase()) &&
        (filter.active === null || promotion.active === filter.active),
    );
  }

  // --- subscriptions ---

  subscription(id: string): StandInSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  }

  listSubscriptions(customerId: string | null, status: string | null): StandInSubscription[] {
    return [...this.subscriptions.values()]
      .filter((subscription) => customerId === null || subscription.customer === customerId)
      .filter((subscription) =>
        // Stripe's default list leaves out canceled subscriptions; 'all' includes them.
        status === 'all'
          ? true
          : status === null
            ? subscription.status !== 'canceled'
            : subscription.status === status,
      )
      .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
  }

  createSubscription(input: SubscriptionCreateInput): StandInSubscription {
    const customer = this.liveCustomer(input.customer);
    const price = this.prices.get(input.price);
    if (!price?.active) throw noSuch('price', input.price, 'items[0][price]');
    if (input.quantity < 1) throw invalidRequest('Invalid positive integer', 'items[0][quantity]');
    const discounts = input.promotionCode ? [this.discountFor(input.promotionCode)] : [];
    const paymentMethod = input.defaultPaymentMethod ?? customer.invoice_settings.default_payment_method;
    if (input.defaultPaymentMethod) this.requireAttached(input.defaultPaymentMethod, customer.id);
    const now = this.clock();
    const trialEnd = input.trialPeriodDays ? now + input.trialPeriodDays * DAY_SECONDS : null;
    if (trialEnd === null && paymentMethod === null) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const subscription: StandInSubscription = {
      id: this.newId('sub'),
      object: 'subscription',
      created: now,
      customer: customer.id,
      status: trialEnd === null ? 'active' : 'trialing',
      start_date: now,
      billing_cycle_anchor: trialEnd ?? now,
      trial_start: trialEnd === null ? null : now,
      trial_end: trialEnd,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      default_payment_method: input.defaultPaymentMethod,
      discounts,
      items: {
        object: 'list',
        data: [
          {
            id: this.newId('si'),
            object: 'subscription_item',
            created: now,
            price,
            quantity: input.quantity,
          },
        ],
        has_more: false,
        url: '/v1/subscription_items',
      },
      latest_invoice: null,
      metadata: { ...input.metadata },
    };
    // A trial starts with a £0 invoice; otherwise the first period is charged at once.
    const invoice =
      trialEnd === null ? this.charge(subscription, paymentMethod, input.paymentBehavior) : null;
    if (invoice === null && trialEnd !== null) this.issueInvoice(subscription, 0, true);
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  updateSubscription(id: string, input: SubscriptionUpdateInput): StandInSubscription {
    const subscription = this.subscription(id);
    if (ENDED.has(subscription.status)) {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const item = subscription.items.data[0];
    if (!item) throw invalidRequest('The subscription has no items.');
    if (input.itemId !== null && input.itemId !== item.id)
      throw noSuch('subscription_item', input.itemId, 'items[0][id]');
    const discounts = input.promotionCodes?.map((code) => this.discountFor(code)) ?? null;
    if (input.defaultPaymentMethod) this.requireAttached(input.defaultPaymentMethod, subscription.customer);
    if (input.quantity !== null && input.quantity < 1)
      throw invalidRequest('Invalid positive integer', 'items[0][quantity]');
    const endingTrial = input.trialEndNow && subscription.status === 'trialing';
    const draft: StandInSubscription = structuredClone(subscription);
    const draftItem = draft.items.data[0] as (typeof draft.items.data)[number];
    if (input.quantity !== null) draftItem.quantity = input.quantity;
    if (discounts !== null) draft.discounts = discounts;
    if (input.defaultPaymentMethod) draft.default_payment_method = input.defaultPaymentMethod;
    if (endingTrial) {
      const now = this.clock();
      draft.trial_end = now;
      draft.billing_cycle_anchor = now;
      draft.status = 'active';
      const paymentMethod =
        draft.default_payment_method ?? this.customer(draft.customer).invoice_settings.default_payment_method;
      // Charged before anything is kept, so a declined card with error_if_incomplete changes nothing.
      this.charge(draft, paymentMethod, input.paymentBehavior);
    }
    this.subscriptions.set(id, draft);
    return draft;
  }

  cancelSubscription(id: string): StandInSubscription {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
    }
    const now = this.clock();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    return subscription;
  }

  // --- invoices ---

  invoice(id: string): StandInInvoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw noSuch('invoice', id);
    return invoice;
  }

  listInvoices(customerId: string | null): StandInInvoice[] {
    return [...this.invoices.values()]
      .filter((invoice) => customerId === null || invoice.customer === customerId)
      .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
  }

  private requireAttached(paymentMethodId: string, customerId: string): void {
    if (this.paymentMethod(paymentMethodId).customer !== customerId) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${paymentMethodId}.`,
        'default_payment_method',
      );
    }
  }

  private discountFor(promotionCodeId: string): string {
    const promotion = this.promotionCodes.get(promotionCodeId);
    if (!promotion) throw noSuch('promotion code', promotionCodeId, 'discounts[0][promotion_code]');
    if (!promotion.active) {
      throw invalidRequest(
        'This promotion code cannot be redeemed because it is inactive.',
        'discounts[0][promotion_code]',
      );
    }
    return `di_${promotion.id}`;
  }

  private amountDue(subscription: StandInSubscription): number {
    const item = subscription.items.data[0];
    const subtotal = item ? item.price.unit_amount * item.quantity : 0;
    let total = subtotal;
    for (const discount of subscription.discounts) {
      const coupon = this.promotionCodes.get(discount.replace(/^di_/, ''))?.promotion.coupon;
      if (coupon?.percent_off) total -= Math.round((subtotal * coupon.percent_off) / 100);
      if (coupon?.amount_off) total -= coupon.amount_off;
    }
    return Math.max(total, 0);
  }

  // Charges the period's amount to the card through a payment intent. A declined card, or one that
  // must authenticate: with error_if_incomplete a 402 card_error and nothing kept; otherwise the
  // subscription is incomplete, its invoice open and its payment intent says why.
  private charge(
    subscription: StandInSubscription,
    paymentMethodId: string | null,
    paymentBehavior: string | null,
  ): StandInInvoice | null {
    const method = paymentMethodId ? this.paymentMethods.get(paymentMethodId) : undefined;
    const declined = !method || method.card.last4 === DECLINED_CARD_LAST4;
    const challenged = !declined && method.card.last4 === AUTHENTICATION_CARD_LAST4;
    if ((declined || challenged) && paymentBehavior === 'error_if_incomplete') {
      throw declined
        ? new StandInError(402, 'card_error', DECLINED.message, DECLINED.code, undefined, 'generic_decline')
        : new StandInError(
            402,
            'card_error',
            'Your card was declined. This transaction requires authentication.',
            'authentication_required',
            undefined,
            'authentication_required',
          );
    }
    const paid = !declined && !challenged;
    if (!paid) subscription.status = 'incomplete';
    const invoice = this.issueInvoice(subscription, this.amountDue(subscription), paid);
    if (invoice.total === 0) return invoice;
    const intent: StandInPaymentIntent = {
      id: this.newId('pi'),
      object: 'payment_intent',
      created: this.clock(),
      amount: invoice.total,
      currency: invoice.currency,
      customer: subscription.customer,
      payment_method: method?.id ?? null,
      status: paid ? 'succeeded' : challenged ? 'requires_action' : 'requires_payment_method',
      client_secret: '',
      next_action: challenged ? { type: 'use_stripe_sdk' } : null,
      last_payment_error: declined ? DECLINED : null,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.paymentIntents.set(intent.id, intent);
    const link: StandInInvoicePayment = {
      id: this.newId('inpay'),
      object: 'invoice_payment',
      created: this.clock(),
      invoice: invoice.id,
      is_default: true,
      status: paid ? 'paid' : 'open',
      payment: { type: 'payment_intent', payment_intent: intent.id },
    };
    this.invoicePayments.set(link.id, link);
    return invoice;
  }

  // --- payment and setup intents ---

  paymentIntent(id: string): StandInPaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', id);
    return intent;
  }

  setupIntent(id: string): StandInSetupIntent {
    const intent = this.setupIntents.get(id);
    if (!intent) throw noSuch('setup_intent', id);
    return intent;
  }

  listInvoicePayments(invoiceId: string | null): StandInInvoicePayment[] {
    return [...this.invoicePayments.values()].filter(
      (payment) => invoiceId === null || payment.invoice === invoiceId,
    );
  }

  createSetupIntent(customerId: string, usage: string | null): StandInSetupIntent {
    this.liveCustomer(customerId);
    const intent: StandInSetupIntent = {
      id: this.newId('seti'),
      object: 'setup_intent',
      created: this.clock(),
      customer: customerId,
      usage: usage ?? 'off_session',
      payment_method: null,
      status: 'requires_payment_method',
      client_secret: '',
      next_action: null,
      last_setup_error: null,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.setupIntents.set(intent.id, intent);
    return intent;
  }

  /**
   * Stripe.js's confirmCardSetup: a declined card is a 402 (the intent waits for another card); a
   * card that must authenticate waits in requires_action; any other card is saved to the customer.
   */
  confirmSetupIntent(id: string, clientSecret: string | null, paymentMethodId: string | null) {
    const intent = this.requireSecret(this.setupIntent(id), clientSecret);
    if (intent.status !== 'requires_payment_method') {
      throw invalidRequest(
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      );
    }
    if (!paymentMethodId) throw invalidRequest('Missing required param: payment_method.', 'payment_method');
    const method = this.paymentMethod(paymentMethodId);
    intent.payment_method = method.id;
    intent.last_setup_error = null;
    if (method.card.last4 === DECLINED_CARD_LAST4) {
      intent.last_setup_error = DECLINED;
      throw new StandInError(
        402,
        'card_error',
        DECLINED.message,
        DECLINED.code,
        undefined,
        'generic_decline',
      );
    }
    if (method.card.last4 === AUTHENTICATION_CARD_LAST4) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
      return intent;
    }
    return this.succeedSetup(intent);
  }

  /** Stripe.js's confirmCardPayment of an intent that waits for authentication: shows where it stands. */
  confirmPaymentIntent(id: string, clientSecret: string | null): StandInPaymentIntent {
    return this.requireSecret(this.paymentIntent(id), clientSecret);
  }

  /**
   * The cardholder's answer to the authentication challenge (the stand-in's double of Stripe's 3-D
   * Secure page). Completed: the payment is made (its invoice paid, its subscription active) or the
   * card saved. Failed: the intent waits for another card, with Stripe's authentication error.
   */
  answerChallenge(id: string, clientSecret: string | null, outcome: ChallengeOutcome) {
    const intent = id.startsWith('seti_') ? this.setupIntent(id) : this.paymentIntent(id);
    this.requireSecret(intent, clientSecret);
    if (intent.status !== 'requires_action') {
      throw invalidRequest(`This intent has a status of ${intent.status}, not requires_action.`);
    }
    intent.next_action = null;
    if (intent.object === 'setup_intent') {
      if (outcome === 'complete') return this.succeedSetup(intent);
      intent.status = 'requires_payment_method';
      intent.last_setup_error = {
        type: 'invalid_request_error',
        code: 'setup_intent_authentication_failure',
        message: AUTHENTICATION_FAILED_MESSAGE,
      };
      return intent;
    }
    if (outcome === 'fail') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: AUTHENTICATION_FAILED_MESSAGE,
      };
      return intent;
    }
    intent.status = 'succeeded';
    const link = [...this.invoicePayments.values()].find(
      (payment) => payment.payment.payment_intent === intent.id,
    );
    const invoice = link ? this.invoices.get(link.invoice) : undefined;
    if (link && invoice) {
      link.status = 'paid';
      invoice.status = 'paid';
      invoice.amount_paid = invoice.total;
      invoice.status_transitions.paid_at = this.clock();
      for (const subscription of this.subscriptions.values()) {
        if (subscription.latest_invoice === invoice.id && subscription.status === 'incomplete') {
          subscription.status = 'active';
        }
      }
    }
    return intent;
  }

  /** A card payment method as Stripe.js makes it from the card typed (publishable key). */
  createCardPaymentMethod(input: { number: string; expMonth: number; expYear: number; cvc: string }) {
    const number = input.number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number)) {
      throw new StandInError(402, 'card_error', 'Your card number is invalid.', 'invalid_number', 'number');
    }
    if (!/^\d{3,4}$/.test(input.cvc)) {
      throw new StandInError(
        402,
        'card_error',
        "Your card's security code is invalid.",
        'invalid_cvc',
        'cvc',
      );
    }
    return this.createTestPaymentMethod({
      brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown',
      last4: number.slice(-4),
      exp_month: input.expMonth,
      exp_year: input.expYear,
    });
  }

  private succeedSetup(intent: StandInSetupIntent): StandInSetupIntent {
    intent.status = 'succeeded';
    // Stripe attaches the card to the setup intent's customer once the setup succeeds.
    if (intent.payment_method) this.attachPaymentMethod(intent.payment_method, intent.customer);
    return intent;
  }

  // A browser (publishable key) must present the intent's client secret; a secret key need not.
  private requireSecret<T extends { id: string; client_secret: string }>(
    intent: T,
    clientSecret: string | null,
  ): T {
    if (clientSecret !== null && clientSecret !== intent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with this intent.',
        'client_secret',
      );
    }
    return intent;
  }

  private issueInvoice(subscription: StandInSubscription, total: number, paid: boolean): StandInInvoice {
    const now = this.clock();
    const id = this.newId('in');
    const item = subscription.items.data[0];
    const invoice: StandInInvoice = {
      id,
      object: 'invoice',
      created: now,
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      currency: 'gbp',
      subtotal: item ? item.price.unit_amount * item.quantity : 0,
      total,
      amount_paid: paid ? total : 0,
      invoice_pdf: `${this.invoiceBaseUrl()}/invoice/${id}/pdf`,
      hosted_invoice_url: `${this.invoiceBaseUrl()}/invoice/${id}`,
      status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    };
    this.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }
}

/** Stripe's list envelope. */
export function stripeList<T>(data: T[], url: string, hasMore = false): StripeList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
