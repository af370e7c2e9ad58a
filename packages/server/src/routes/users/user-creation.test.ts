import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  newUserFields,
  postSignIn,
  readMailedToken,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildOrganisation, buildSession, buildTeam, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('POST /api/v1/users (administrator adds a user)', () => {
  let context: TestContext;
  let keys: TestAccountKeys;
  let organisationId: string;
  let adminToken: string;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
    organisationId = (await buildOrganisation(context.db, { name: 'Globex' })).id;
    await buildTeam(context.db, organisationId, { name: 'Everyone', default_for_new_users: true });
    const admin = await buildUser(context.db, { organisation_id: organisationId, administrator: true });
    adminToken = await buildSession(context.db, admin);
  });
  afterAll(async () => {
    await context.close();
  });

  const add = (token: string, user: object) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/users.json',
      headers: { authorization: `Bearer ${token}` },
      payload: { user },
    });
  const fields = (email: string, extra: object = {}) => newUserFields(keys, email, extra);

  it('adds a pending user in Everyone and the chosen teams, who must confirm and change the password', async () => {
    const security = await buildTeam(context.db, organisationId, { name: 'Security' });
    const response = await add(adminToken, fields('Hank@Example.test', { team_ids: [security.id] }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // The user as the admin area shows them (core's UserDetail): Pending until confirmed.
    expect(body).toMatchObject({
      name: 'Hank',
      email: 'hank@example.test',
      administrator: false,
      data_administrator: false,
      locked: false,
      must_change_password: true,
      confirmed_at: null,
      public_key: keys.publicKey,
      permissions: [],
    });
    expect(body.teams.map((team: { name: string }) => team.name)).toEqual(['Everyone', 'Security']);
    expect(body.memberships).toHaveLength(2);
    expect(body).not.toHaveProperty('encrypted_private_key');
    expect(body).not.toHaveProperty('password_hash');
    expect((await findUserByEmail(context.db, 'hank@example.test'))?.first_time).toBe(true);

    const early = await postSignIn(context.app, { email: 'hank@example.test', password: keys.authHash });
    expect(early.json().error).toBe('You have to confirm your email address before continuing.');
    const token = await readMailedToken(context.config.dataDir, 'hank@example.test', 'confirmation_token');
    expect(
      (await context.app.inject({ method: 'GET', url: `/users/confirmation?confirmation_token=${token}` }))
        .statusCode,
    ).toBe(200);
    const signedIn = await postSignIn(context.app, { email: 'hank@example.test', password: keys.authHash });
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().must_change_password).toBe(true);
  });

  it('refuses non-administrators, duplicates, bad keys and foreign teams', async () => {
    const member = await buildUser(context.db, { organisation_id: organisationId });
    expect((await add(await buildSession(context.db, member), fields('a@example.test'))).statusCode).toBe(
      403,
    );
    expect((await add(adminToken, fields(member.email))).json()).toEqual({
      errors: ['Email has already been taken'],
    });
    expect((await add(adminToken, fields('b@example.test', { kdf_iterations: 5 }))).json()).toEqual({
      errors: ['Field Key Derivation Iterations must be at least 1000.'],
    });
    expect((await add(adminToken, fields('c@example.test', { name: '' }))).json()).toEqual({
      errors: ['Required field Name is empty.'],
    });
    const foreign = await buildTeam(context.db, (await buildOrganisation(context.db)).id);
    expect((await add(adminToken, fields('d@example.test', { team_ids: [foreign.id] }))).statusCode).toBe(
      404,
    );
    expect(await findUserByEmail(context.db, 'd@example.test')).toBeNull();
  });

  it('keeps organisations apart: another organisation’s administrator sees nothing of these users', async () => {
    const outsider = await buildUser(context.db, { administrator: true });
    const outsiderToken = await buildSession(context.db, outsider);
    const response = await add(outsiderToken, fields('e@example.test'));
    expect(response.statusCode).toBe(201);
    const created = await findUserByEmail(context.db, 'e@example.test');
    expect(created?.organisation_id).toBe(outsider.organisation_id);
    const profile = await context.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${outsiderToken}` },
    });
    expect(profile.json().organisation.id).toBe(outsider.organisation_id);
    expect(profile.json().teams).toEqual([]);
  });
});
