import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { generateTotpCode } from '../../services/accounts/totp.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const newHash = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const iv = Buffer.alloc(12, 5).toString('base64');
const sealed = Buffer.alloc(1800, 6).toString('base64');

describe('security notices to the account’s previous address', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedInUser() {
    const user = await buildUser(context.db, { name: 'Grace <Hopper>' });
    const token = await buildSession(context.db, user);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      context.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    return { user, call };
  }
  const mailsTo = async (address: string) =>
    (await readOutbox(context.config.dataDir)).filter((mail) => mail.to.includes(address));
  const credentials = (fill: number, current = TEST_AUTH_HASH) => ({
    password: newHash(fill),
    current_password: current,
    encrypted_private_key: sealed,
    private_key_iv: iv,
  });

  it('tells the address when the password changed, and only when it did', async () => {
    const { user, call } = await signedInUser();
    expect((await call('PATCH', '/users.json', { user: credentials(1, newHash(9)) })).statusCode).toBe(400);
    expect(await mailsTo(user.email)).toEqual([]);

    expect((await call('PATCH', '/users.json', { user: credentials(2) })).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Coffer password was changed');
    expect(mails[0]?.text).toContain('Hello Grace <Hopper>,');
    expect(mails[0]?.text).toContain('The password of your Coffer account was changed');
    expect(mails[0]?.text).not.toContain(newHash(2));
    expect(mails[0]?.links.filter((link) => link.includes('token'))).toEqual([]);
  });

  it('tells the address when two-step verification was turned off', async () => {
    const { user, call } = await signedInUser();
    // SecureConfirm proves the password before setup; the same proof then lets it be turned off.
    await call('POST', '/api/v1/users/verify_password.json', { password: TEST_AUTH_HASH });
    const { key } = (await call('GET', '/api/v1/two-factor-code.json')).json();
    expect(
      (await call('PUT', '/api/v1/two-factor-active.json', { code: generateTotpCode(key) })).statusCode,
    ).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
    expect((await call('PUT', '/api/v1/two-factor-disable.json')).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Two-step verification was turned off for your Coffer account');
    expect(mails[0]?.text).toContain('anybody with your account password can now sign in');
  });
});
