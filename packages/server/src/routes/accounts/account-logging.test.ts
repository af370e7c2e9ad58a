import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { generateTotpCode } from '../../services/accounts/totp.js';
import {
  getTestAccountKeys,
  postRegistration,
  postSignIn,
  readBearer,
  readMailedToken,
  registerConfirmedOwner,
  registrationFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildOrganisation, buildSession, buildTeam, buildUser } from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';
import { createLogCapture, createTestContext, type TestContext } from '../../test/test-app.js';

describe('what account calls write to the log', () => {
  const capture = createLogCapture();
  let context: TestContext;
  let keys: TestAccountKeys;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext({ logStream: capture }), getTestAccountKeys()]);
  });
  afterAll(async () => {
    await context.close();
  });

  it('never holds the auth hash, the sealed private key, a session token or an OTP code', async () => {
    await registerConfirmedOwner(context.app, context.config.dataDir, keys, keys.email);
    const first = await postSignIn(context.app, { email: keys.email, password: keys.authHash });
    const token = readBearer(first);
    const headers = { authorization: `Bearer ${token}` };

    // SecureConfirm before the setup: the auth hash goes through verify_password too.
    await provePassword(context.app, token, keys.authHash);
    const { key } = (
      await context.app.inject({ method: 'GET', url: '/api/v1/two-factor-code.json', headers })
    ).json();
    const activation = generateTotpCode(key);
    await context.app.inject({
      method: 'PUT',
      url: '/api/v1/two-factor-active.json',
      headers,
      payload: { code: activation },
    });
    const otp = generateTotpCode(key, Date.now() + 30_000);
    const second = await postSignIn(context.app, {
      email: keys.email,
      password: keys.authHash,
      otp_attempt: otp,
    });
    expect(second.statusCode).toBe(201);
    const wrong = await postSignIn(context.app, {
      email: keys.email,
      password: keys.authHash,
      otp_attempt: '999999',
    });
    expect(wrong.statusCode).toBe(401);
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify_password',
      headers,
      payload: { password: keys.authHash },
    });
    await context.app.inject({ method: 'DELETE', url: '/users/sign_out.json', headers });

    const log = capture.text();
    expect(log).toContain('/users/sign_in.json');
    for (const secret of [
      keys.authHash,
      keys.encrypted_private_key,
      keys.encrypted_private_key.slice(0, 40),
      token,
      readBearer(second),
      key,
      activation,
      otp,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the outbox in production', () => {
  const capture = createLogCapture();
  let context: TestContext;
  let keys: TestAccountKeys;

  beforeAll(async () => {
    [context, keys] = await Promise.all([
      createTestContext({ logStream: capture, env: { NODE_ENV: 'production' } }),
      getTestAccountKeys(),
    ]);
  });
  afterAll(async () => {
    await context.close();
  });

  it('logs the outbox file of each confirmation and invitation, never its one-time token', async () => {
    const email = 'prod-owner@example.test';
    const registered = await postRegistration(
      context.app,
      registrationFields(keys, { 'user[email]': email }),
    );
    expect(registered.statusCode).toBe(201);
    const organisation = await buildOrganisation(context.db, { name: 'Initech' });
    await buildTeam(context.db, organisation.id, { name: 'Everyone', default_for_new_users: true });
    const admin = await buildUser(context.db, { organisation_id: organisation.id, administrator: true });
    const invited = await context.app.inject({
      method: 'POST',
      url: '/api/v1/invitations.json',
      headers: { authorization: `Bearer ${await buildSession(context.db, admin)}` },
      payload: { invitation: { name: 'Peter', email: 'peter@example.test' } },
    });
    expect(invited.statusCode).toBe(201);

    const mails = await readOutbox(context.config.dataDir);
    expect(mails).toHaveLength(2);
    const tokens = [
      await readMailedToken(context.config.dataDir, email, 'confirmation_token'),
      await readMailedToken(context.config.dataDir, 'peter@example.test', 'invitation_token'),
    ];
    const log = capture.text();
    for (const mail of mails) expect(log).toContain(path.basename(mail.file));
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toMatch(/(confirmation|invitation)_token=/);
  });
});
