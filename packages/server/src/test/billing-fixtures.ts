import type { TestPaymentMethodRequest } from '@coffer/core';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { User } from '../repositories/user-repository.js';
import { callApi } from './chest-scenario.js';
import { buildSession, buildTeam, buildUser } from './factories.js';

/** Where every billing call lives. */
export const BILLING_API = '/api/v1/billing_api';

/** An organisation's people for billing tests: its owner, another administrator and a member. */
export interface BillingOrganisation {
  organisationId: string;
  everyoneTeamId: string;
  owner: User;
  tokens: { owner: string; administrator: string; member: string };
}

/** A new organisation with an owner only (the free plan's one user), and its default team. */
export async function buildBillingOrganisation(db: Kysely<Database>): Promise<{
  organisationId: string;
  everyoneTeamId: string;
  owner: User;
  ownerToken: string;
}> {
  const owner = await buildUser(db, { administrator: true });
  const everyone = await buildTeam(db, owner.organisation_id, {
    name: 'Everyone',
    default_for_new_users: true,
  });
  return {
    organisationId: owner.organisation_id,
    everyoneTeamId: everyone.id,
    owner,
    ownerToken: await buildSession(db, owner),
  };
}

/** A new organisation with an owner, another administrator and a member (rows made directly). */
export async function buildBillingRoles(db: Kysely<Database>): Promise<BillingOrganisation> {
  const base = await buildBillingOrganisation(db);
  const administrator = await buildUser(db, { organisation_id: base.organisationId, administrator: true });
  const member = await buildUser(db, { organisation_id: base.organisationId });
  return {
    organisationId: base.organisationId,
    everyoneTeamId: base.everyoneTeamId,
    owner: base.owner,
    tokens: {
      owner: base.ownerToken,
      administrator: await buildSession(db, administrator),
      member: await buildSession(db, member),
    },
  };
}

/** A valid test card (Stripe's Visa) with a British billing address; parts may be replaced. */
export function testCard(
  card: Partial<TestPaymentMethodRequest['card']> = {},
  address: Partial<TestPaymentMethodRequest['billing_details']['address']> = {},
  name: string | null = 'Ada Lovelace',
): TestPaymentMethodRequest {
  return {
    card: {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
      ...card,
    },
    billing_details: {
      name,
      address: {
        line1: '1 Analytical Row',
        line2: null,
        city: 'London',
        country: 'GB',
        postal_code: 'N1 1AA',
        ...address,
      },
    },
  };
}

/** Makes a test payment method and answers its id. */
export async function makePaymentMethod(
  app: FastifyInstance,
  token: string,
  card: TestPaymentMethodRequest = testCard(),
): Promise<string> {
  const response = await callApi(app, token, 'POST', `${BILLING_API}/test_payment_methods`, card);
  if (response.statusCode !== 200) throw new Error(`test card refused: ${response.body}`);
  return response.json().id as string;
}

/** Subscribes with a fresh test card (and a coupon) and answers the subscription. */
export async function subscribe(
  app: FastifyInstance,
  token: string,
  coupon?: string,
): Promise<Record<string, unknown>> {
  const stripeId = await makePaymentMethod(app, token);
  const response = await callApi(app, token, 'POST', `${BILLING_API}/subscriptions`, {
    stripeId,
    ...(coupon ? { coupon } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`subscription refused: ${response.body}`);
  return response.json();
}
