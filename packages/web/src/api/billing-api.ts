import type {
  BillingConfigResponse,
  Customer,
  Invoice,
  PaymentMethod,
  PaymentMethodRequest,
  PlansResponse,
  ProviderList,
  SetupIntentResponse,
  Subscription,
  SubscriptionConfirmRequest,
  SubscriptionCreateRequest,
  SubscriptionResponse,
  TestPaymentMethodRequest,
} from '@coffer/core';
import { requestOrThrow } from './api-client.js';
import { ApiError } from './api-error.js';
import { readErrorMessage } from './error-message.js';
import { getToken } from './token-store.js';

// Typed calls of spec section 7's Billing list and api.md's billing rows (administrators, except the
// config). The answers keep the payment provider's (Stripe's) shapes: core's billing-model.

const BILLING = '/api/v1/billing_api';
const SUBSCRIPTIONS = `${BILLING}/subscriptions`;
const CUSTOMERS = `${BILLING}/customers`;
const apiBase: string = import.meta.env.VITE_API_BASE ?? '';

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/**
 * Mutations of the spec answer a string when they refuse (section 8: "Subscription create returning a
 * string ... shows the string as an error"): a 20x text is a refusal too, thrown like a 400's.
 */
async function expectObject<T>(answer: Promise<T | string>): Promise<T> {
  const body = await answer;
  if (typeof body === 'string' || typeof body !== 'object' || body === null) {
    throw new ApiError(200, readErrorMessage(body));
  }
  return body;
}

/** How billing runs ('local', 'stripe' or 'off') and Stripe's publishable key; any signed-in user. */
export function fetchBillingConfig(signal?: AbortSignal): Promise<BillingConfigResponse> {
  return requestOrThrow<BillingConfigResponse>(`${BILLING}/config`, withSignal(signal));
}

/** The organisation's subscription, or the text 'No Subscription'. */
export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return requestOrThrow<SubscriptionResponse>(SUBSCRIPTIONS, withSignal(signal));
}

/** Starts the one-time 30-day trial of the Team Plan (no body, api.md). */
export function startTrial(): Promise<Subscription> {
  return expectObject(requestOrThrow<Subscription | string>(SUBSCRIPTIONS, { method: 'POST' }));
}

/** Pays for the Team Plan with a payment-method id made by the card provider, and an optional coupon. */
export function subscribe(request: SubscriptionCreateRequest): Promise<Subscription> {
  return expectObject(
    requestOrThrow<Subscription | string>(SUBSCRIPTIONS, { method: 'POST', body: request }),
  );
}

/**
 * BILLING=stripe: after Stripe.js authenticated the first payment (3-D Secure), asks the server
 * whether Stripe has it paid: the subscription, or the refusal (Stripe's reason) with nothing kept.
 */
export function confirmSubscription(subscriptionId: string): Promise<Subscription> {
  const body: SubscriptionConfirmRequest = { subscriptionId };
  return expectObject(
    requestOrThrow<Subscription | string>(`${SUBSCRIPTIONS}/confirm`, { method: 'POST', body }),
  );
}

/** BILLING=stripe: a SetupIntent's client secret, for Stripe.js to save (and authenticate) a card. */
export function createSetupIntent(): Promise<SetupIntentResponse> {
  return expectObject(
    requestOrThrow<SetupIntentResponse | string>(`${CUSTOMERS}/setup_intent`, { method: 'POST' }),
  );
}

/** Cancels the subscription at once; the answer is 'No Subscription'. */
export function cancelSubscription(): Promise<SubscriptionResponse> {
  return requestOrThrow<SubscriptionResponse>(SUBSCRIPTIONS, { method: 'DELETE' });
}

/** Applies a promotion code (a coupon) to the live subscription. */
export function applyPromotionCode(promotionCode: string): Promise<Subscription> {
  return expectObject(
    requestOrThrow<Subscription | string>(`${SUBSCRIPTIONS}/promotion_update`, {
      method: 'POST',
      body: { promotion_code: promotionCode },
    }),
  );
}

/** The billing customer (`metadata.trialled` is 'true' once the trial was taken). */
export function fetchCustomer(signal?: AbortSignal): Promise<Customer> {
  return requestOrThrow<Customer>(CUSTOMERS, withSignal(signal));
}

/** The customer's card payment methods; `data[0]` is the one in use. */
export function fetchPaymentMethods(signal?: AbortSignal): Promise<ProviderList<PaymentMethod>> {
  return requestOrThrow<ProviderList<PaymentMethod>>(`${CUSTOMERS}/payment_method`, withSignal(signal));
}

/** Adds a card (a payment-method id made by the card provider) when the customer has none (api.md). */
export function addPaymentMethod(stripeId: string): Promise<PaymentMethod> {
  const body: PaymentMethodRequest = { stripeId };
  return expectObject(
    requestOrThrow<PaymentMethod | string>(`${CUSTOMERS}/payment_method`, { method: 'POST', body }),
  );
}

/** Replaces the customer's card with a new payment-method id. */
export function updatePaymentMethod(stripeId: string): Promise<PaymentMethod> {
  const body: PaymentMethodRequest = { stripeId };
  return expectObject(
    requestOrThrow<PaymentMethod | string>(`${CUSTOMERS}/update_payment_method`, { method: 'POST', body }),
  );
}

/** Removes the customer's card; the server allows it only without a subscription (spec section 4). */
export function destroyPaymentMethod(): Promise<unknown> {
  return requestOrThrow(`${CUSTOMERS}/destroy_payment_method`, { method: 'POST' });
}

/** The organisation's invoices, newest first. */
export function fetchInvoices(signal?: AbortSignal): Promise<ProviderList<Invoice>> {
  return requestOrThrow<ProviderList<Invoice>>(`${BILLING}/invoices`, withSignal(signal));
}

/** The plan cards of /plans (api.md: `{items: [plan]}`). */
export function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return requestOrThrow<PlansResponse>(`${BILLING}/prices`, withSignal(signal));
}

/** A payment-method id from a test card (BILLING=local only), as Stripe.js makes one under 'stripe'. */
export function createTestPaymentMethod(request: TestPaymentMethodRequest): Promise<PaymentMethod> {
  return expectObject(
    requestOrThrow<PaymentMethod | string>(`${BILLING}/test_payment_methods`, {
      method: 'POST',
      body: request,
    }),
  );
}

/** Whether an invoice's PDF lies on this app's own server (local) rather than the provider's (Stripe). */
export function isOwnInvoiceUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The PDF of an invoice the server renders itself. It needs the session's Authorization header, so
 * it is fetched here, never opened by a plain link.
 */
export async function fetchInvoicePdf(path: string): Promise<Blob> {
  const headers = new Headers({ Accept: 'application/pdf' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) throw new ApiError(response.status, readErrorMessage(await readJson(response)));
  return response.blob();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
