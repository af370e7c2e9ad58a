import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/session-token.js';
import { decryptAtRest } from '../../server-secrets.js';
import { generateTotpCode } from '../../services/accounts/totp.js';
import { postSignIn } from '../../test/account-helpers.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { makePasswordProofStale } from '../../test/step-up.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const INVALID = 'Invalid Email or password.';
const WRONG_CODE = 'Incorrect OTP code, please try again.';
const PASSWORD_REQUIRED = 'Please enter your password again to continue.';

describe('two-factor authentication', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedInUser() {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      context.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const verifyPassword = (password = TEST_AUTH_HASH) =>
      call('POST', '/api/v1/users/verify_password.json', { password });
    return { user, token, call, verifyPassword };
  }

  const readUser = (id: string) =>
    context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // As the setup flow does: SecureConfirm proves the password, then the seed, then the app's code.
  async function enable(call: Awaited<ReturnType<typeof signedInUser>>['call']) {
    const proof = await call('POST', '/api/v1/users/verify_password.json', { password: TEST_AUTH_HASH });
    expect(proof.json()).toEqual({ valid: true });
    const { key } = (await call('GET', '/api/v1/two-factor-code.json')).json();
    const code = generateTotpCode(key);
    const response = await call('PUT', '/api/v1/two-factor-active.json', { code });
    expect(response.json()).toEqual({ '2fa': 'Success: Correct OTP Code!' });
    return { key, code };
  }

  it('sets up a seed sealed at rest and shows it as a QR code', async () => {
    const { user, call, verifyPassword } = await signedInUser();
    await verifyPassword();
    const response = await call('GET', '/api/v1/two-factor-code.json');
    expect(response.statusCode).toBe(200);
    const { key, qr } = response.json();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const row = await readUser(user.id);
    expect(row.otp_secret_encrypted).toMatch(/^v1\./);
    expect(row.otp_secret_encrypted).not.toContain(key);
    expect(
      decryptAtRest(context.serverSecrets, row.otp_secret_encrypted ?? '', `otp-secret:${user.id}`),
    ).toBe(key);
    expect(Boolean(row.otp_required_for_login)).toBe(false);
  });

  it('activates only with a correct code, with the spec answer shapes', async () => {
    const { user, call, verifyPassword } = await signedInUser();
    await verifyPassword();
    const { key } = (await call('GET', '/api/v1/two-factor-code')).json();
    const wrong = await call('PUT', '/api/v1/two-factor-active', {
      code: '000000' === generateTotpCode(key) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ '2fa': WRONG_CODE, errors: [WRONG_CODE] });
    expect(Boolean((await readUser(user.id)).otp_required_for_login)).toBe(false);

    const right = await call('PUT', '/api/v1/two-factor-active', { code: generateTotpCode(key) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ '2fa': 'Success: Correct OTP Code!' });
    expect(Boolean((await readUser(user.id)).otp_required_for_login)).toBe(true);

    const again = await call('GET', '/api/v1/two-factor-code');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['Two-factor authentication is already enabled.'] });
  });

  it('asks for a code at sign-in and accepts each time step once', async () => {
    const { user, call } = await signedInUser();
    const { key, code } = await enable(call);
    const signIn = (otp_attempt?: string) =>
      postSignIn(context.app, {
        email: user.email,
        password: TEST_AUTH_HASH,
        ...(otp_attempt === undefined ? {} : { otp_attempt }),
      });

    for (const attempt of [undefined, '', '123 45']) {
      const response = await signIn(attempt);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [INVALID], error: INVALID });
    }
    // The activation code's step is already used.
    expect((await signIn(code)).statusCode).toBe(401);
    const next = generateTotpCode(key, Date.now() + 30_000);
    const spaced = `${next.slice(0, 3)} ${next.slice(3)}`;
    const accepted = await signIn(spaced);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().otp_required_for_login).toBe(true);
    const replay = await signIn(next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ errors: [INVALID], error: INVALID });
  });

  it('makes ten single-use recovery codes, new ones replacing the old', async () => {
    const { user, call, verifyPassword } = await signedInUser();
    const before = await call('GET', '/api/v1/two-factor-backup.json');
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ errors: ['Two-factor authentication is not enabled.'] });
    await enable(call);

    // Right after the code proved the factor, the setup flow fetches the codes once.
    const first: string[] = (await call('GET', '/api/v1/two-factor-backup.json')).json()['2faCodes'];
    expect(first).toHaveLength(10);
    expect(new Set(first).size).toBe(10);
    for (const code of first) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await context.db
      .selectFrom('otp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.some((row) => first.some((code) => row.code_hash.includes(code)))).toBe(false);

    expect((await verifyPassword()).json()).toEqual({ valid: true });
    const second: string[] = (await call('GET', '/api/v1/two-factor-backup.json')).json()['2faCodes'];
    const signIn = (otp_attempt: string) =>
      postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH, otp_attempt });
    expect((await signIn(first[0] ?? '')).statusCode).toBe(401);
    const code = second[0] ?? '';
    // Typed with spaces and capitals, as read off paper.
    expect((await signIn(` ${code.toUpperCase().replaceAll('-', ' ')} `)).statusCode).toBe(201);
    const reused = await signIn(code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(INVALID);
    expect((await signIn(second[1] ?? '')).statusCode).toBe(201);
  });

  it('disables two-factor, deleting the seed and the recovery codes', async () => {
    const { user, call, verifyPassword } = await signedInUser();
    await enable(call);
    await call('GET', '/api/v1/two-factor-backup.json');
    await verifyPassword();
    const response = await call('PUT', '/api/v1/two-factor-disable.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ '2fa': 'Success: Two-factor authentication has been disabled.' });
    const row = await readUser(user.id);
    expect(Boolean(row.otp_required_for_login)).toBe(false);
    expect(row.otp_secret_encrypted).toBeNull();
    const codes = await context.db
      .selectFrom('otp_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(0);
    expect((await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(
      201,
    );
    const actions = (
      await context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute()
    ).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Started two-factor authentication setup',
        'Enabled two-factor authentication',
        'Generated new two-factor recovery codes',
        'Disabled two-factor authentication',
      ]),
    );
  });

  describe('step-up: the session token alone neither turns two-factor off nor mints recovery codes', () => {
    const isOn = async (id: string) => Boolean((await readUser(id)).otp_required_for_login);
    const codeCount = async (id: string) =>
      (await context.db.selectFrom('otp_recovery_codes').select('id').where('user_id', '=', id).execute())
        .length;

    it('refuses both with the session alone, a wrong password or a wrong code', async () => {
      const { user, call, verifyPassword } = await signedInUser();
      await enable(call);
      // Another sign-in of the same account (e.g. a stolen token): no proof of anything yet.
      const stolen = await buildSession(context.db, user);
      const steal = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
        context.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${stolen}` },
          ...(payload ? { payload } : {}),
        });

      const mint = await steal('GET', '/api/v1/two-factor-backup.json');
      expect(mint.statusCode).toBe(403);
      expect(mint.json()).toEqual({ error: PASSWORD_REQUIRED });
      const disable = await steal('PUT', '/api/v1/two-factor-disable.json');
      expect(disable.statusCode).toBe(403);
      expect(disable.json()).toEqual({ '2fa': PASSWORD_REQUIRED, error: PASSWORD_REQUIRED });
      const wrongCode = await steal('PUT', '/api/v1/two-factor-disable.json', { code: '12345' });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json()).toEqual({ '2fa': WRONG_CODE, errors: [WRONG_CODE] });
      const wrongPassword = await steal('POST', '/api/v1/users/verify_password.json', {
        password: Buffer.alloc(32, 9).toString('base64'),
      });
      expect(wrongPassword.json()).toEqual({ valid: false });
      expect((await steal('PUT', '/api/v1/two-factor-disable.json')).statusCode).toBe(403);
      expect(await isOn(user.id)).toBe(true);
      expect(await codeCount(user.id)).toBe(0);
      // The owner's own session, having proved the password, may.
      expect((await verifyPassword()).json()).toEqual({ valid: true });
      expect((await call('PUT', '/api/v1/two-factor-disable.json')).statusCode).toBe(200);
    });

    it('lets the setup flow fetch the codes once, right after the code proved the factor', async () => {
      const { user, token, call } = await signedInUser();
      await enable(call);
      // The password proof of the setup has run out by the time the codes are fetched again.
      await makePasswordProofStale(context.db, token);
      expect((await call('GET', '/api/v1/two-factor-backup.json')).statusCode).toBe(200);
      const again = await call('GET', '/api/v1/two-factor-backup.json');
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ error: PASSWORD_REQUIRED });
      expect(await codeCount(user.id)).toBe(10);
    });

    it('allows both for five minutes after verify_password proved the password', async () => {
      const { user, token, call, verifyPassword } = await signedInUser();
      await enable(call);
      // The setup's proof has run out; the activation's one fetch is spent here.
      await makePasswordProofStale(context.db, token);
      expect((await call('GET', '/api/v1/two-factor-backup.json')).statusCode).toBe(200);
      expect((await verifyPassword()).json()).toEqual({ valid: true });
      expect((await call('GET', '/api/v1/two-factor-backup.json')).statusCode).toBe(200);
      expect((await call('GET', '/api/v1/two-factor-backup.json')).statusCode).toBe(200);

      // Six minutes later the proof is stale.
      await makePasswordProofStale(context.db, token);
      expect((await call('GET', '/api/v1/two-factor-backup.json')).statusCode).toBe(403);
      expect((await call('PUT', '/api/v1/two-factor-disable.json')).statusCode).toBe(403);
      expect(await isOn(user.id)).toBe(true);

      expect((await verifyPassword()).json()).toEqual({ valid: true });
      const disabled = await call('PUT', '/api/v1/two-factor-disable.json');
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toEqual({ '2fa': 'Success: Two-factor authentication has been disabled.' });
      expect(await isOn(user.id)).toBe(false);
    });

    it('turns two-factor off with a current code from the app instead of the password', async () => {
      const { user, token, call } = await signedInUser();
      const { key, code } = await enable(call);
      await makePasswordProofStale(context.db, token);
      // The activation's code is used up; the app's next one proves the factor.
      expect((await call('PUT', '/api/v1/two-factor-disable.json', { code })).statusCode).toBe(400);
      const next = generateTotpCode(key, Date.now() + 30_000);
      const response = await call('PUT', '/api/v1/two-factor-disable.json', { code: next });
      expect(response.statusCode).toBe(200);
      expect(await isOn(user.id)).toBe(false);
    });

    it('ends the account’s other sessions when two-factor is turned on', async () => {
      const { user, token, call } = await signedInUser();
      const other = await buildSession(context.db, user);
      await enable(call);
      const profile = (bearer: string) =>
        context.app.inject({
          method: 'GET',
          url: '/api/v1/profile.json',
          headers: { authorization: `Bearer ${bearer}` },
        });
      expect((await profile(other)).statusCode).toBe(401);
      expect((await profile(token)).statusCode).toBe(200);
      const revoked = await context.db
        .selectFrom('sessions')
        .select('revoked_reason')
        .where('token_hash', '=', hashToken(other))
        .executeTakeFirstOrThrow();
      expect(revoked.revoked_reason).toBe('two_factor_enabled');
    });
  });

  it('refuses every two-factor call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/two-factor-code.json'],
      ['PUT', '/api/v1/two-factor-active.json'],
      ['PUT', '/api/v1/two-factor-disable.json'],
      ['GET', '/api/v1/two-factor-backup.json'],
    ] as const) {
      expect((await context.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
