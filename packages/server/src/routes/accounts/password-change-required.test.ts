import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../../services/accounts/password-service.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const PASSWORD_CHANGE_REQUIRED = 'Please set a personal password before continuing.';
const newHash = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const iv = Buffer.alloc(12, 5).toString('base64');
const sealed = Buffer.alloc(1800, 6).toString('base64');

describe('must_change_password: until it is cleared the server serves only the password change', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function newcomer() {
    // An administrator added this user with a generated password the administrator knows.
    const user = await buildUser(context.db, { must_change_password: true, administrator: true });
    const token = await buildSession(context.db, user);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      context.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    return { user, token, call };
  }

  it('refuses everything else with 403 and the same message', async () => {
    const { call } = await newcomer();
    for (const [method, url, payload] of [
      ['GET', '/api/v1/vaults.json'],
      ['POST', '/api/v1/vaults.json', { vault: { name: 'Ops', assignments_attributes: [] } }],
      ['GET', '/api/v1/secrets.json'],
      ['GET', '/api/v1/secret_keys/reshare_all.json'],
      ['GET', '/api/v1/two-factor-code.json'],
      ['PUT', '/api/v1/two-factor-disable.json'],
      ['POST', '/api/v1/users.json', { user: { name: 'Eve', email: 'eve@example.test' } }],
      ['POST', '/api/v1/invitations.json', { invitation: { name: 'Eve', email: 'eve@example.test' } }],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual({ error: PASSWORD_CHANGE_REQUIRED });
    }
  });

  it('serves the profile, the password check, the password change and sign-out', async () => {
    const { user, call } = await newcomer();
    expect((await call('GET', '/api/v1/profile.json')).json()).toMatchObject({ must_change_password: true });
    expect((await call('PATCH', '/api/v1/profile.json', { user: { dark_mode: true } })).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/v1/users/verify_password.json', { password: TEST_AUTH_HASH })).json(),
    ).toEqual({ valid: true });
    // An e-mail change is not the password change: it waits too.
    const email = await call('PATCH', '/users.json', {
      user: {
        email: 'elsewhere@example.test',
        password: newHash(2),
        current_password: TEST_AUTH_HASH,
        encrypted_private_key: sealed,
        private_key_iv: iv,
      },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json()).toEqual({ error: PASSWORD_CHANGE_REQUIRED });

    const changed = await call('PATCH', '/users.json', {
      user: {
        password: newHash(3),
        current_password: TEST_AUTH_HASH,
        encrypted_private_key: sealed,
        private_key_iv: iv,
        must_change_password: false,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: user.email, must_change_password: false });
    // Cleared: the rest of the product answers again.
    expect((await call('GET', '/api/v1/two-factor-code.json')).statusCode).toBe(200);
    expect((await call('DELETE', '/users/sign_out.json')).statusCode).toBe(204);
  });

  it('refuses a password change that asks to keep the flag set, and keeps refusing the rest', async () => {
    const { call } = await newcomer();
    const changed = await call('PATCH', '/users.json', {
      user: {
        password: newHash(4),
        current_password: TEST_AUTH_HASH,
        encrypted_private_key: sealed,
        private_key_iv: iv,
        must_change_password: true,
      },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ errors: [MUST_CHANGE_PASSWORD_MESSAGE] });
    expect((await call('GET', '/api/v1/profile.json')).json()).toMatchObject({ must_change_password: true });
    expect((await call('GET', '/api/v1/two-factor-code.json')).statusCode).toBe(403);
    expect((await call('DELETE', '/users/sign_out.json')).statusCode).toBe(204);
  });
});
