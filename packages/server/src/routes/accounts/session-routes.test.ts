import { openPrivateKey } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/session-token.js';
import { findUserByEmail } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  postSignIn,
  readBearer,
  registerConfirmedOwner,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const INVALID = 'Invalid Email or password.';
const LOCKED = 'Your account has been locked. Please contact your administrator.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('sessions: prelogin, two-factor check, sign-in, sign-out', () => {
  let context: TestContext;
  let keys: TestAccountKeys;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
    await registerConfirmedOwner(context.app, context.config.dataDir, keys, keys.email);
  });
  afterAll(async () => {
    await context.close();
  });

  const profile = (token: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/v1/profile.json',
      headers: { authorization: `Bearer ${token}` },
    });

  it('prelogin answers the account iterations', async () => {
    const user = await buildUser(context.db, { kdf_iterations: 700_000 });
    for (const [email, expected] of [
      [user.email.toUpperCase(), 700_000],
      [` ${user.email} `, 700_000],
      [keys.email, 600_000],
    ] as const) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/prelogin',
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kdf_iterations: expected });
    }
  });

  it('two-factor check says whether the credentials are right, and nothing more', async () => {
    const check = (email: string, password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/two-factor-check.json',
        payload: { email, password },
      });
    expect((await check(keys.email, keys.authHash)).json()).toEqual({ '2faRequired': false, valid: true });
    expect((await check(keys.email, TEST_AUTH_HASH)).json()).toEqual({ '2faRequired': false, valid: false });
    expect((await check('nobody@example.test', keys.authHash)).json()).toEqual({
      '2faRequired': false,
      valid: false,
    });
    const twoFactor = await buildUser(context.db, { otp_required_for_login: true });
    expect((await check(twoFactor.email, TEST_AUTH_HASH)).json()).toEqual({
      '2faRequired': true,
      valid: true,
    });
    expect((await check(twoFactor.email, keys.authHash)).json()).toEqual({
      '2faRequired': false,
      valid: false,
    });
  });

  it('signs in with 201, the token in the Authorization header, and the profile with the sealed key', async () => {
    const response = await postSignIn(context.app, { email: keys.email, password: keys.authHash });
    expect(response.statusCode).toBe(201);
    const token = readBearer(response);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = response.json();
    expect(body).toMatchObject({
      email: keys.email,
      name: 'Ada Lovelace',
      administrator: true,
      first_time: true,
      dark_mode: false,
      encrypted_private_key: keys.encrypted_private_key,
      private_key_iv: keys.private_key_iv,
      kdf_iterations: 600_000,
      public_key: keys.publicKey,
      inactivity_length: 10,
      otp_required_for_login: false,
      organisation: { name: 'Analytical Engines' },
      teams: [{ name: 'Everyone' }],
    });
    expect(body.owner_id).toBe(body.id);
    for (const hidden of [
      'password_hash',
      'otp_secret_encrypted',
      'confirmation_token_hash',
      'otp_last_step',
    ]) {
      expect(body).not.toHaveProperty(hidden);
    }
    // The browser can open its private key from what sign-in answered.
    const privateKey = await openPrivateKey(body, keys.encryptionKey);
    expect(privateKey.extractable).toBe(false);

    const stored = await context.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(stored?.user_id).toBe(body.id);
    const check = await profile(token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual(body);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    for (const user of [
      { email: keys.email, password: TEST_AUTH_HASH },
      { email: 'nobody@example.test', password: keys.authHash },
    ]) {
      const response = await postSignIn(context.app, user);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [INVALID], error: INVALID });
      expect(response.headers.authorization).toBeUndefined();
    }
  });

  it('validates the login form with the spec messages', async () => {
    const response = await postSignIn(context.app, { email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Field Email is not a valid email.'] });
    const empty = await context.app.inject({
      method: 'POST',
      url: '/users/sign_in.json',
      payload: { user: {} },
    });
    expect(empty.json()).toEqual({ errors: ['Required field Email is empty.'] });
  });

  it('refuses a locked user once the password is right, and only then', async () => {
    const user = await buildUser(context.db, { locked: true });
    const right = await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ errors: [LOCKED], error: LOCKED });
    const wrong = await postSignIn(context.app, { email: user.email, password: keys.authHash });
    expect(wrong.json()).toEqual({ errors: [INVALID], error: INVALID });
    const check = await context.app.inject({
      method: 'POST',
      url: '/api/v1/two-factor-check',
      payload: { email: user.email, password: TEST_AUTH_HASH },
    });
    expect(check.statusCode).toBe(401);
    expect(check.json().error).toBe(LOCKED);
  });

  it('signs out with 204 and the token stops working', async () => {
    const token = readBearer(await postSignIn(context.app, { email: keys.email, password: keys.authHash }));
    const out = await context.app.inject({
      method: 'DELETE',
      url: '/users/sign_out.json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    const after = await profile(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('You need to sign in or sign up before continuing.');
    const session = await context.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(session?.revoked_reason).toBe('logout');
    const user = await findUserByEmail(context.db, keys.email);
    const actions = await context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('user_id', '=', user?.id ?? '')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['Signed in', 'Signed out']));
  });

  it('answers Signature has expired after the idle time or the 12-hour lifetime', async () => {
    const token = readBearer(await postSignIn(context.app, { email: keys.email, password: keys.authHash }));
    await context.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await profile(token)).json().error).toBe('Signature has expired');
    const idle = readBearer(await postSignIn(context.app, { email: keys.email, password: keys.authHash }));
    await context.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('token_hash', '=', hashToken(idle))
      .execute();
    expect((await profile(idle)).json().error).toBe('Signature has expired');
  });
});

describe('prelogin: an unknown e-mail cannot be told from an account', () => {
  let context: TestContext;
  const prelogin = async (email: string, remoteAddress = '10.3.0.1') => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/prelogin.json',
      payload: { email },
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    return response.json().kdf_iterations as number;
  };

  beforeAll(async () => {
    context = await createTestContext();
    // Half the accounts of this server use a figure other than the default.
    for (const kdf_iterations of [700_000, 700_000, 700_000, 600_000, 600_000, 600_000]) {
      await buildUser(context.db, { kdf_iterations });
    }
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers unknown e-mails with figures real accounts have, the same each time', async () => {
    const answers = new Map<string, number>();
    for (let index = 0; index < 40; index += 1) {
      const email = `nobody-${index}@example.test`;
      answers.set(email, await prelogin(email, `10.3.1.${index}`));
    }
    const figures = new Set(answers.values());
    // A non-default figure no longer proves that an account exists: unknown e-mails get it too.
    expect(figures).toEqual(new Set([600_000, 700_000]));
    for (const [email, figure] of answers) {
      expect(await prelogin(email.toUpperCase())).toBe(figure);
      expect(await prelogin(` ${email} `)).toBe(figure);
    }
  });
});

describe('prelogin rate limits', () => {
  it('stops an address after the configured attempts', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_PRELOGIN_PER_IP: '2/15m' } });
    try {
      const user = await buildUser(context.db);
      const prelogin = (email: string, remoteAddress: string) =>
        context.app.inject({ method: 'POST', url: '/api/v1/prelogin', payload: { email }, remoteAddress });
      expect((await prelogin(user.email, '10.4.0.1')).statusCode).toBe(200);
      expect((await prelogin('nobody@example.test', '10.4.0.1')).statusCode).toBe(200);
      const refused = await prelogin(user.email, '10.4.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ errors: [TOO_MANY] });
      expect((await prelogin(user.email, '10.4.0.2')).statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('stops an e-mail after the configured attempts, whether or not it has an account', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_PRELOGIN_PER_ACCOUNT: '2/15m' } });
    try {
      const user = await buildUser(context.db);
      const prelogin = (email: string, remoteAddress: string) =>
        context.app.inject({ method: 'POST', url: '/api/v1/prelogin', payload: { email }, remoteAddress });
      for (const email of [user.email, 'nobody@example.test']) {
        const statuses = [];
        for (let attempt = 0; attempt < 3; attempt += 1) {
          statuses.push((await prelogin(email, `10.5.${attempt}.1`)).statusCode);
        }
        expect(statuses).toEqual([200, 200, 429]);
      }
      expect((await prelogin(`other-${user.email}`, '10.5.9.1')).statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });
});

describe('sign-in rate limits', () => {
  it('stops an account after the configured failures, whatever the address', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3/15m' } });
    try {
      const user = await buildUser(context.db);
      const wrong = { email: user.email, password: Buffer.alloc(32, 9).toString('base64') };
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await postSignIn(context.app, wrong, `10.1.0.${attempt}`)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const right = await postSignIn(
        context.app,
        { email: user.email, password: TEST_AUTH_HASH },
        '10.1.0.99',
      );
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ errors: [TOO_MANY] });
      // Another account is not affected.
      const other = await buildUser(context.db);
      expect(
        (await postSignIn(context.app, { email: other.email, password: TEST_AUTH_HASH })).statusCode,
      ).toBe(201);
    } finally {
      await context.close();
    }
  });

  it('does not count successful sign-ins against the account', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '2/15m' } });
    try {
      const user = await buildUser(context.db);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect(
          (await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode,
        ).toBe(201);
      }
    } finally {
      await context.close();
    }
  });

  it('stops an address after the configured attempts', async () => {
    const context = await createTestContext({
      env: { RATE_LIMIT_SIGN_IN_PER_IP: '2/15m', RATE_LIMIT_TWO_FACTOR_CHECK_PER_IP: '1/15m' },
    });
    try {
      const user = await buildUser(context.db);
      const good = { email: user.email, password: TEST_AUTH_HASH };
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await postSignIn(context.app, good, '10.2.0.1')).statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect((await postSignIn(context.app, good, '10.2.0.2')).statusCode).toBe(201);
      const check = () =>
        context.app.inject({
          method: 'POST',
          url: '/api/v1/two-factor-check',
          payload: good,
          remoteAddress: '10.2.0.3',
        });
      expect((await check()).statusCode).toBe(200);
      const refused = await check();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ errors: [TOO_MANY] });
    } finally {
      await context.close();
    }
  });

  it('limits failed two-factor checks per account', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_TWO_FACTOR_CHECK_PER_ACCOUNT: '2/15m' } });
    try {
      const user = await buildUser(context.db);
      const check = (password: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/v1/two-factor-check',
          payload: { email: user.email, password },
        });
      const wrong = Buffer.alloc(32, 3).toString('base64');
      expect((await check(wrong)).json().valid).toBe(false);
      expect((await check(wrong)).json().valid).toBe(false);
      expect((await check(TEST_AUTH_HASH)).statusCode).toBe(429);
    } finally {
      await context.close();
    }
  });
});
