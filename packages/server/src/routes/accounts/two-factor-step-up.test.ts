import { describe, expect, it } from 'vitest';
import { generateTotpCode } from '../../services/accounts/totp.js';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import { buildSession, buildUser } from '../../test/factories.js';
import { makePasswordProofStale, provePassword } from '../../test/step-up.js';

const PASSWORD_REQUIRED = 'Please enter your password again to continue.';

// Who starts and activates two-factor: it is always one's own account, so every role is asked the
// same (another organisation cannot name this account at all).
const ROLES = ['owner', 'administrator', 'member'] as const;
type Role = (typeof ROLES)[number];

/**
 * Step-up on turning two-factor on (issue 25, review M2): a stolen session token alone must not
 * start setup (which hands out the seed) nor activate it (which would lock the owner of the
 * account out with the thief's seed). Each needs a password proven within five minutes.
 */
describe('two-factor: step-up for starting and activating', () => {
  const setup = useChestScenario();

  // A new account per test with the role's rights, so each starts with two-factor off; an owner
  // comes with an organisation of their own (buildUser without one).
  async function signedIn(role: Role) {
    const user =
      role === 'owner'
        ? await buildUser(setup.context.db, { administrator: true })
        : await buildUser(setup.context.db, {
            organisation_id: setup.scenario.users.owner.organisation_id,
            administrator: role === 'administrator',
          });
    const token = await buildSession(setup.context.db, user);
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      callApi(setup.context.app, token, method, url, payload);
    return { user, token, call };
  }
  const readUser = (id: string) =>
    setup.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditActions = async (userId: string) =>
    (
      await setup.context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('object_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it.each(ROLES)(
    'refuses to start setup as %s without a fresh password, and hands out no seed',
    async (role) => {
      const { user, token, call } = await signedIn(role);
      const before = await auditActions(user.id);
      await makePasswordProofStale(setup.context.db, token);
      const refused = await call('GET', '/api/v1/two-factor-code.json');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: PASSWORD_REQUIRED });
      expect((await readUser(user.id)).otp_secret_encrypted).toBeNull();
      expect(await auditActions(user.id)).toEqual(before);

      await provePassword(setup.context.app, token);
      const started = await call('GET', '/api/v1/two-factor-code.json');
      expect(started.statusCode).toBe(200);
      expect(started.json().key).toMatch(/^[A-Z2-7]{32}$/);
    },
  );

  it.each(ROLES)('refuses to activate as %s once the proof is stale, and uses no code', async (role) => {
    const { user, token, call } = await signedIn(role);
    await provePassword(setup.context.app, token);
    const { key } = (await call('GET', '/api/v1/two-factor-code.json')).json();
    const code = generateTotpCode(key);

    await makePasswordProofStale(setup.context.db, token);
    const refused = await call('PUT', '/api/v1/two-factor-active.json', { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ '2fa': PASSWORD_REQUIRED, error: PASSWORD_REQUIRED });
    const row = await readUser(user.id);
    expect(Boolean(row.otp_required_for_login)).toBe(false);
    expect(row.otp_last_step).toBeNull();

    // Proven again (SecureConfirm and a retry): the same code turns it on.
    await provePassword(setup.context.app, token);
    const activated = await call('PUT', '/api/v1/two-factor-active.json', { code });
    expect(activated.json()).toEqual({ '2fa': 'Success: Correct OTP Code!' });
    expect(Boolean((await readUser(user.id)).otp_required_for_login)).toBe(true);
    expect((await auditActions(user.id)).slice(-1)).toEqual(['Enabled two-factor authentication']);
  });

  it('answers an account with two-factor on that it is on, before any step-up', async () => {
    const { user, token, call } = await signedIn('member');
    await setup.context.db
      .updateTable('users')
      .set({ otp_required_for_login: true })
      .where('id', '=', user.id)
      .execute();
    await makePasswordProofStale(setup.context.db, token);
    const again = await call('GET', '/api/v1/two-factor-code.json');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['Two-factor authentication is already enabled.'] });
  });
});
