import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrator.js';
import type { Database } from '../../db/schema.js';
import { saveProviderCustomerId as saveStripeCustomerId } from '../../repositories/billing-customer-repository.js';
import { buildOrganisation } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { readPlanState } from '../plan-state.js';
import { mirrorSubscription } from './stripe-mirror.js';

const NOW = Math.floor(Date.now() / 1000);

// The fields of a Stripe subscription the mirror reads; the rest of Stripe's object does not matter here.
function stripeSubscription(overrides: {
  id?: string;
  status?: string;
  quantity?: number;
  nickname?: string | null;
  trialEnd?: number | null;
}): Stripe.Subscription {
  return {
    id: overrides.id ?? `sub_${randomUUID().slice(0, 8)}`,
    object: 'subscription',
    status: overrides.status ?? 'active',
    billing_cycle_anchor: NOW,
    trial_end: overrides.trialEnd ?? null,
    cancel_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: {
            id: 'price_1',
            nickname: overrides.nickname === undefined ? 'CofferPaid' : overrides.nickname,
            unit_amount: 300,
          },
          quantity: overrides.quantity ?? 1,
        },
      ],
      has_more: false,
      url: '/v1/subscription_items',
    },
  } as unknown as Stripe.Subscription;
}

describe('the Stripe mirror (billing_subscriptions)', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await database.drop();
  });

  async function organisationWithCustomer(): Promise<string> {
    const organisation = await buildOrganisation(db);
    await saveStripeCustomerId(db, organisation.id, `cus_${randomUUID().slice(0, 8)}`);
    return organisation.id;
  }

  function rows(organisationId: string) {
    return db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
  }

  it('writes a live subscription as the one row the plan limits read', async () => {
    const organisationId = await organisationWithCustomer();
    const subscription = stripeSubscription({ status: 'trialing', quantity: 3, trialEnd: NOW + 86_400 });
    await mirrorSubscription(db, organisationId, subscription);
    const [row] = await rows(organisationId);
    expect(row).toMatchObject({
      status: 'trialing',
      plan_nickname: 'CofferPaid',
      unit_amount: 300,
      quantity: 3,
      billing_cycle_anchor: new Date(NOW * 1000).toISOString(),
      trial_end: new Date((NOW + 86_400) * 1000).toISOString(),
      cancel_at: null,
      provider_subscription_id: subscription.id,
    });
    const plan = await readPlanState(db, organisationId);
    expect(plan.subscription).toMatchObject({
      id: subscription.id,
      status: 'trialing',
      billing_cycle_anchor: NOW,
      plan: { nickname: 'CofferPaid' },
      items: { data: [{ price: { unit_amount: 300 }, quantity: 3 }] },
    });
  });

  it('updates the same row in place when the same subscription changes (a repeated write changes nothing)', async () => {
    const organisationId = await organisationWithCustomer();
    const subscription = stripeSubscription({ quantity: 1 });
    await mirrorSubscription(db, organisationId, subscription);
    const [before] = await rows(organisationId);
    await mirrorSubscription(
      db,
      organisationId,
      stripeSubscription({ id: subscription.id, quantity: 6, status: 'past_due' }),
    );
    await mirrorSubscription(
      db,
      organisationId,
      stripeSubscription({ id: subscription.id, quantity: 6, status: 'past_due' }),
    );
    const after = await rows(organisationId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before?.id,
      created_at: before?.created_at,
      quantity: 6,
      status: 'past_due',
    });
  });

  it('replaces the row of another (older) subscription, and any row without a Stripe id', async () => {
    const organisationId = await organisationWithCustomer();
    const at = new Date().toISOString();
    await db
      .insertInto('billing_subscriptions')
      .values({
        id: randomUUID(),
        organisation_id: organisationId,
        status: 'active',
        plan_nickname: 'CofferPaid',
        unit_amount: 300,
        quantity: 1,
        billing_cycle_anchor: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await mirrorSubscription(db, organisationId, stripeSubscription({ id: 'sub_old' }));
    await mirrorSubscription(db, organisationId, stripeSubscription({ id: 'sub_new', quantity: 2 }));
    const after = await rows(organisationId);
    expect(after.map((row) => [row.provider_subscription_id, row.quantity])).toEqual([['sub_new', 2]]);
  });

  it('removes the row when the subscription ended or there is none: the free plan', async () => {
    for (const ended of [
      stripeSubscription({ status: 'canceled' }),
      stripeSubscription({ status: 'incomplete_expired' }),
      null,
    ]) {
      const organisationId = await organisationWithCustomer();
      await mirrorSubscription(db, organisationId, stripeSubscription({}));
      await mirrorSubscription(db, organisationId, ended);
      expect(await rows(organisationId)).toEqual([]);
      expect((await readPlanState(db, organisationId)).subscription).toBe('No Subscription');
    }
  });

  it('mirrors a price of another nickname as it is, which is not the Team Plan', async () => {
    const organisationId = await organisationWithCustomer();
    await mirrorSubscription(db, organisationId, stripeSubscription({ nickname: null }));
    expect((await rows(organisationId))[0]?.plan_nickname).toBe('');
    const plan = await readPlanState(db, organisationId);
    expect(plan.subscription).toMatchObject({ plan: { nickname: '' } });
  });

  it('leaves one row when two mirrors of one organisation run at once', async () => {
    const organisationId = await organisationWithCustomer();
    const first = stripeSubscription({ id: 'sub_race', quantity: 2 });
    const second = stripeSubscription({ id: 'sub_race', quantity: 2 });
    await Promise.all([
      mirrorSubscription(db, organisationId, first),
      mirrorSubscription(db, organisationId, second),
      mirrorSubscription(db, organisationId, first),
    ]);
    expect(await rows(organisationId)).toHaveLength(1);
  });

  it('writes the audit entry in its transaction: when the entry fails, the mirror is not written', async () => {
    const organisationId = await organisationWithCustomer();
    await expect(
      mirrorSubscription(db, organisationId, stripeSubscription({}), async () => {
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect(await rows(organisationId)).toEqual([]);
  });
});
