import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { findUserByEmail } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  postRegistration,
  postSignIn,
  readMailedToken,
  registrationFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildOrganisation, buildSession, buildTeam, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('invitations', () => {
  let context: TestContext;
  let keys: TestAccountKeys;
  let organisationId: string;
  let everyoneId: string;
  let adminToken: string;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
    const organisation = await buildOrganisation(context.db, { name: 'Initech' });
    organisationId = organisation.id;
    everyoneId = (
      await buildTeam(context.db, organisationId, { name: 'Everyone', default_for_new_users: true })
    ).id;
    const admin = await buildUser(context.db, {
      organisation_id: organisationId,
      administrator: true,
      name: 'Bill',
    });
    adminToken = await buildSession(context.db, admin);
  });
  afterAll(async () => {
    await context.close();
  });

  const invite = (token: string, invitation: object) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/invitations.json',
      headers: { authorization: `Bearer ${token}` },
      payload: { invitation },
    });
  const details = (token: string) =>
    context.app.inject({ method: 'GET', url: `/api/v1/invitations/${encodeURIComponent(token)}.json` });
  const accept = (token: string, overrides: Record<string, string | undefined> = {}) =>
    postRegistration(
      context.app,
      registrationFields(keys, {
        'user[email]': 'peter@example.test',
        'user[name]': undefined,
        'user[owned_organisation_attributes][name]': undefined,
        'user[invitation_token]': token,
        ...overrides,
      }),
    );

  it('invites, shows the invitation, and the invitee joins with the chosen teams, confirmed, once', async () => {
    const ops = await buildTeam(context.db, organisationId, { name: 'Ops' });
    const response = await invite(adminToken, {
      name: 'Peter',
      email: 'Peter@Example.test',
      team_ids: [ops.id],
    });
    expect(response.statusCode).toBe(201);
    const invitation = response.json();
    expect(invitation).toMatchObject({
      name: 'Peter',
      email: 'peter@example.test',
      team_ids: [ops.id],
      inviter: 'Bill',
    });
    expect(JSON.stringify(invitation)).not.toMatch(/token/);

    const mail = (await readOutbox(context.config.dataDir)).find((entry) =>
      entry.to.includes('peter@example.test'),
    );
    expect(mail?.subject).toBe('Bill invited you to Initech on Coffer');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:8080\/register\?invitation_token=[A-Za-z0-9_-]{43}$/);
    const token = await readMailedToken(context.config.dataDir, 'peter@example.test', 'invitation_token');

    const shown = await details(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      company: 'Initech',
      name: 'Peter',
      email: 'peter@example.test',
      inviter: 'Bill',
    });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().confirmed_at).not.toBeNull();
    const user = await findUserByEmail(context.db, 'peter@example.test');
    expect(user).toMatchObject({
      organisation_id: organisationId,
      name: 'Peter',
      administrator: false,
      first_time: true,
    });
    const teams = await context.db
      .selectFrom('memberships')
      .select('team_id')
      .where('user_id', '=', user?.id ?? '')
      .execute();
    expect(teams.map((row) => row.team_id).sort()).toEqual([everyoneId, ops.id].sort());
    expect(
      (await postSignIn(context.app, { email: 'peter@example.test', password: keys.authHash })).statusCode,
    ).toBe(201);

    const again = await accept(token, { 'user[email]': 'peter2@example.test' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['Invitation token is invalid'] });
    expect((await details(token)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or expired invitation, and refuses to register with it', async () => {
    expect((await details('A'.repeat(43))).json()).toEqual({ error: 'Not found' });
    await invite(adminToken, { name: 'Late', email: 'late@example.test' });
    const token = await readMailedToken(context.config.dataDir, 'late@example.test', 'invitation_token');
    await context.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late@example.test')
      .execute();
    expect((await details(token)).statusCode).toBe(404);
    expect((await accept(token, { 'user[email]': 'late@example.test' })).json()).toEqual({
      errors: ['Invitation token is invalid'],
    });
  });

  it('keeps only the newest invitation of an address working', async () => {
    await invite(adminToken, { name: 'Twice', email: 'twice@example.test' });
    const first = await readMailedToken(context.config.dataDir, 'twice@example.test', 'invitation_token');
    await invite(adminToken, { name: 'Twice', email: 'twice@example.test' });
    const second = await readMailedToken(context.config.dataDir, 'twice@example.test', 'invitation_token');
    expect((await details(first)).statusCode).toBe(404);
    expect((await details(second)).statusCode).toBe(200);
  });

  it('needs the invited address and the registration fields', async () => {
    await invite(adminToken, { name: 'Mia', email: 'mia@example.test' });
    const token = await readMailedToken(context.config.dataDir, 'mia@example.test', 'invitation_token');
    expect((await accept(token, { 'user[email]': 'someone-else@example.test' })).json()).toEqual({
      errors: ['Email does not match the invitation.'],
    });
    expect(
      (await accept(token, { 'user[email]': 'mia@example.test', 'user[termsOfService]': undefined })).json(),
    ).toEqual({
      errors: ['Required field Terms of Service is empty.'],
    });
    expect(
      (await accept(token, { 'user[email]': 'mia@example.test', 'user[public_key]': 'AAAA' })).json(),
    ).toEqual({
      errors: ['Field Public Key is invalid.'],
    });
    // Nothing was used up by the refusals.
    expect((await accept(token, { 'user[email]': 'mia@example.test' })).statusCode).toBe(201);
  });

  it('refuses non-administrators, taken addresses, bad fields and teams of another organisation', async () => {
    const member = await buildUser(context.db, { organisation_id: organisationId });
    const forbidden = await invite(await buildSession(context.db, member), {
      name: 'X',
      email: 'x@example.test',
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await invite(adminToken, { name: 'Dup', email: member.email })).json()).toEqual({
      errors: ['Email has already been taken'],
    });
    expect((await invite(adminToken, { name: '', email: 'y@example.test' })).json()).toEqual({
      errors: ['Required field Name is empty.'],
    });
    expect((await invite(adminToken, { name: 'Y', email: 'nope' })).json()).toEqual({
      errors: ['Field Email is not a valid email.'],
    });
    const foreign = await buildTeam(context.db, (await buildOrganisation(context.db)).id);
    const response = await invite(adminToken, { name: 'Z', email: 'z@example.test', team_ids: [foreign.id] });
    expect(response.statusCode).toBe(404);
    expect(
      await context.db.selectFrom('invitations').select('id').where('email', '=', 'z@example.test').execute(),
    ).toHaveLength(0);
  });
});
