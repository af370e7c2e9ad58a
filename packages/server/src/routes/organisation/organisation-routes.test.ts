import { INACTIVITY_OPTIONS, NO_PERMISSION_MESSAGE } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from '../../auth/auth-messages.js';
import { PASSWORD_CONFIRMATION_REQUIRED, STEP_UP_WINDOW_MS } from '../../auth/step-up.js';
import { TRANSFER_TARGET_MESSAGE } from '../../policy/organisation-policy.js';
import {
  INACTIVITY_OPTION_MESSAGE,
  TRANSFER_INACTIVE_TARGET_MESSAGE,
} from '../../services/organisation/organisation-service.js';
import {
  buildChestScenario,
  type ChestScenario,
  callApi,
  SCENARIO_ROLES,
  type ScenarioRole,
} from '../../test/chest-scenario.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Roles as in the role matrix: owner, administrator, manager, writer, reader, outsider (same
// organisation, no chest access), stranger (the owner of another organisation).
const NON_ADMINISTRATORS: ScenarioRole[] = ['manager', 'writer', 'reader', 'outsider'];
const NOT_OWNERS: ScenarioRole[] = ['administrator', ...NON_ADMINISTRATORS];

describe('organisation routes', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  const call = (token: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    callApi(context.app, token, method, url, payload);

  /** verify_password as SecureConfirm and the Transfer modal send it. */
  async function provePassword(token: string, password = TEST_AUTH_HASH): Promise<boolean> {
    const response = await callApi(context.app, token, 'POST', '/api/v1/users/verify_password.json', {
      password,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { valid: boolean }).valid;
  }

  const organisationOf = (s: ChestScenario) =>
    context.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', s.users.owner.organisation_id)
      .executeTakeFirstOrThrow();

  const auditActions = async (organisationId: string) =>
    (
      await context.db
        .selectFrom('audit_log_entries')
        .select(['action', 'user_id', 'object_type'])
        .where('organisation_id', '=', organisationId)
        .where('object_type', '=', 'Organisation')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  describe('GET /api/v1/organisation', () => {
    let s: ChestScenario;
    beforeAll(async () => {
      s = await buildChestScenario(context.db);
    });

    it.each(SCENARIO_ROLES)('answers %s their own organisation', async (role) => {
      const response = await call(s.tokens[role], 'GET', '/api/v1/organisation.json');
      expect(response.statusCode).toBe(200);
      const own = await context.db
        .selectFrom('organisations')
        .selectAll()
        .where('id', '=', s.users[role].organisation_id)
        .executeTakeFirstOrThrow();
      expect(response.json()).toEqual({
        id: own.id,
        name: own.name,
        inactivity_length: 10,
        owner_id: own.owner_id,
      });
    });

    it('answers the same without .json, and 401 without a session', async () => {
      expect((await call(s.tokens.reader, 'GET', '/api/v1/organisation')).statusCode).toBe(200);
      const anonymous = await context.app.inject({ method: 'GET', url: '/api/v1/organisation.json' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ errors: [SIGN_IN_REQUIRED], error: SIGN_IN_REQUIRED });
    });
  });

  describe('PUT /api/v1/organisation with inactivity_length', () => {
    let s: ChestScenario;
    beforeAll(async () => {
      s = await buildChestScenario(context.db);
    });

    it.each(['owner', 'administrator'] as const)('is for administrators: %s sets it', async (role) => {
      const minutes = role === 'owner' ? 30 : 15;
      const response = await call(s.tokens[role], 'PUT', '/api/v1/organisation.json', {
        organisation: { inactivity_length: minutes },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ inactivity_length: minutes });
      expect((await organisationOf(s)).inactivity_length).toBe(minutes);
      expect((await auditActions(s.users.owner.organisation_id)).at(-1)).toBe(
        `Changed auto logout to ${minutes} minutes`,
      );
    });

    it.each(NON_ADMINISTRATORS)('refuses %s and writes nothing', async (role) => {
      const before = await organisationOf(s);
      const audited = await auditActions(before.id);
      const response = await call(s.tokens[role], 'PUT', '/api/v1/organisation.json', {
        organisation: { inactivity_length: 60 },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
      expect(await organisationOf(s)).toEqual(before);
      expect(await auditActions(before.id)).toEqual(audited);
    });

    it('changes only the stranger’s own organisation', async () => {
      const before = await organisationOf(s);
      const response = await call(s.tokens.stranger, 'PUT', '/api/v1/organisation.json', {
        organisation: { inactivity_length: 120 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: s.users.stranger.organisation_id, inactivity_length: 120 });
      expect(await organisationOf(s)).toEqual(before);
    });

    it('accepts every Auto Logout option, Never included', async () => {
      for (const { value } of INACTIVITY_OPTIONS) {
        const response = await call(s.tokens.administrator, 'PUT', '/api/v1/organisation.json', {
          organisation: { inactivity_length: value },
        });
        expect(response.statusCode).toBe(200);
        expect((await organisationOf(s)).inactivity_length).toBe(value);
      }
      expect((await auditActions(s.users.owner.organisation_id)).at(-1)).toBe(
        'Changed auto logout to 120 minutes',
      );
      expect(await auditActions(s.users.owner.organisation_id)).toContain('Changed auto logout to Never');
    });

    it.each([0, 1, 7, -2, 121, 100000, 1.5, 'ten', null, true])(
      'refuses %s, which is not an option, and writes nothing',
      async (value) => {
        const before = await organisationOf(s);
        const audited = await auditActions(before.id);
        const response = await call(s.tokens.owner, 'PUT', '/api/v1/organisation.json', {
          organisation: { inactivity_length: value },
        });
        expect(response.statusCode).toBe(400);
        const message = (response.json() as { errors: string[] }).errors[0];
        expect([INACTIVITY_OPTION_MESSAGE, 'Field organisation.inactivity_length is invalid']).toContain(
          message,
        );
        expect(await organisationOf(s)).toEqual(before);
        expect(await auditActions(before.id)).toEqual(audited);
      },
    );

    it('names the options in its refusal', () => {
      expect(INACTIVITY_OPTION_MESSAGE).toBe(
        'Auto Logout must be one of: Never, 5 minutes, 10 minutes, 15 minutes, 20 minutes, 30 minutes, 60 minutes, 120 minutes.',
      );
    });

    it('refuses any other field, an empty change and a missing body', async () => {
      const before = await organisationOf(s);
      for (const payload of [
        { organisation: { inactivity_length: 5, owner_id: s.users.administrator.id } },
        { organisation: { id: 'x' } },
        { organisation: {} },
        { organisation: { inactivity_length: 5 }, owner_id: s.users.administrator.id },
        {},
      ]) {
        const response = await call(s.tokens.owner, 'PUT', '/api/v1/organisation.json', payload);
        expect(response.statusCode).toBe(400);
      }
      expect(await organisationOf(s)).toEqual(before);
    });

    it('reaches every user: their GET, their profile and the idle expiry of their session', async () => {
      await call(s.tokens.administrator, 'PUT', '/api/v1/organisation.json', {
        organisation: { inactivity_length: 5 },
      });
      for (const role of ['reader', 'outsider'] as const) {
        const organisation = await call(s.tokens[role], 'GET', '/api/v1/organisation.json');
        expect(organisation.json()).toMatchObject({ inactivity_length: 5 });
        const profile = await call(s.tokens[role], 'GET', '/api/v1/profile.json');
        expect(profile.json()).toMatchObject({ inactivity_length: 5 });
      }
      const idle = await buildSession(context.db, s.users.reader, {
        last_seen_at: new Date(Date.now() - 6 * 60_000).toISOString(),
      });
      const expired = await call(idle, 'GET', '/api/v1/organisation.json');
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: 'Signature has expired' });
    });
  });

  describe('PUT /api/v1/organisation with name', () => {
    let s: ChestScenario;
    beforeAll(async () => {
      s = await buildChestScenario(context.db);
    });

    it('is the owner’s: the name is stored trimmed and audited', async () => {
      const response = await call(s.tokens.owner, 'PUT', '/api/v1/organisation.json', {
        organisation: { name: '  Analytical Engines  ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: s.users.owner.organisation_id,
        name: 'Analytical Engines',
        inactivity_length: 10,
        owner_id: s.users.owner.id,
      });
      expect((await organisationOf(s)).name).toBe('Analytical Engines');
      expect((await auditActions(s.users.owner.organisation_id)).at(-1)).toBe(
        'Renamed the organisation to Analytical Engines',
      );
    });

    it.each(NOT_OWNERS)('refuses %s, administrators included, and writes nothing', async (role) => {
      const before = await organisationOf(s);
      const audited = await auditActions(before.id);
      const response = await call(s.tokens[role], 'PUT', '/api/v1/organisation.json', {
        organisation: { name: 'Taken over' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
      expect(await organisationOf(s)).toEqual(before);
      expect(await auditActions(before.id)).toEqual(audited);
    });

    it('refuses an administrator who sends both settings, and changes neither', async () => {
      const before = await organisationOf(s);
      const response = await call(s.tokens.administrator, 'PUT', '/api/v1/organisation.json', {
        organisation: { inactivity_length: 60, name: 'Taken over' },
      });
      expect(response.statusCode).toBe(403);
      expect(await organisationOf(s)).toEqual(before);
    });

    it.each([
      ['', 'Required field Company Name is empty.'],
      ['   ', 'Required field Company Name is empty.'],
      ['x'.repeat(256), 'Field Company Name exceeds the maximum of 255 characters.'],
    ])('refuses the name %j with the form’s message', async (name, message) => {
      const before = await organisationOf(s);
      const response = await call(s.tokens.owner, 'PUT', '/api/v1/organisation.json', {
        organisation: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [message] });
      expect(await organisationOf(s)).toEqual(before);
    });

    it('lets the owner send both at once', async () => {
      const response = await call(s.tokens.owner, 'PUT', '/api/v1/organisation.json', {
        organisation: { inactivity_length: -1, name: 'Engines Ltd' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Engines Ltd', inactivity_length: -1 });
      expect((await auditActions(s.users.owner.organisation_id)).slice(-2).sort()).toEqual([
        'Changed auto logout to Never',
        'Renamed the organisation to Engines Ltd',
      ]);
    });
  });

  describe('PATCH /api/v1/organisation/transfer', () => {
    const transfer = (token: string, payload?: object) =>
      call(token, 'PATCH', '/api/v1/organisation/transfer', payload);

    it('refuses the owner’s session without a fresh password proof: a stolen token alone cannot', async () => {
      const s = await buildChestScenario(context.db);
      const before = await organisationOf(s);
      const response = await transfer(s.tokens.owner, { owner_id: s.users.administrator.id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: PASSWORD_CONFIRMATION_REQUIRED });
      expect(await organisationOf(s)).toEqual(before);
      expect(await auditActions(before.id)).toEqual([]);
    });

    it('stays refused after a wrong password, and once the proof is over five minutes old', async () => {
      const s = await buildChestScenario(context.db);
      const wrong = Buffer.alloc(32, 9).toString('base64');
      expect(await provePassword(s.tokens.owner, wrong)).toBe(false);
      expect((await transfer(s.tokens.owner, { owner_id: s.users.administrator.id })).statusCode).toBe(403);

      expect(await provePassword(s.tokens.owner)).toBe(true);
      await context.db
        .updateTable('sessions')
        .set({ password_verified_at: new Date(Date.now() - STEP_UP_WINDOW_MS - 1000).toISOString() })
        .where('user_id', '=', s.users.owner.id)
        .execute();
      const stale = await transfer(s.tokens.owner, { owner_id: s.users.administrator.id });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toEqual({ error: PASSWORD_CONFIRMATION_REQUIRED });
      expect((await organisationOf(s)).owner_id).toBe(s.users.owner.id);
    });

    it('gives the organisation to another administrator after verify_password', async () => {
      const s = await buildChestScenario(context.db);
      const otherOwnerSession = await buildSession(context.db, s.users.owner);
      expect(await provePassword(s.tokens.owner)).toBe(true);
      const response = await transfer(s.tokens.owner, { owner_id: s.users.administrator.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: s.users.owner.organisation_id,
        name: (await organisationOf(s)).name,
        inactivity_length: 10,
        owner_id: s.users.administrator.id,
      });
      expect((await organisationOf(s)).owner_id).toBe(s.users.administrator.id);
      expect(await auditActions(s.users.owner.organisation_id)).toEqual([
        `Transferred ownership to ${s.users.administrator.name} (${s.users.administrator.email})`,
      ]);
      // The former owner keeps this session (the web app goes to /), the others end.
      expect((await call(s.tokens.owner, 'GET', '/api/v1/organisation.json')).statusCode).toBe(200);
      expect((await call(otherOwnerSession, 'GET', '/api/v1/organisation.json')).statusCode).toBe(401);
      const revoked = await context.db
        .selectFrom('sessions')
        .select('revoked_reason')
        .where('user_id', '=', s.users.owner.id)
        .where('revoked_at', 'is not', null)
        .execute();
      expect(revoked).toEqual([{ revoked_reason: 'ownership_transferred' }]);
      // The owner actions changed hands.
      const rename = { organisation: { name: 'New hands' } };
      expect((await call(s.tokens.owner, 'PUT', '/api/v1/organisation.json', rename)).statusCode).toBe(403);
      expect(
        (await call(s.tokens.administrator, 'PUT', '/api/v1/organisation.json', rename)).statusCode,
      ).toBe(200);
      expect((await transfer(s.tokens.owner, { owner_id: s.users.administrator.id })).json()).toEqual({
        error: NO_PERMISSION_MESSAGE,
      });
    });

    it.each(NOT_OWNERS)('refuses %s even with a fresh proof', async (role) => {
      const s = await buildChestScenario(context.db);
      expect(await provePassword(s.tokens[role])).toBe(true);
      const response = await transfer(s.tokens[role], { owner_id: s.users[role].id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
      expect((await organisationOf(s)).owner_id).toBe(s.users.owner.id);
      expect(await auditActions(s.users.owner.organisation_id)).toEqual([]);
    });

    describe('to whom', () => {
      let s: ChestScenario;
      beforeAll(async () => {
        s = await buildChestScenario(context.db);
        expect(await provePassword(s.tokens.owner)).toBe(true);
      });

      it.each([
        ['no one', {}, 400, { errors: ['Please pick an administrator.'] }],
        ['an empty choice', { owner_id: '' }, 400, { errors: ['Please pick an administrator.'] }],
        ['an unknown id', { owner_id: 'no-such-user' }, 404, { error: 'Not found' }],
      ])('refuses %s', async (_label, payload, status, body) => {
        const response = await transfer(s.tokens.owner, payload);
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual(body);
      });

      it('refuses the owner themself and a user who is not an administrator', async () => {
        for (const target of [s.users.owner, s.users.writer, s.users.reader]) {
          const response = await transfer(s.tokens.owner, { owner_id: target.id });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ errors: [TRANSFER_TARGET_MESSAGE] });
        }
      });

      it('answers an administrator of another organisation as not found', async () => {
        const response = await transfer(s.tokens.owner, { owner_id: s.users.stranger.id });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Not found' });
      });

      it('refuses a locked or unconfirmed administrator', async () => {
        const organisation_id = s.users.owner.organisation_id;
        const locked = await buildUser(context.db, { organisation_id, administrator: true, locked: true });
        const pending = await buildUser(context.db, {
          organisation_id,
          administrator: true,
          confirmed_at: null,
        });
        for (const target of [locked, pending]) {
          const response = await transfer(s.tokens.owner, { owner_id: target.id });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ errors: [TRANSFER_INACTIVE_TARGET_MESSAGE] });
        }
      });

      it('takes no password in its body: the proof is the session’s', async () => {
        const response = await transfer(s.tokens.owner, {
          owner_id: s.users.administrator.id,
          password: TEST_AUTH_HASH,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errors: ['Field password is invalid'] });
      });

      it('changed nothing and audited nothing', async () => {
        expect((await organisationOf(s)).owner_id).toBe(s.users.owner.id);
        expect(await auditActions(s.users.owner.organisation_id)).toEqual([]);
      });
    });
  });

  describe('DELETE /api/v1/organisation', () => {
    const userCount = async (organisationId: string) =>
      Number(
        (
          await context.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('organisation_id', '=', organisationId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses the owner’s session without a fresh password proof', async () => {
      const s = await buildChestScenario(context.db);
      const response = await call(s.tokens.owner, 'DELETE', '/api/v1/organisation.json');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: PASSWORD_CONFIRMATION_REQUIRED });
      expect(await userCount(s.users.owner.organisation_id)).toBe(6);
      expect((await call(s.tokens.owner, 'GET', '/api/v1/organisation.json')).statusCode).toBe(200);
    });

    it.each(NOT_OWNERS)('refuses %s even with a fresh proof', async (role) => {
      const s = await buildChestScenario(context.db);
      expect(await provePassword(s.tokens[role])).toBe(true);
      const response = await call(s.tokens[role], 'DELETE', '/api/v1/organisation');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
      expect(await userCount(s.users.owner.organisation_id)).toBe(6);
    });

    it('lets an owner delete their own organisation only', async () => {
      const s = await buildChestScenario(context.db);
      expect(await provePassword(s.tokens.stranger)).toBe(true);
      const response = await call(s.tokens.stranger, 'DELETE', '/api/v1/organisation.json');
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await userCount(s.users.stranger.organisation_id)).toBe(0);
      expect(await userCount(s.users.owner.organisation_id)).toBe(6);
      expect((await call(s.tokens.stranger, 'GET', '/api/v1/organisation.json')).statusCode).toBe(401);
      expect((await call(s.tokens.reader, 'GET', '/api/v1/organisation.json')).statusCode).toBe(200);
    });

    it('deletes the owner’s organisation after verify_password, and ends every session of it', async () => {
      const s = await buildChestScenario(context.db);
      expect(await provePassword(s.tokens.owner)).toBe(true);
      expect((await call(s.tokens.owner, 'DELETE', '/api/v1/organisation')).statusCode).toBe(204);
      expect(await userCount(s.users.owner.organisation_id)).toBe(0);
      for (const role of SCENARIO_ROLES.filter((role) => role !== 'stranger')) {
        const response = await call(s.tokens[role], 'GET', '/api/v1/profile.json');
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: SIGN_IN_REQUIRED });
      }
      expect((await call(s.tokens.stranger, 'GET', '/api/v1/profile.json')).statusCode).toBe(200);
    });
  });
});
