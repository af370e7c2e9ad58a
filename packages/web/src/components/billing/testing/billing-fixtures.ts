import type {
  BillingConfigResponse,
  Customer,
  InvitationRow,
  Invoice,
  PaymentMethod,
  Profile,
  Subscription,
  SubscriptionResponse,
  UserRow,
} from '@coffer/core';
import { TEAM_PLAN } from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../../test/mock-fetch.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { buildProfile } from '../../../test/profile-fixture.js';
import { userRow } from '../../../test/user-row-fixture.js';

// Billing answers in the provider's shapes, and a fake server for the billing screens' tests.

/** 1 May 2024, 10:00 UTC, in the provider's Unix seconds. */
export const ANCHOR = Date.UTC(2024, 4, 1, 10) / 1000;

/** A Team Plan subscription; override what a test is about. */
export function buildSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    billing_cycle_anchor: ANCHOR,
    trial_end: null,
    plan: { nickname: TEAM_PLAN.nickname },
    items: { data: [{ price: { unit_amount: TEAM_PLAN.unitAmountPence }, quantity: 2 }] },
    ...overrides,
  };
}

/** The stored card: a Visa ending in 4242, expiring April 2030, with its billing address. */
export function buildPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm_1',
    card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
    billing_details: {
      name: 'Ada Lovelace',
      address: { line1: '1 Main Street', line2: null, city: 'London', country: 'GB', postal_code: 'N1 1AA' },
    },
    ...overrides,
  };
}

/** A paid invoice of £6.00. */
export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    status: 'paid',
    total: 600,
    invoice_pdf: '/api/v1/billing_api/invoices/in_1/pdf',
    status_transitions: { paid_at: ANCHOR },
    ...overrides,
  };
}

/** A user of the organisation as the users list answers it (the settings tests' row). */
export function accountRow(id: string, name: string, administrator = false): UserRow {
  return userRow(id, name, administrator);
}

type Route = FakeAnswer | ((call: FetchCall) => FakeAnswer | Promise<FakeAnswer>);

/** What the fake billing server holds; `extra` adds or overrides routes. */
export interface BillingServer {
  profile?: Partial<Profile>;
  mode?: BillingConfigResponse['mode'];
  publishableKey?: string | null;
  subscription?: SubscriptionResponse | Route;
  customer?: Customer;
  methods?: PaymentMethod[];
  invoices?: Invoice[];
  users?: UserRow[];
  /** The invitations not accepted yet (none unless given). */
  invitations?: InvitationRow[];
  extra?: Record<string, Route>;
}

/** Signs an administrator (the owner, unless told otherwise) in and fakes the billing calls. */
export function serveBilling(server: BillingServer = {}): FetchCall[] {
  localStorage.setItem('token', 'tok');
  const users = server.users ?? [accountRow('u-1', 'Ada Lovelace', true)];
  const subscription = server.subscription ?? 'No Subscription';
  const subscriptionRoute: Route =
    typeof subscription === 'function' || isFakeAnswer(subscription) ? subscription : { body: subscription };
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile({ administrator: true, ...server.profile }) },
    'GET /api/v1/organisation.json': {
      body: { id: 'o-1', name: 'Acme Ltd', inactivity_length: 10, owner_id: 'u-1' },
    },
    'GET /api/v1/secret_keys/reshare_all.json': { body: { keyshare: [], total: 0 } },
    'GET /api/v1/billing_api/config': {
      body: { mode: server.mode ?? 'local', publishable_key: server.publishableKey ?? null },
    },
    'GET /api/v1/billing_api/subscriptions': subscriptionRoute,
    'GET /api/v1/billing_api/customers': { body: server.customer ?? { metadata: {} } },
    'GET /api/v1/billing_api/customers/payment_method': { body: { data: server.methods ?? [] } },
    'GET /api/v1/billing_api/invoices': { body: { data: server.invoices ?? [] } },
    'GET /api/v1/users.json': { body: { items: users, total: users.length } },
    'GET /api/v1/invitations.json': {
      body: { items: server.invitations ?? [], total: server.invitations?.length ?? 0 },
    },
    ...server.extra,
  });
}

// A route given as an answer carries a numeric status or a body; a subscription's status is a word.
function isFakeAnswer(value: unknown): value is FakeAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { status } = value as { status?: unknown };
  return typeof status === 'number' || 'body' in value;
}

/** The JSON body a call sent. */
export function bodyOf(call: FetchCall | undefined): unknown {
  return call?.init.body ? JSON.parse(String(call.init.body)) : undefined;
}

/** The first call of a method and path. */
export function findCall(calls: readonly FetchCall[], method: string, path: string): FetchCall | undefined {
  return calls.find((call) => call.method === method && call.path.split('?')[0] === path);
}
