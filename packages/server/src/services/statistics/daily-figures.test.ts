import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '../../db/to-bool.js';
import { forgetMissingKeys } from '../../repositories/missing-key-repository.js';
import { postSignIn } from '../../test/account-helpers.js';
import { callApi, newSecretBody } from '../../test/chest-scenario.js';
import { buildChest, buildSession, fakeWrappedKey, TEST_AUTH_HASH } from '../../test/factories.js';
import { seedVariedOrganisation, type VariedOrganisation } from '../../test/statistics-seed.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import {
  countDailyEvents,
  countMissingKeysOfOrganisation,
  countSnapshotFigures,
  type SnapshotFigures,
} from './daily-figures.js';
import { addDays, dayOf } from './utc-days.js';

// Every figure against a count made here, in JavaScript, over the raw rows of the organisation:
// nothing below reuses the SQL under test.

describe('statistics figures', () => {
  let context: TestContext;
  let organisations: VariedOrganisation[];

  beforeAll(async () => {
    // Billing off: the routes driven below are not held back by the free plan's limits.
    context = await createTestContext({ env: { BILLING: 'off' } });
    organisations = [];
    for (const seed of [1, 2, 3]) organisations.push(await seedVariedOrganisation(context.db, seed));
  });
  afterAll(async () => {
    await context.close();
  });

  async function countedHere(organisationId: string): Promise<SnapshotFigures> {
    const { db } = context;
    const inOrganisation = <T extends { organisation_id: string }>(rows: T[]) =>
      rows.filter((row) => row.organisation_id === organisationId);
    const users = inOrganisation(await db.selectFrom('users').selectAll().execute());
    const secrets = inOrganisation(await db.selectFrom('secrets').selectAll().execute());
    const live = secrets.filter((secret) => secret.deleted_at === null);
    const subscriptions = inOrganisation(await db.selectFrom('billing_subscriptions').selectAll().execute());
    const charged = subscriptions.filter(
      (row) => row.plan_nickname === 'CofferPaid' && ['active', 'past_due'].includes(row.status),
    );
    return {
      users_accepted: users.filter((user) => user.confirmed_at !== null).length,
      users_pending: users.filter((user) => user.confirmed_at === null).length,
      users_locked: users.filter((user) => toBool(user.locked)).length,
      administrators: users.filter((user) => toBool(user.administrator)).length,
      two_step_users: users.filter((user) => toBool(user.otp_required_for_login)).length,
      secrets_credential: live.filter((secret) => secret.category === 'password').length,
      secrets_phone: live.filter((secret) => secret.category === 'telephone').length,
      secrets_address: live.filter((secret) => secret.category === 'address').length,
      secrets_note: live.filter((secret) => secret.category === 'note').length,
      weak_secrets: live.filter((secret) => secret.strength === 1 || secret.strength === 2).length,
      chests: inOrganisation(await db.selectFrom('vaults').selectAll().execute()).length,
      teams: inOrganisation(await db.selectFrom('teams').selectAll().execute()).length,
      missing_keys: await missingKeysCountedHere(organisationId),
      secrets_to_rotate: new Set(
        inOrganisation(await db.selectFrom('rotations').selectAll().execute())
          .filter((row) => row.outcome === null)
          .map((row) => row.secret_id),
      ).size,
      monthly_cost_pence: charged.reduce((sum, row) => sum + row.unit_amount * row.quantity, 0),
    };
  }

  // Core's reading of who must hold a key: administrators every secret; other users the secrets
  // that are not hidden, in chests of their teams or that they manage.
  async function missingKeysCountedHere(organisationId: string): Promise<number> {
    return (await missingPairsHere(organisationId)).length;
  }

  async function missingPairsHere(organisationId: string): Promise<{ secretId: string; userId: string }[]> {
    const { db } = context;
    const users = await db
      .selectFrom('users')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
    const memberships = await db.selectFrom('memberships').selectAll().execute();
    const assignments = await db.selectFrom('assignments').selectAll().execute();
    const managers = await db.selectFrom('vault_managers').selectAll().execute();
    const secrets = await db
      .selectFrom('secrets')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
    const keys = new Set(
      (await db.selectFrom('secret_keys').select(['secret_id', 'user_id']).execute()).map(
        (key) => `${key.secret_id}/${key.user_id}`,
      ),
    );
    const missing: { secretId: string; userId: string }[] = [];
    for (const secret of secrets) {
      for (const user of users) {
        const administrator = toBool(user.administrator);
        const teamIds = memberships.filter((m) => m.user_id === user.id).map((m) => m.team_id);
        const reads =
          administrator ||
          (!toBool(secret.hidden) &&
            (assignments.some((a) => a.vault_id === secret.vault_id && teamIds.includes(a.team_id)) ||
              managers.some((m) => m.vault_id === secret.vault_id && m.user_id === user.id)));
        if (reads && !keys.has(`${secret.id}/${user.id}`))
          missing.push({ secretId: secret.id, userId: user.id });
      }
    }
    return missing;
  }

  it('counts each organisation exactly as its rows say, and only its own rows', async () => {
    const counted: SnapshotFigures[] = [];
    for (const organisation of organisations) {
      const figures = await countSnapshotFigures(context.db, organisation.organisationId);
      expect(figures).toEqual(await countedHere(organisation.organisationId));
      counted.push(figures);
    }
    // The seeds really differ, and each has something of every kind to count.
    expect(new Set(counted.map((figures) => JSON.stringify(figures))).size).toBe(organisations.length);
    const sum = (key: keyof SnapshotFigures) => counted.reduce((total, figures) => total + figures[key], 0);
    for (const key of Object.keys(counted[0] ?? {}) as (keyof SnapshotFigures)[]) {
      expect(sum(key), key).toBeGreaterThan(0);
    }
  });

  it('costs nothing while trialling or without a subscription, and the list price when charged', async () => {
    const organisation = await seedVariedOrganisation(context.db, 4);
    const id = organisation.organisationId;
    const setStatus = (status: string) =>
      context.db
        .updateTable('billing_subscriptions')
        .set({ status })
        .where('organisation_id', '=', id)
        .where('status', '!=', 'canceled')
        .execute();
    const cost = async () => (await countSnapshotFigures(context.db, id)).monthly_cost_pence;
    await setStatus('trialing');
    expect(await cost()).toBe(0);
    await setStatus('past_due');
    expect(await cost()).toBe(300 * organisation.users.length);
    await setStatus('active');
    expect(await cost()).toBe(300 * organisation.users.length);
    await context.db.deleteFrom('billing_subscriptions').where('organisation_id', '=', id).execute();
    expect(await cost()).toBe(0);
  });

  it('falls to zero missing keys once every reader holds one', async () => {
    const { organisationId } = await seedVariedOrganisation(context.db, 5);
    const missing = await missingPairsHere(organisationId);
    expect(missing.length).toBeGreaterThan(0);
    expect(await countMissingKeysOfOrganisation(context.db, organisationId)).toBe(missing.length);
    const at = new Date().toISOString();
    await context.db
      .insertInto('secret_keys')
      .values(
        missing.map(({ secretId, userId }) => ({
          id: randomUUID(),
          organisation_id: organisationId,
          secret_id: secretId,
          user_id: userId,
          encrypted_value: fakeWrappedKey(),
          version: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    // Written directly, as a delivery would: the delivery's bookkeeping forgets the pairs.
    await forgetMissingKeys(
      context.db,
      organisationId,
      missing.map(({ secretId, userId }) => ({ secret_id: secretId, user_id: userId })),
    );
    expect(await countMissingKeysOfOrganisation(context.db, organisationId)).toBe(0);
  });

  it('counts sign-ins, secrets created and secrets marked for deletion per day, from what the routes audit', async () => {
    const { owner, organisationId } = organisations[1] as VariedOrganisation;
    const other = organisations[2] as VariedOrganisation;
    const today = dayOf(new Date());
    const before = (await countDailyEvents(context.db, organisationId, today, today)).get(today);

    // Two sign-ins here, one in another organisation (by someone without two-step).
    const canSignIn = (user: VariedOrganisation['owner']) =>
      user.confirmed_at !== null && !user.locked && !user.otp_required_for_login;
    const elsewhere = other.users.find(canSignIn);
    if (!elsewhere || !canSignIn(owner)) throw new Error('the seeds changed: no one to sign in as');
    for (const user of [owner, owner, elsewhere]) {
      const signedIn = await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH });
      expect(signedIn.statusCode).toBe(201);
    }
    // Three secrets created through the API (a chest only administrators read), one marked for deletion.
    const token = await buildSession(context.db, owner);
    const chest = await buildChest(context.db, organisationId);
    const administrators = await context.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('administrator', '=', true)
      .execute();
    const created: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const body = newSecretBody(
        chest.id,
        administrators.map((user) => user.id),
        { name: `Created secret ${index}` },
      );
      const answer = await callApi(context.app, token, 'POST', '/api/v1/secrets.json', body);
      expect(answer.statusCode).toBe(201);
      created.push(String(body.secret.id));
    }
    const marked = await callApi(
      context.app,
      token,
      'POST',
      `/api/v1/secrets/${created[0]}/mark_for_deletion.json`,
    );
    expect(marked.statusCode).toBe(200);
    // A secret marked and then restored still counts its marking; the restore counts nothing.
    await callApi(context.app, token, 'POST', `/api/v1/secrets/${created[1]}/mark_for_deletion.json`);
    await callApi(context.app, token, 'POST', `/api/v1/secrets/${created[1]}/unmark_for_deletion.json`);

    // Entries of two days ago count on that day only; another organisation's never.
    const twoDaysAgo = addDays(today, -2);
    await context.db
      .insertInto('audit_log_entries')
      .values(
        [organisationId, organisationId, other.organisationId].map((organisation) => ({
          id: randomUUID(),
          organisation_id: organisation,
          user_id: owner.id,
          user_string: 'Someone (someone@example.test)',
          action: 'Signed in',
          object_type: 'User',
          object_id: owner.id,
          created_at: `${twoDaysAgo}T23:59:59.999Z`,
        })),
      )
      .execute();

    const events = await countDailyEvents(context.db, organisationId, twoDaysAgo, today);
    expect(events.get(today)).toEqual({
      sign_ins: (before?.sign_ins ?? 0) + 2,
      secrets_created: (before?.secrets_created ?? 0) + 3,
      secrets_removed: (before?.secrets_removed ?? 0) + 2,
    });
    expect(events.get(twoDaysAgo)).toEqual({ sign_ins: 2, secrets_created: 0, secrets_removed: 0 });
    expect(events.has(addDays(today, -1))).toBe(false);
  });
});
