import { CHESTS_LIMIT_MESSAGE, USERS_LIMIT_MESSAGE } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrganisationRows } from '../../repositories/organisation-repository.js';
import {
  getTestAccountKeys,
  postRegistration,
  readMailedToken,
  registrationFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { BILLING_API, buildBillingOrganisation, subscribe } from '../../test/billing-fixtures.js';
import { callApi, newSecretBody } from '../../test/chest-scenario.js';
import { buildChest, buildInvitation, buildSecret, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Organisation = Awaited<ReturnType<typeof buildBillingOrganisation>>;

function limitTests(billing: 'local' | 'off') {
  let context: TestContext;
  let keys: TestAccountKeys;
  let counter = 0;

  beforeAll(async () => {
    [context, keys] = await Promise.all([
      createTestContext({ env: { BILLING: billing } }),
      getTestAccountKeys(),
    ]);
  });
  afterAll(async () => {
    await context.close();
  });

  const newChest = (org: Organisation) =>
    callApi(context.app, org.ownerToken, 'POST', '/api/v1/vaults', {
      vault: {
        name: `Chest ${++counter}`,
        assignments_attributes: [{ team_id: org.everyoneTeamId, edit_access: true }],
      },
    });
  const newSecret = (org: Organisation, chestId: string) =>
    callApi(context.app, org.ownerToken, 'POST', '/api/v1/secrets', newSecretBody(chestId, [org.owner.id]));
  const newUser = (org: Organisation) =>
    callApi(context.app, org.ownerToken, 'POST', '/api/v1/users', {
      user: {
        name: 'Hank',
        email: `hank-${++counter}@example.test`,
        password: keys.authHash,
        public_key: keys.publicKey,
        encrypted_private_key: keys.encrypted_private_key,
        private_key_iv: keys.private_key_iv,
        kdf_iterations: 600_000,
      },
    });
  const invite = (org: Organisation) =>
    callApi(context.app, org.ownerToken, 'POST', '/api/v1/invitations', {
      invitation: { name: 'Ivy', email: `ivy-${++counter}@example.test` },
    });
  const startTrial = (org: Organisation) =>
    callApi(context.app, org.ownerToken, 'POST', `${BILLING_API}/subscriptions`);
  const cancel = (org: Organisation) =>
    callApi(context.app, org.ownerToken, 'DELETE', `${BILLING_API}/subscriptions`);

  /** A chest with `count` live secrets of the owner, made directly. */
  async function chestWithSecrets(org: Organisation, count: number): Promise<string> {
    const chest = await buildChest(context.db, org.organisationId);
    for (let i = 0; i < count; i += 1) await buildSecret(context.db, org.owner, chest.id);
    return chest.id;
  }

  async function liveSecrets(org: Organisation): Promise<number> {
    const row = await context.db
      .selectFrom('secrets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organisation_id', '=', org.organisationId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  function expectRefusal(response: { statusCode: number; json(): unknown }, message: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  }

  if (billing === 'off') {
    it('has no limits at all', async () => {
      const org = await buildBillingOrganisation(context.db);
      for (let i = 0; i < 3; i += 1) expect((await newChest(org)).statusCode).toBe(201);
      const chestId = await chestWithSecrets(org, 25);
      expect((await newSecret(org, chestId)).statusCode).toBe(201);
      expect((await newUser(org)).statusCode).toBe(201);
      expect((await invite(org)).statusCode).toBe(201);
    });
    return;
  }

  it('allows the free plan one chest, 25 live secrets and one user', async () => {
    const org = await buildBillingOrganisation(context.db);
    expect((await newChest(org)).statusCode).toBe(201);
    expectRefusal(await newChest(org), CHESTS_LIMIT_MESSAGE);
    const chestId = await chestWithSecrets(org, 24);
    expect((await newSecret(org, chestId)).statusCode).toBe(201);
    expectRefusal(await newSecret(org, chestId), CHESTS_LIMIT_MESSAGE);
    expect(await liveSecrets(org)).toBe(25);
    expectRefusal(await newUser(org), USERS_LIMIT_MESSAGE);
    expectRefusal(await invite(org), USERS_LIMIT_MESSAGE);
    const rows = await context.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', org.organisationId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets an expired invitation hold no seat until it is resent, and counts a resent pending one once', async () => {
    const org = await buildBillingOrganisation(context.db);
    const expired = await buildInvitation(context.db, org.owner, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    const resend = (id: string) =>
      callApi(context.app, org.ownerToken, 'POST', `/api/v1/invitations/${id}/resend`);
    // The free plan's one seat is the owner's: the expired invitation may not take another.
    expectRefusal(await resend(expired.invitation.id), USERS_LIMIT_MESSAGE);

    await startTrial(org);
    for (let i = 0; i < 48; i += 1) await buildUser(context.db, { organisation_id: org.organisationId });
    expect((await resend(expired.invitation.id)).statusCode).toBe(200);
    // 49 accounts and the invitation: all 50 seats taken, and resending it again takes no 51st.
    expect((await resend(expired.invitation.id)).statusCode).toBe(200);
    expectRefusal(await invite(org), USERS_LIMIT_MESSAGE);
  });

  it('counts a restored secret as a new one, and a secret in Deleted Secrets as none', async () => {
    const org = await buildBillingOrganisation(context.db);
    const chestId = await chestWithSecrets(org, 24);
    const deleted = await buildSecret(context.db, org.owner, chestId, {
      deleted_at: new Date().toISOString(),
    });
    expect((await newSecret(org, chestId)).statusCode).toBe(201);
    const restore = await callApi(
      context.app,
      org.ownerToken,
      'POST',
      `/api/v1/secrets/${deleted.id}/unmark_for_deletion`,
    );
    expectRefusal(restore, CHESTS_LIMIT_MESSAGE);
  });

  it('lifts the chest and secret limits during the trial, and counts users up to 50', async () => {
    const org = await buildBillingOrganisation(context.db);
    expect((await startTrial(org)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await newChest(org)).statusCode).toBe(201);
    const chestId = await chestWithSecrets(org, 25);
    expect((await newSecret(org, chestId)).statusCode).toBe(201);
    for (let i = 0; i < 47; i += 1) await buildUser(context.db, { organisation_id: org.organisationId });
    // 48 accounts and one pending invitation: the invitation holds the 49th seat.
    expect((await invite(org)).statusCode).toBe(201);
    expect((await newUser(org)).statusCode).toBe(201);
    expectRefusal(await invite(org), USERS_LIMIT_MESSAGE);
    expectRefusal(await newUser(org), USERS_LIMIT_MESSAGE);
  });

  it('keeps every row after cancelling, readable and changeable, and refuses new ones', async () => {
    const org = await buildBillingOrganisation(context.db);
    await startTrial(org);
    const chests = [];
    for (let i = 0; i < 3; i += 1) chests.push((await newChest(org)).json().id as string);
    const chestId = chests[0] ?? '';
    await chestWithSecrets(org, 30);
    expect((await newUser(org)).statusCode).toBe(201);
    expect((await cancel(org)).json()).toBe('No Subscription');

    const list = await callApi(context.app, org.ownerToken, 'GET', '/api/v1/vaults?everything=true');
    expect(list.json().total).toBe(4);
    expect(await liveSecrets(org)).toBe(30);
    const rename = await callApi(context.app, org.ownerToken, 'PUT', `/api/v1/vaults/${chestId}`, {
      vault: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    expectRefusal(await newChest(org), CHESTS_LIMIT_MESSAGE);
    expectRefusal(await newSecret(org, chestId), CHESTS_LIMIT_MESSAGE);
    expectRefusal(await newUser(org), USERS_LIMIT_MESSAGE);
  });

  it('lets an invitee join during the trial, counted in the quantity, and refuses one once it lapsed', async () => {
    const org = await buildBillingOrganisation(context.db);
    await startTrial(org);
    const accept = async () => {
      const email = (await invite(org)).json().email as string;
      const token = await readMailedToken(context.config.dataDir, email, 'invitation_token');
      return postRegistration(
        context.app,
        registrationFields(keys, {
          'user[email]': email,
          'user[name]': undefined,
          'user[owned_organisation_attributes][name]': undefined,
          'user[invitation_token]': token,
        }),
      );
    };
    expect((await accept()).statusCode).toBeLessThan(300);
    const trial = await context.db
      .selectFrom('billing_subscriptions')
      .select(['id', 'quantity'])
      .where('organisation_id', '=', org.organisationId)
      .executeTakeFirstOrThrow();
    expect(trial.quantity).toBe(2);

    // The next invitation is sent on the trial; the trial then ends before it is accepted.
    const email = (await invite(org)).json().email as string;
    const token = await readMailedToken(context.config.dataDir, email, 'invitation_token');
    await context.db
      .updateTable('billing_subscriptions')
      .set({ trial_end: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', trial.id)
      .execute();
    const late = await postRegistration(
      context.app,
      registrationFields(keys, {
        'user[email]': email,
        'user[name]': undefined,
        'user[owned_organisation_attributes][name]': undefined,
        'user[invitation_token]': token,
      }),
    );
    expectRefusal(late, USERS_LIMIT_MESSAGE);
  });

  it('keeps the quantity equal to the accounts as users come and go', async () => {
    const org = await buildBillingOrganisation(context.db);
    await subscribe(context.app, org.ownerToken);
    const quantity = async () =>
      (
        await context.db
          .selectFrom('billing_subscriptions')
          .select('quantity')
          .where('organisation_id', '=', org.organisationId)
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow()
      ).quantity;
    expect(await quantity()).toBe(1);
    const added = (await newUser(org)).json();
    expect(await quantity()).toBe(2);
    const removed = await callApi(context.app, org.ownerToken, 'DELETE', `/api/v1/users/${added.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await quantity()).toBe(1);
  });

  it.each([
    ['chest', 0],
    ['secret', 24],
  ] as const)(
    'lets exactly one of three concurrent requests take the last free %s slot',
    async (kind, existing) => {
      const org = await buildBillingOrganisation(context.db);
      const chestId = await chestWithSecrets(org, existing);
      if (kind === 'chest') await context.db.deleteFrom('vaults').where('id', '=', chestId).execute();
      const race = () => (kind === 'chest' ? newChest(org) : newSecret(org, chestId));
      const responses = await Promise.all([race(), race(), race()]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 400, 400]);
      const table = kind === 'chest' ? 'vaults' : 'secrets';
      const rows = await context.db
        .selectFrom(table)
        .select('id')
        .where('organisation_id', '=', org.organisationId)
        .execute();
      expect(rows).toHaveLength(kind === 'chest' ? 1 : 25);
    },
  );

  it('lets exactly one of three concurrent invitations take the 50th seat', async () => {
    const org = await buildBillingOrganisation(context.db);
    await startTrial(org);
    for (let i = 0; i < 48; i += 1) await buildUser(context.db, { organisation_id: org.organisationId });
    const statuses = (await Promise.all([invite(org), invite(org), invite(org)]))
      .map((r) => r.statusCode)
      .sort();
    expect(statuses).toEqual([201, 400, 400]);
  });

  it('removes every billing row with the organisation', async () => {
    const org = await buildBillingOrganisation(context.db);
    await subscribe(context.app, org.ownerToken, 'WELCOME10');
    await context.db.transaction().execute((trx) => deleteOrganisationRows(trx, org.organisationId));
    for (const table of [
      'billing_customers',
      'billing_subscriptions',
      'billing_payment_methods',
      'billing_invoices',
    ] as const) {
      const rows = await context.db
        .selectFrom(table)
        .selectAll()
        .where('organisation_id', '=', org.organisationId)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
}

describe('plan limits (BILLING=local)', () => limitTests('local'));
describe('plan limits (BILLING=off)', () => limitTests('off'));
