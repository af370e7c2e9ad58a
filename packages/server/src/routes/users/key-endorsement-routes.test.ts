import { randomUUID } from 'node:crypto';
import {
  endorseKeyRotation,
  generateUserKeyPair,
  openSigningKey,
  type UserKeyPair,
  verifyKeyRotation,
} from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestAccountKeys, resetPasswordFields, type TestAccountKeys } from '../../test/account-helpers.js';
import {
  buildChestScenario,
  type ChestScenario,
  callApi,
  SCENARIO_ROLES,
} from '../../test/chest-scenario.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Issue 10: the first personal password's new key pair, endorsed by the old private key, and the
// call browsers read it through (docs/server.md, "Users and the audit log").

const INVALID = 'Field Key Endorsement is invalid: it must be the base64 of a 384-byte signature.';
const WITHOUT_KEY = 'A key endorsement is accepted only with a new key pair.';
const NEW_AUTH_HASH = Buffer.alloc(32, 9).toString('base64');

describe('key endorsements', () => {
  let context: TestContext;
  let s: ChestScenario;
  let keys: TestAccountKeys;
  let fresh: UserKeyPair;

  beforeAll(async () => {
    [context, keys, fresh] = await Promise.all([
      createTestContext(),
      getTestAccountKeys(),
      generateUserKeyPair(),
    ]);
    s = await buildChestScenario(context.db);
  });
  afterAll(async () => {
    await context.close();
  });

  const organisationId = () => s.users.owner.organisation_id;
  const call = (token: string, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    callApi(context.app, token, method, url, payload);
  const endorsementPath = (id: string) => `/api/v1/users/${id}/key_endorsement.json`;

  /** A user an administrator added: the test account's key pair, a generated password to replace. */
  async function addedMember() {
    const user = await buildUser(context.db, {
      organisation_id: organisationId(),
      public_key: keys.publicKey,
      encrypted_private_key: keys.encrypted_private_key,
      private_key_iv: keys.private_key_iv,
      must_change_password: true,
    });
    return { user, token: await buildSession(context.db, user) };
  }

  /** The new public key signed with the old private key, as the member's browser signs it. */
  async function endorse(userId: string): Promise<string> {
    const signingKey = await openSigningKey(keys, keys.encryptionKey);
    return endorseKeyRotation(signingKey, { userId, publicKey: fresh.publicKey });
  }

  const personalPassword = (extra: object = {}) => ({
    user: {
      password: NEW_AUTH_HASH,
      current_password: TEST_AUTH_HASH,
      public_key: fresh.publicKey,
      encrypted_private_key: keys.encrypted_private_key,
      private_key_iv: keys.private_key_iv,
      kdf_iterations: keys.kdf_iterations,
      must_change_password: false,
      ...extra,
    },
  });

  async function storedColumns(userId: string) {
    return context.db
      .withTables<{ users: { key_endorsement: string | null; endorsing_public_key: string | null } }>()
      .selectFrom('users')
      .select(['public_key', 'key_endorsement', 'endorsing_public_key', 'must_change_password'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  it('stores the endorsement with the previous key at the first personal password; every member reads it', async () => {
    const { user, token } = await addedMember();
    const signature = await endorse(user.id);
    const changed = await call(
      token,
      'PATCH',
      '/users.json',
      personalPassword({ key_endorsement: signature }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ public_key: fresh.publicKey, must_change_password: false });

    const expected = {
      user_id: user.id,
      public_key: fresh.publicKey,
      endorsing_public_key: keys.publicKey,
      key_endorsement: signature,
    };
    for (const role of SCENARIO_ROLES) {
      const response = await call(s.tokens[role], 'GET', endorsementPath(user.id));
      if (role === 'stranger') {
        expect(response.statusCode, role).toBe(404);
        continue;
      }
      expect(response.statusCode, role).toBe(200);
      expect(response.json(), role).toEqual(expected);
    }
    expect((await call(token, 'GET', endorsementPath(user.id))).json()).toEqual(expected);
    // What a browser then checks: the old key signed the rotation to the listed key.
    expect(
      await verifyKeyRotation({
        userId: user.id,
        publicKey: expected.public_key,
        endorsingPublicKey: expected.endorsing_public_key,
        signature: expected.key_endorsement,
      }),
    ).toBe(true);
  });

  it('answers nulls for a key that was never rotated with an endorsement', async () => {
    const plain = await call(s.tokens.reader, 'GET', endorsementPath(s.users.writer.id));
    expect(plain.json()).toEqual({
      user_id: s.users.writer.id,
      public_key: s.users.writer.public_key,
      endorsing_public_key: null,
      key_endorsement: null,
    });

    const { user, token } = await addedMember();
    expect((await call(token, 'PATCH', '/users.json', personalPassword())).statusCode).toBe(200);
    expect((await call(s.tokens.reader, 'GET', endorsementPath(user.id))).json()).toEqual({
      user_id: user.id,
      public_key: fresh.publicKey,
      endorsing_public_key: null,
      key_endorsement: null,
    });
  });

  it('is 404 across organisations and for unknown ids, 401 without a session', async () => {
    const { user, token } = await addedMember();
    await call(token, 'PATCH', '/users.json', personalPassword({ key_endorsement: await endorse(user.id) }));
    const foreign = await call(s.tokens.stranger, 'GET', endorsementPath(user.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(keys.publicKey);
    expect((await call(s.tokens.owner, 'GET', endorsementPath(s.users.stranger.id))).statusCode).toBe(404);
    expect((await call(s.tokens.owner, 'GET', endorsementPath(randomUUID()))).statusCode).toBe(404);
    const anonymous = await context.app.inject({ method: 'GET', url: endorsementPath(user.id) });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['text that is not base64', 'not a signature'],
    ['non-canonical base64', `${Buffer.alloc(384, 1).toString('base64').slice(0, -2)}B=`],
    ['383 bytes', Buffer.alloc(383, 1).toString('base64')],
    ['385 bytes', Buffer.alloc(385, 1).toString('base64')],
    ['an empty text', ''],
    ['a number', 384],
    ['null', null],
    ['an object', { signature: Buffer.alloc(384, 1).toString('base64') }],
  ])('refuses %s as an endorsement, changing nothing', async (_name, value) => {
    const { user, token } = await addedMember();
    const response = await call(token, 'PATCH', '/users.json', personalPassword({ key_endorsement: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [INVALID] });
    expect(await storedColumns(user.id)).toMatchObject({
      public_key: keys.publicKey,
      key_endorsement: null,
      endorsing_public_key: null,
    });
    expect(Boolean((await storedColumns(user.id)).must_change_password)).toBe(true);
  });

  it('refuses an endorsement without a new key pair', async () => {
    const user = await buildUser(context.db, { organisation_id: organisationId() });
    const token = await buildSession(context.db, user);
    const response = await call(token, 'PATCH', '/users.json', {
      user: {
        password: NEW_AUTH_HASH,
        current_password: TEST_AUTH_HASH,
        encrypted_private_key: keys.encrypted_private_key,
        private_key_iv: keys.private_key_iv,
        must_change_password: false,
        key_endorsement: Buffer.alloc(384, 1).toString('base64'),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [WITHOUT_KEY] });
  });

  it('is cleared when an administrator resets the password (a key the member did not endorse)', async () => {
    const { user, token } = await addedMember();
    await call(token, 'PATCH', '/users.json', personalPassword({ key_endorsement: await endorse(user.id) }));
    expect((await storedColumns(user.id)).key_endorsement).not.toBeNull();

    await provePassword(context.app, s.tokens.administrator);
    const reset = await call(
      s.tokens.administrator,
      'PATCH',
      `/api/v1/users/${user.id}/reset_password.json`,
      {
        user: {
          ...resetPasswordFields(keys),
        },
      },
    );
    expect(reset.statusCode).toBe(200);
    expect(await storedColumns(user.id)).toMatchObject({
      public_key: keys.publicKey,
      key_endorsement: null,
      endorsing_public_key: null,
    });
    expect((await call(s.tokens.reader, 'GET', endorsementPath(user.id))).json()).toEqual({
      user_id: user.id,
      public_key: keys.publicKey,
      endorsing_public_key: null,
      key_endorsement: null,
    });
  });
});
