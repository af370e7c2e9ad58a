import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { insertRecoveryCodes } from '../../repositories/recovery-code-repository.js';
import {
  getTestAccountKeys,
  postSignIn,
  resetPasswordFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { callApi, type ScenarioRole, useChestScenario } from '../../test/chest-scenario.js';
import { buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { makePasswordProofStale, provePassword } from '../../test/step-up.js';

const PASSWORD_REQUIRED = 'Please enter your password again to continue.';
const NO_PERMISSION = 'You do not have permission to do that.';

type Method = 'PUT' | 'PATCH';
type StepUpCall = 'grant administrator' | 'remove administrator' | 'reset password';

// The roles that meet these calls: the owner, another administrator, a member (the scenario's
// reader) and an administrator of another organisation.
const ROLES = ['owner', 'administrator', 'reader', 'stranger'] as const satisfies readonly ScenarioRole[];
type Role = (typeof ROLES)[number];

/** What each role gets, with a fresh password proof and without one. */
const EXPECTED: Record<Role, { fresh: [number, string?]; stale: [number, string?] }> = {
  owner: { fresh: [200], stale: [403, PASSWORD_REQUIRED] },
  administrator: { fresh: [200], stale: [403, PASSWORD_REQUIRED] },
  // A member is refused as before, whatever they proved: the step-up tells them nothing new.
  reader: { fresh: [403, NO_PERMISSION], stale: [403, NO_PERMISSION] },
  // Another organisation's user is not found, as before.
  stranger: { fresh: [404, 'Not found'], stale: [404, 'Not found'] },
};

/**
 * Step-up on the administrator's user calls (issue 25, review M1): granting or removing
 * administrator and resetting a colleague's password need a password proven within five minutes,
 * checked after the caller's rights. A reset also turns the user's two-factor off, audited.
 */
describe('users: step-up for the administrator flag and password resets', () => {
  const setup = useChestScenario();
  let keys: TestAccountKeys;
  beforeAll(async () => {
    keys = await getTestAccountKeys();
  });

  const organisationId = () => setup.scenario.users.owner.organisation_id;
  const member = (overrides: Parameters<typeof buildUser>[1] = {}) =>
    buildUser(setup.context.db, { organisation_id: organisationId(), ...overrides });
  const readUser = (id: string) =>
    setup.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditRows = (objectId: string) =>
    setup.context.db
      .selectFrom('audit_log_entries')
      .select(['action', 'user_id', 'object_type'])
      .where('object_id', '=', objectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const recoveryCodeCount = async (userId: string) =>
    (
      await setup.context.db
        .selectFrom('otp_recovery_codes')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;
  const setProof = (token: string, fresh: boolean) =>
    fresh ? provePassword(setup.context.app, token) : makePasswordProofStale(setup.context.db, token);

  const CALLS: Record<
    StepUpCall,
    {
      target: () => Promise<{ id: string }>;
      request: (id: string) => { method: Method; url: string; payload: object };
      /** What the target looks like after the call went through. */
      done: (row: Awaited<ReturnType<typeof readUser>>) => boolean;
    }
  > = {
    'grant administrator': {
      target: () => member(),
      request: (id) => ({
        method: 'PUT',
        url: `/api/v1/users/${id}.json`,
        payload: { user: { administrator: true } },
      }),
      done: (row) => Boolean(row.administrator),
    },
    'remove administrator': {
      target: () => member({ administrator: true }),
      request: (id) => ({
        method: 'PATCH',
        url: `/api/v1/users/${id}.json`,
        payload: { user: { administrator: false } },
      }),
      done: (row) => !row.administrator,
    },
    'reset password': {
      target: () => member(),
      request: (id) => ({
        method: 'PATCH',
        url: `/api/v1/users/${id}/reset_password.json`,
        payload: { user: resetPasswordFields(keys) },
      }),
      done: (row) => Boolean(row.must_change_password) && row.public_key === keys.publicKey,
    },
  };

  const rows = (Object.keys(CALLS) as StepUpCall[]).flatMap((name) =>
    ROLES.flatMap((role) => [true, false].map((fresh) => [name, role, fresh] as const)),
  );

  it.each(rows)('%s as %s (fresh password: %s)', async (name, role, fresh) => {
    const { target, request, done } = CALLS[name];
    const user = await target();
    const token = setup.scenario.tokens[role];
    await setProof(token, fresh);
    const { method, url, payload } = request(user.id);
    const response = await callApi(setup.context.app, token, method, url, payload);
    const [status, message] = EXPECTED[role][fresh ? 'fresh' : 'stale'];
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json()).toEqual({ error: message });
    // Refused: nothing written, not even an audit entry.
    expect(done(await readUser(user.id))).toBe(status === 200);
    expect(await auditRows(user.id)).toHaveLength(status === 200 ? 1 : 0);
  });

  it('says what the caller may not do before asking for the password', async () => {
    await makePasswordProofStale(setup.context.db, setup.scenario.tokens.administrator);
    const admin = (method: Method, url: string, payload: object) =>
      callApi(setup.context.app, setup.scenario.tokens.administrator, method, url, payload);
    const self = await admin('PUT', `/api/v1/users/${setup.scenario.users.administrator.id}.json`, {
      user: { administrator: false },
    });
    expect(self.json()).toEqual({
      error: "Administrator status cannot be changed on your own account or the owner's.",
    });
    const owner = await admin('PATCH', `/api/v1/users/${setup.scenario.users.owner.id}/reset_password.json`, {
      user: resetPasswordFields(keys),
    });
    expect(owner.json()).toEqual({
      error: "You cannot reset your own password or the owner's here. Change your own in Account Settings.",
    });
    // A payload that would be refused anyway is refused first: no password asked for in vain.
    const locked = await member({ locked: true });
    const promote = await admin('PUT', `/api/v1/users/${locked.id}.json`, { user: { administrator: true } });
    expect(promote.json()).toEqual({ errors: ['Unlock this user before making them an administrator.'] });
    const mismatch = await admin('PATCH', `/api/v1/users/${locked.id}/reset_password.json`, {
      user: { ...resetPasswordFields(keys), password_confirmation: TEST_AUTH_HASH },
    });
    expect(mismatch.json()).toEqual({ errors: ['Passwords must match'] });
  });

  it('needs no fresh password for the rest of a user (name, teams, data administrator, an unchanged flag)', async () => {
    await makePasswordProofStale(setup.context.db, setup.scenario.tokens.owner);
    const user = await member({ name: 'Before' });
    const response = await callApi(
      setup.context.app,
      setup.scenario.tokens.owner,
      'PUT',
      `/api/v1/users/${user.id}.json`,
      {
        user: {
          name: 'After',
          administrator: false,
          data_administrator: true,
          memberships_attributes: [{ team_id: setup.scenario.readTeam.id }],
        },
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'After', administrator: false, data_administrator: true });
  });

  describe('a reset turns two-factor off', () => {
    async function memberWithTwoFactor() {
      const user = await member({
        otp_required_for_login: true,
        otp_secret_encrypted: 'v1.sealed-by-a-thief',
        otp_last_step: 12345,
      });
      await insertRecoveryCodes(
        setup.context.db,
        user,
        ['a', 'b', 'c'].map((code) => `hash-${code}-${user.id}`),
      );
      return user;
    }
    const reset = (id: string) =>
      callApi(
        setup.context.app,
        setup.scenario.tokens.administrator,
        'PATCH',
        `/api/v1/users/${id}/reset_password.json`,
        {
          user: resetPasswordFields(keys),
        },
      );
    const mailsTo = async (address: string) =>
      (await readOutbox(setup.context.config.dataDir)).filter((mail) => mail.to.includes(address));

    it('clears the seed and the recovery codes, audits it, tells the user, and sign-in asks no code', async () => {
      const user = await memberWithTwoFactor();
      expect(
        (await postSignIn(setup.context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode,
      ).toBe(401);
      await provePassword(setup.context.app, setup.scenario.tokens.administrator);
      const response = await reset(user.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ otp_required_for_login: false, must_change_password: true });

      const row = await readUser(user.id);
      expect(Boolean(row.otp_required_for_login)).toBe(false);
      expect(row.otp_secret_encrypted).toBeNull();
      expect(row.otp_last_step).toBeNull();
      expect(await recoveryCodeCount(user.id)).toBe(0);
      expect(await auditRows(user.id)).toEqual([
        {
          action: `Reset the password of ${user.name} (${user.email}) and turned off their two-factor authentication`,
          user_id: setup.scenario.users.administrator.id,
          object_type: 'User',
        },
      ]);
      const mails = await mailsTo(user.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Two-step verification was turned off for your Coffer account',
      ]);
      // The new password alone signs in: whoever held the seed no longer locks the user out.
      const signedIn = await postSignIn(setup.context.app, { email: user.email, password: keys.authHash });
      expect(signedIn.statusCode).toBe(201);
      expect(signedIn.json()).toMatchObject({ otp_required_for_login: false, must_change_password: true });
    });

    it('also drops a pending seed, with the plain audit entry and no notice when two-factor was off', async () => {
      const user = await member({ otp_secret_encrypted: 'v1.pending-seed' });
      await provePassword(setup.context.app, setup.scenario.tokens.administrator);
      expect((await reset(user.id)).statusCode).toBe(200);
      expect((await readUser(user.id)).otp_secret_encrypted).toBeNull();
      expect((await auditRows(user.id)).map((entry) => entry.action)).toEqual([
        `Reset the password of ${user.name} (${user.email})`,
      ]);
      expect(await mailsTo(user.email)).toEqual([]);
    });

    it('leaves two-factor on when the reset is refused for want of a fresh password', async () => {
      const user = await memberWithTwoFactor();
      await makePasswordProofStale(setup.context.db, setup.scenario.tokens.administrator);
      const response = await reset(user.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: PASSWORD_REQUIRED });
      const row = await readUser(user.id);
      expect(Boolean(row.otp_required_for_login)).toBe(true);
      expect(row.otp_secret_encrypted).toBe('v1.sealed-by-a-thief');
      expect(await recoveryCodeCount(user.id)).toBe(3);
      expect(await mailsTo(user.email)).toEqual([]);
    });
  });
});
