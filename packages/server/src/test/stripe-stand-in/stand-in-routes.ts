import type { FormObject } from '../../http/parse-nested-form.js';
import { invalidRequest } from './stand-in-errors.js';
import {
  flag,
  integer,
  object,
  objectList,
  pageLimit,
  stringMap,
  text,
  textList,
} from './stand-in-params.js';
import { type StandInState, stripeList } from './stand-in-state.js';

/** One call of Stripe's API the stand-in answers: its parameters (query or form body) and path ids. */
export interface StandInCall {
  params: FormObject;
  ids: Record<string, string>;
  /** Whether the caller is a browser (Stripe.js, with the publishable key) rather than the server. */
  publishable: boolean;
}

export interface StandInRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handle(state: StandInState, call: StandInCall): unknown;
  /** Stripe.js may call it with the publishable key (`key` parameter) instead of the secret key. */
  publishable?: boolean;
}

// Stripe.js presents an intent's client secret; the server's secret key needs none.
function clientSecret(call: StandInCall): string | null {
  const secret = text(call.params, 'client_secret');
  if (call.publishable && !secret)
    throw invalidRequest('Missing required param: client_secret.', 'client_secret');
  return secret;
}

// Path ids are present whenever the path names them; this keeps handlers free of checks.
function id(call: StandInCall, name = 'id'): string {
  return call.ids[name] as string;
}

function page<T>(items: T[], params: FormObject, url: string) {
  const limit = pageLimit(params);
  return stripeList(items.slice(0, limit), url, items.length > limit);
}

// '' clears an Emptyable parameter in Stripe's API.
function optionalId(value: string | null): string | null | undefined {
  if (value === null) return undefined;
  return value === '' ? null : value;
}

function promotionCodes(params: FormObject): string[] | null {
  const discounts = objectList(params, 'discounts');
  if (discounts === null) return null;
  return discounts.map((discount) => {
    const code = text(discount, 'promotion_code');
    if (code === null) throw invalidRequest('Only promotion_code discounts are supported.', 'discounts');
    return code;
  });
}

/**
 * The subset of Stripe's API that Coffer's Stripe provider calls, and no more (docs/billing.md,
 * "Stripe provider"). Paths and parameter names are Stripe's.
 */
export const STAND_IN_ROUTES: readonly StandInRoute[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handle: (state, call) => state.createCustomer(stringMap(call.params, 'metadata')),
  },
  { method: 'GET', path: '/v1/customers/:id', handle: (state, call) => state.retrieveCustomer(id(call)) },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handle: (state, call) => {
      const invoiceSettings = object(call.params, 'invoice_settings');
      const defaultPaymentMethod = optionalId(text(invoiceSettings, 'default_payment_method'));
      return state.updateCustomer(id(call), {
        metadata: stringMap(call.params, 'metadata'),
        ...(defaultPaymentMethod === undefined ? {} : { defaultPaymentMethod }),
      });
    },
  },
  { method: 'DELETE', path: '/v1/customers/:id', handle: (state, call) => state.deleteCustomer(id(call)) },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    handle: (state, call) => {
      const type = text(call.params, 'type');
      if (type !== null && type !== 'card')
        throw invalidRequest('Only card payment methods are supported.', 'type');
      return page(
        state.listPaymentMethods(id(call)),
        call.params,
        `/v1/customers/${id(call)}/payment_methods`,
      );
    },
  },
  { method: 'GET', path: '/v1/payment_methods/:id', handle: (state, call) => state.paymentMethod(id(call)) },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    handle: (state, call) => {
      const customer = text(call.params, 'customer');
      if (!customer) throw invalidRequest('Missing required param: customer.', 'customer');
      return state.attachPaymentMethod(id(call), customer);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handle: (state, call) => state.detachPaymentMethod(id(call)),
  },
  {
    method: 'GET',
    path: '/v1/prices',
    handle: (state, call) =>
      page(
        state.listPrices({
          lookupKeys: textList(call.params, 'lookup_keys'),
          active: flag(call.params, 'active'),
        }),
        call.params,
        '/v1/prices',
      ),
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes',
    handle: (state, call) =>
      page(
        state.listPromotionCodes({ code: text(call.params, 'code'), active: flag(call.params, 'active') }),
        call.params,
        '/v1/promotion_codes',
      ),
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handle: (state, call) =>
      page(
        state.listSubscriptions(text(call.params, 'customer'), text(call.params, 'status')),
        call.params,
        '/v1/subscriptions',
      ),
  },
  {
    method: 'POST',
    path: '/v1/subscriptions',
    handle: (state, call) => {
      const items = objectList(call.params, 'items') ?? [];
      const [item] = items;
      if (items.length !== 1 || !item) throw invalidRequest('Exactly one item is supported.', 'items');
      const customer = text(call.params, 'customer');
      const price = text(item, 'price');
      if (!customer) throw invalidRequest('Missing required param: customer.', 'customer');
      if (!price) throw invalidRequest('Missing required param: items[0][price].', 'items[0][price]');
      const [promotionCode = null] = promotionCodes(call.params) ?? [];
      return state.createSubscription({
        customer,
        price,
        quantity: integer(item, 'quantity') ?? 1,
        trialPeriodDays: integer(call.params, 'trial_period_days'),
        promotionCode,
        defaultPaymentMethod: optionalId(text(call.params, 'default_payment_method')) ?? null,
        paymentBehavior: text(call.params, 'payment_behavior'),
        metadata: stringMap(call.params, 'metadata'),
      });
    },
  },
  { method: 'GET', path: '/v1/subscriptions/:id', handle: (state, call) => state.subscription(id(call)) },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handle: (state, call) => {
      const items = objectList(call.params, 'items') ?? [];
      if (items.length > 1) throw invalidRequest('Exactly one item is supported.', 'items');
      const [item] = items;
      const trialEnd = text(call.params, 'trial_end');
      if (trialEnd !== null && trialEnd !== 'now')
        throw invalidRequest('Only trial_end=now is supported.', 'trial_end');
      return state.updateSubscription(id(call), {
        itemId: item ? text(item, 'id') : null,
        quantity: item ? integer(item, 'quantity') : null,
        trialEndNow: trialEnd === 'now',
        promotionCodes: promotionCodes(call.params),
        defaultPaymentMethod: optionalId(text(call.params, 'default_payment_method')) ?? null,
        paymentBehavior: text(call.params, 'payment_behavior'),
      });
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handle: (state, call) => state.cancelSubscription(id(call)),
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    handle: (state, call) =>
      page(state.listInvoices(text(call.params, 'customer')), call.params, '/v1/invoices'),
  },
  { method: 'GET', path: '/v1/invoices/:id', handle: (state, call) => state.invoice(id(call)) },
  {
    method: 'GET',
    path: '/v1/invoice_payments',
    handle: (state, call) =>
      page(state.listInvoicePayments(text(call.params, 'invoice')), call.params, '/v1/invoice_payments'),
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    publishable: true,
    handle: (state, call) => state.confirmPaymentIntent(id(call), clientSecret(call)),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    publishable: true,
    handle: (state, call) => state.confirmPaymentIntent(id(call), clientSecret(call)),
  },
  {
    method: 'POST',
    path: '/v1/setup_intents',
    handle: (state, call) => {
      const customer = text(call.params, 'customer');
      if (!customer) throw invalidRequest('Missing required param: customer.', 'customer');
      return state.createSetupIntent(customer, text(call.params, 'usage'));
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/confirm',
    publishable: true,
    handle: (state, call) =>
      state.confirmSetupIntent(id(call), clientSecret(call), text(call.params, 'payment_method')),
  },
  {
    method: 'POST',
    path: '/v1/payment_methods',
    publishable: true,
    handle: (state, call) => {
      const card = object(call.params, 'card');
      const method = state.createCardPaymentMethod({
        number: text(card, 'number') ?? '',
        expMonth: integer(card, 'exp_month') ?? 0,
        expYear: integer(card, 'exp_year') ?? 0,
        cvc: text(card, 'cvc') ?? '',
      });
      const billing = object(call.params, 'billing_details');
      const address = object(billing, 'address');
      method.billing_details.name = text(billing, 'name');
      for (const key of ['line1', 'line2', 'city', 'country', 'postal_code'] as const) {
        method.billing_details.address[key] = text(address, key);
      }
      return method;
    },
  },
  {
    // The stand-in's double of Stripe's 3-D Secure page: the cardholder completes or fails it.
    method: 'POST',
    path: '/v1/test_helpers/authentication/:id',
    publishable: true,
    handle: (state, call) => {
      const outcome = text(call.params, 'outcome');
      if (outcome !== 'complete' && outcome !== 'fail') {
        throw invalidRequest('outcome must be complete or fail.', 'outcome');
      }
      return state.answerChallenge(id(call), clientSecret(call), outcome);
    },
  },
];
