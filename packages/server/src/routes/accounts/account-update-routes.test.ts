import { DEFAULT_KDF_ITERATIONS, deriveAccountKeys, openPrivateKey, resealPrivateKey } from '@coffer/core';
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
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';
const newHash = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const iv = Buffer.alloc(12, 5).toString('base64');
const sealed = Buffer.alloc(1800, 6).toString('base64');

describe('PATCH /users and verify_password', () => {
  let context: TestContext;
  let keys: TestAccountKeys;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
  });
  afterAll(async () => {
    await context.close();
  });

  const patch = (token: string, user: object) =>
    context.app.inject({
      method: 'PATCH',
      url: '/users.json',
      headers: { authorization: `Bearer ${token}` },
      payload: { user },
    });
  const profile = (token: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${token}` },
    });

  it('changes the password with a re-sealed private key, ending every other session', async () => {
    await registerConfirmedOwner(context.app, context.config.dataDir, keys, keys.email);
    const current = readBearer(await postSignIn(context.app, { email: keys.email, password: keys.authHash }));
    const other = readBearer(await postSignIn(context.app, { email: keys.email, password: keys.authHash }));

    // What the browser does (docs/crypto.md): derive the new keys and re-seal the same private key.
    const next = await deriveAccountKeys({
      email: keys.email,
      password: 'a brand new passphrase',
      iterations: DEFAULT_KDF_ITERATIONS,
    });
    const resealed = await resealPrivateKey(
      keys,
      keys.encryptionKey,
      next.encryptionKey,
      DEFAULT_KDF_ITERATIONS,
    );
    const response = await patch(current, {
      password: next.authHash,
      current_password: keys.authHash,
      ...resealed,
      must_change_password: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: keys.email, ...resealed, must_change_password: false });

    expect((await profile(current)).statusCode).toBe(200);
    const ended = await profile(other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toBe(SIGN_IN_REQUIRED);
    const revoked = await context.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('token_hash', '=', hashToken(other))
      .executeTakeFirst();
    expect(revoked?.revoked_reason).toBe('password_changed');

    expect((await postSignIn(context.app, { email: keys.email, password: keys.authHash })).statusCode).toBe(
      401,
    );
    const signedIn = await postSignIn(context.app, { email: keys.email, password: next.authHash });
    expect(signedIn.statusCode).toBe(201);
    await expect(openPrivateKey(signedIn.json(), next.encryptionKey)).resolves.toBeDefined();
  });

  it('refuses a wrong current password with the spec message', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const response = await patch(token, {
      password: newHash(1),
      current_password: newHash(2),
      encrypted_private_key: sealed,
      private_key_iv: iv,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Current password is invalid'] });
    const row = await findUserByEmail(context.db, user.email);
    expect(row?.password_hash).toBe(user.password_hash);
  });

  it('clears must_change_password when a personal password is set', async () => {
    const user = await buildUser(context.db, { must_change_password: true });
    const token = await buildSession(context.db, user);
    const response = await patch(token, {
      password: newHash(3),
      current_password: TEST_AUTH_HASH,
      encrypted_private_key: sealed,
      private_key_iv: iv,
      must_change_password: false,
    });
    expect(response.json().must_change_password).toBe(false);
  });

  it('validates the new key material', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const base = {
      password: newHash(4),
      current_password: TEST_AUTH_HASH,
      encrypted_private_key: sealed,
      private_key_iv: iv,
    };
    expect((await patch(token, { ...base, private_key_iv: newHash(1) })).json()).toEqual({
      errors: ['Field Private Key IV is invalid.'],
    });
    expect((await patch(token, { ...base, password: undefined })).json()).toEqual({
      errors: ['Required field Password is empty.'],
    });
    expect((await patch(token, { ...base, kdf_iterations: 10 })).json()).toEqual({
      errors: ['Field Key Derivation Iterations must be at least 1000.'],
    });
  });

  it('asks for an e-mail change, checking the format and the password; nothing changes before the link', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const other = await buildSession(context.db, user);
    const base = {
      password: newHash(3),
      current_password: TEST_AUTH_HASH,
      encrypted_private_key: sealed,
      private_key_iv: iv,
    };
    expect((await patch(token, { ...base, email: 'not an email' })).json()).toEqual({
      errors: ['Invalid New Email'],
    });
    expect(
      (await patch(token, { ...base, email: 'New@Example.test', current_password: newHash(8) })).json(),
    ).toEqual({
      errors: ['Current password is invalid'],
    });

    const address = `new-${user.id.slice(0, 8)}@example.test`;
    const response = await patch(token, { ...base, email: ` ${address.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email, pending_email: address });
    // The change waits for the new address (email-change-routes.test.ts): every session still works.
    expect((await profile(other)).statusCode).toBe(200);
    expect((await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(
      201,
    );
  });

  it('verify_password answers whether the auth hash is the caller’s', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const verify = (password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/users/verify_password.json',
        headers: { authorization: `Bearer ${token}` },
        payload: { password },
      });
    expect((await verify(TEST_AUTH_HASH)).json()).toEqual({ valid: true });
    expect((await verify(newHash(9))).json()).toEqual({ valid: false });
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: '/api/v1/users/verify_password',
          payload: { password: TEST_AUTH_HASH },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('password check rate limits', () => {
  it('counts failed checks of verify_password and PATCH /users together per account', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_PASSWORD_CHECK_PER_ACCOUNT: '2/15m' } });
    try {
      const user = await buildUser(context.db);
      const token = await buildSession(context.db, user);
      const headers = { authorization: `Bearer ${token}` };
      const wrong = newHash(2);
      const verify = (password: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/v1/users/verify_password',
          headers,
          payload: { password },
        });
      expect((await verify(wrong)).json()).toEqual({ valid: false });
      const change = await context.app.inject({
        method: 'PATCH',
        url: '/users',
        headers,
        payload: {
          user: {
            password: newHash(1),
            current_password: wrong,
            encrypted_private_key: sealed,
            private_key_iv: iv,
          },
        },
      });
      expect(change.json()).toEqual({ errors: ['Current password is invalid'] });
      const refused = await verify(TEST_AUTH_HASH);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        errors: ['Too many attempts. Please wait a few minutes and try again.'],
      });
    } finally {
      await context.close();
    }
  });

  it('limits password checks per address', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_PASSWORD_CHECK_PER_IP: '1/15m' } });
    try {
      const user = await buildUser(context.db);
      const token = await buildSession(context.db, user);
      const verify = () =>
        context.app.inject({
          method: 'POST',
          url: '/api/v1/users/verify_password',
          headers: { authorization: `Bearer ${token}` },
          payload: { password: TEST_AUTH_HASH },
        });
      expect((await verify()).statusCode).toBe(200);
      expect((await verify()).statusCode).toBe(429);
    } finally {
      await context.close();
    }
  });
});
