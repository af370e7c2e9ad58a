import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMembership,
  buildOrganisation,
  buildSession,
  buildTeam,
  buildUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('GET and PATCH /api/v1/profile', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedIn(overrides = {}) {
    const user = await buildUser(context.db, overrides);
    const token = await buildSession(context.db, user);
    const call = (method: 'GET' | 'PATCH', payload?: object) =>
      context.app.inject({
        method,
        url: '/api/v1/profile.json',
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    return { user, call };
  }

  it('answers the profile with the organisation settings and teams, and nothing secret', async () => {
    const organisation = await buildOrganisation(context.db, { name: 'Acme', inactivity_length: -1 });
    const { user, call } = await signedIn({
      organisation_id: organisation.id,
      name: 'Grace',
      dark_mode: true,
    });
    const team = await buildTeam(context.db, organisation.id, { name: 'Ops' });
    await buildMembership(context.db, user, team.id);
    const response = await call('GET');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'administrator',
        'confirmed_at',
        'created_at',
        'dark_mode',
        'data_administrator',
        'email',
        'encrypted_private_key',
        'first_time',
        'has_secret',
        'id',
        'inactivity_length',
        'kdf_iterations',
        'locked',
        'must_change_password',
        'name',
        'organisation',
        'otp_required_for_login',
        'owner_id',
        'pending_email',
        'private_key_iv',
        'public_key',
        'teams',
        'tutorial',
        'updated_at',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: user.id,
      name: 'Grace',
      dark_mode: true,
      inactivity_length: -1,
      owner_id: '',
      organisation: { id: organisation.id, name: 'Acme' },
      teams: [{ id: team.id, name: 'Ops' }],
    });
  });

  it('changes dark mode, onboarding flags and the name, and audits it', async () => {
    const { user, call } = await signedIn();
    const response = await call('PATCH', {
      user: { dark_mode: true, first_time: false, tutorial: true, name: '  Margaret  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      dark_mode: true,
      first_time: false,
      tutorial: true,
      name: 'Margaret',
    });
    expect((await call('GET')).json()).toMatchObject({ dark_mode: true, name: 'Margaret' });
    const audit = await context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'Updated own profile: name to Margaret, dark mode on, first time off, tutorial on',
    ]);
  });

  it('never lets a user make themselves administrator or unlock themselves', async () => {
    const { user, call } = await signedIn();
    const response = await call('PATCH', {
      user: {
        administrator: true,
        data_administrator: true,
        locked: false,
        email: 'x@example.test',
        dark_mode: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await context.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.administrator)).toBe(false);
    expect(Boolean(row.data_administrator)).toBe(false);
    expect(row.email).toBe(user.email);
    expect(Boolean(row.dark_mode)).toBe(true);
  });

  it('validates the name with the spec messages', async () => {
    const { call } = await signedIn();
    const empty = await call('PATCH', { user: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: ['Required field Name is empty.'] });
    const long = await call('PATCH', { user: { name: 'n'.repeat(256) } });
    expect(long.json()).toEqual({ errors: ['Field Name exceeds the maximum of 255 characters.'] });
    const flag = await call('PATCH', { user: { dark_mode: 'sometimes' } });
    expect(flag.statusCode).toBe(400);
  });

  it('needs a session, and a locked user is refused', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/profile.json' })).statusCode).toBe(401);
    const { call } = await signedIn({ locked: true });
    const response = await call('GET');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Your account has been locked. Please contact your administrator.');
  });
});
