import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestAccountKeys, resetPasswordFields, type TestAccountKeys } from '../../test/account-helpers.js';
import {
  callAsRole,
  newSecretBody,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildManager,
  buildMembership,
  buildSecret,
  buildTeam,
  buildUser,
  fakeSealedPayload,
  fakeWrappedKey,
} from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';

const HIDE_MESSAGE = 'Only administrators can hide a secret from users.';
const DATA_ADMIN_MESSAGE = 'Only the owner can change who is a data administrator.';
// Calls that also need the password proven within five minutes: every role proves it first, so the
// row shows who may act at all (routes/users/user-step-up.test.ts covers the proof itself).
const STEP_UP_CALLS = new Set(['make administrator', 'reset password']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

// Expected status per role, in the order of SCENARIO_ROLES:
// owner, administrator, manager, writer (edit access), reader (read only), outsider (same organisation, no access),
// stranger (an administrator of another organisation).
// A 403 answers 'You do not have permission to do that.' unless the row names another message.
const MATRIX: [name: string, expected: number[], messages?: Partial<Record<ScenarioRole, string>>][] = [
  ['show chest', [200, 200, 200, 200, 200, 404, 404]],
  ['show chest with everything', [200, 200, 200, 200, 200, 404, 404]],
  ['list chests', [200, 200, 200, 200, 200, 200, 200]],
  ['list every chest, sorted', [200, 200, 200, 200, 200, 200, 200]],
  ['create chest', [201, 201, 403, 403, 403, 403, 400]],
  ['update chest', [200, 200, 403, 403, 403, 404, 404]],
  ['relink chest', [200, 200, 403, 403, 403, 404, 404]],
  ['delete chest', [204, 204, 403, 403, 403, 404, 404]],
  ['promote manager', [200, 200, 403, 403, 403, 404, 404]],
  ['demote manager', [200, 200, 403, 403, 403, 404, 404]],
  ['public keys', [200, 200, 200, 200, 403, 404, 404]],
  ['list secrets', [200, 200, 200, 200, 200, 200, 200]],
  ['list every secret, sorted', [200, 200, 200, 200, 200, 200, 200]],
  ['list deleted secrets, sorted', [200, 200, 200, 200, 200, 200, 200]],
  ["list a chest's secrets, sorted", [200, 200, 200, 200, 200, 404, 404]],
  ['show secret', [200, 200, 200, 200, 200, 404, 404]],
  ['show hidden secret', [200, 200, 404, 404, 404, 404, 404]],
  ['create secret', [201, 201, 201, 201, 403, 404, 404]],
  ['save secret', [200, 200, 200, 200, 403, 404, 404]],
  ['hide secret', [200, 200, 403, 403, 403, 404, 404], { manager: HIDE_MESSAGE, writer: HIDE_MESSAGE }],
  ['move secret', [200, 200, 404, 200, 403, 404, 404]],
  ['mark for deletion', [200, 200, 200, 200, 403, 404, 404]],
  ['restore', [200, 200, 200, 200, 403, 404, 404]],
  ['delete secret for good', [204, 403, 403, 403, 403, 404, 404]],
  ['delete marked secret for good', [204, 403, 403, 403, 403, 404, 404]],
  ['reshare all', [200, 200, 403, 403, 403, 403, 200]],
  ['reshare team', [200, 200, 403, 403, 403, 403, 404]],
  ['reshare user', [200, 200, 403, 403, 403, 403, 404]],
  ['deliver a missing key', [200, 200, 403, 403, 403, 403, 404]],
  ['report a broken key', [204, 204, 204, 204, 204, 404, 404]],
  ['purge keys', [200, 200, 403, 403, 403, 403, 200]],
  ['list teams', [200, 200, 200, 200, 200, 200, 200]],
  ['show team', [200, 200, 200, 404, 200, 404, 404]],
  ['create team', [201, 201, 403, 403, 403, 403, 400]],
  ['update team', [200, 200, 403, 404, 403, 404, 404]],
  ['delete team', [204, 204, 403, 404, 403, 404, 404]],
  ['list users, sorted', [200, 200, 403, 403, 403, 403, 200]],
  ["list a team's users", [200, 200, 403, 403, 403, 403, 200]],
  ['show user', [200, 200, 403, 403, 403, 403, 404]],
  ['add user', [201, 201, 403, 403, 403, 403, 404]],
  ['update user', [200, 200, 403, 403, 403, 403, 404]],
  ['make administrator', [200, 200, 403, 403, 403, 403, 404]],
  ['give data administrator', [200, 403, 403, 403, 403, 403, 404], { administrator: DATA_ADMIN_MESSAGE }],
  ['remove user', [204, 204, 403, 403, 403, 403, 404]],
  ['lock user', [200, 200, 403, 403, 403, 403, 404]],
  ['unlock user', [200, 200, 403, 403, 403, 403, 404]],
  ['reset password', [200, 200, 403, 403, 403, 403, 404]],
  ['audit log', [200, 200, 403, 403, 403, 403, 200]],
  ["a user's activity", [200, 200, 403, 403, 403, 403, 200]],
  ['show organisation', [200, 200, 200, 200, 200, 200, 200]],
  ['set auto logout', [200, 200, 403, 403, 403, 403, 200]],
  ['rename organisation', [200, 403, 403, 403, 403, 403, 200]],
];

describe('role matrix: who may do what', () => {
  const setup = useChestScenario();
  let keys: TestAccountKeys;
  beforeAll(async () => {
    keys = await getTestAccountKeys();
  });

  // A chest every role relates to exactly as to the scenario's chest.
  async function chestLikeScenario() {
    const organisationId = setup.scenario.users.owner.organisation_id;
    const chest = await buildChest(setup.context.db, organisationId);
    await buildAssignment(setup.context.db, organisationId, chest.id, setup.scenario.writeTeam.id, true);
    await buildAssignment(setup.context.db, organisationId, chest.id, setup.scenario.readTeam.id, false);
    await buildManager(setup.context.db, setup.scenario.users.manager, chest.id);
    return chest;
  }
  // A member of the scenario's organisation, in no team, for the calls that change or remove users.
  const freshUser = (overrides: { locked?: boolean } = {}) =>
    buildUser(setup.context.db, {
      organisation_id: setup.scenario.users.owner.organisation_id,
      ...overrides,
    });
  const freshSecret = (options: { deleted_at?: string } = {}) =>
    buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
      ...options,
    });

  const calls: Record<string, () => Promise<Call>> = {
    'show chest': async () => ({
      method: 'GET',
      url: `/api/v1/vaults/${setup.scenario.chest.id}.json?options[]=users`,
    }),
    'show chest with everything': async () => ({
      method: 'GET',
      url: `/api/v1/vaults/${setup.scenario.chest.id}.json?options[]=*`,
    }),
    'list chests': async () => ({ method: 'GET', url: '/api/v1/vaults.json?options[]=teams' }),
    'list every chest, sorted': async () => ({
      method: 'GET',
      url: '/api/v1/vaults.json?everything=true&order=secret_count%20desc&options[]=teams&options[]=users',
    }),
    'create chest': async () => ({
      method: 'POST',
      url: '/api/v1/vaults.json',
      payload: { vault: { name: 'New', assignments_attributes: [{ team_id: setup.scenario.writeTeam.id }] } },
    }),
    'update chest': async () => ({
      method: 'PUT',
      url: `/api/v1/vaults/${setup.scenario.chest.id}.json`,
      payload: { vault: { name: 'Renamed' } },
    }),
    'relink chest': async () => {
      const chest = await chestLikeScenario();
      const [link] = await setup.context.db
        .selectFrom('assignments')
        .select('id')
        .where('vault_id', '=', chest.id)
        .where('team_id', '=', setup.scenario.readTeam.id)
        .execute();
      return {
        method: 'PUT',
        url: `/api/v1/vaults/${chest.id}.json`,
        payload: {
          vault: { assignments_attributes: [{ id: link?.id, _destroy: true }] },
          options: ['teams', 'users'],
        },
      };
    },
    'delete chest': async () => ({
      method: 'DELETE',
      url: `/api/v1/vaults/${(await chestLikeScenario()).id}.json`,
    }),
    'promote manager': async () => {
      const chest = await chestLikeScenario();
      const organisation_id = setup.scenario.users.owner.organisation_id;
      const team = await buildTeam(setup.context.db, organisation_id);
      const user = await buildUser(setup.context.db, { organisation_id });
      await buildMembership(setup.context.db, user, team.id);
      await buildAssignment(setup.context.db, organisation_id, chest.id, team.id);
      return {
        method: 'POST',
        url: `/api/v1/vaults/${chest.id}/promote.json`,
        payload: { user_id: user.id },
      };
    },
    'demote manager': async () => {
      const chest = await chestLikeScenario();
      return {
        method: 'POST',
        url: `/api/v1/vaults/${chest.id}/demote.json`,
        payload: { user_id: setup.scenario.users.manager.id },
      };
    },
    'public keys': async () => ({
      method: 'GET',
      url: `/api/v1/vaults/${setup.scenario.chest.id}/public_keys.json`,
    }),
    'list secrets': async () => ({ method: 'GET', url: '/api/v1/secrets.json?options[]=vault' }),
    'list every secret, sorted': async () => ({
      method: 'GET',
      url: '/api/v1/secrets.json?everything=true&order=vault_name%20desc&options[]=vault',
    }),
    'list deleted secrets, sorted': async () => ({
      method: 'GET',
      url: '/api/v1/secrets.json?everything=true&deleted=true&order=deleted_at%20desc',
    }),
    "list a chest's secrets, sorted": async () => ({
      method: 'GET',
      url: `/api/v1/secrets.json?vault_id=${setup.scenario.chest.id}&order=strength%20asc`,
    }),
    'show secret': async () => ({ method: 'GET', url: `/api/v1/secrets/${setup.scenario.secret.id}.json` }),
    'show hidden secret': async () => {
      const { owner, administrator } = setup.scenario.users;
      const hidden = await buildSecret(setup.context.db, administrator, setup.scenario.chest.id, {
        hidden: true,
        readerIds: [owner.id, administrator.id],
      });
      return { method: 'GET', url: `/api/v1/secrets/${hidden.id}.json` };
    },
    'create secret': async () => ({
      method: 'POST',
      url: '/api/v1/secrets.json',
      payload: newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds),
    }),
    'save secret': async () => ({
      method: 'PUT',
      url: `/api/v1/secrets/${(await freshSecret()).id}.json`,
      payload: {
        secret: {
          revision: 2,
          name: 'Saved',
          category: 'note',
          ...fakeSealedPayload(),
          secret_keys_attributes: setup.scenario.readerIds.map((user_id) => ({
            user_id,
            encrypted_value: fakeWrappedKey(),
          })),
        },
      },
    }),
    // Hiding is a save wrapped for the administrators only.
    'hide secret': async () => ({
      method: 'PUT',
      url: `/api/v1/secrets/${(await freshSecret()).id}.json`,
      payload: {
        secret: {
          revision: 2,
          name: 'Hidden',
          category: 'note',
          hidden: true,
          ...fakeSealedPayload(),
          secret_keys_attributes: [setup.scenario.users.owner.id, setup.scenario.users.administrator.id].map(
            (user_id) => ({
              user_id,
              encrypted_value: fakeWrappedKey(),
            }),
          ),
        },
      },
    }),
    'move secret': async () => ({
      method: 'PUT',
      url: `/api/v1/secrets/${(await freshSecret()).id}.json`,
      payload: { secret: { vault_id: setup.scenario.otherChest.id } },
    }),
    'mark for deletion': async () => ({
      method: 'POST',
      url: `/api/v1/secrets/${(await freshSecret()).id}/mark_for_deletion.json`,
    }),
    restore: async () => ({
      method: 'POST',
      url: `/api/v1/secrets/${(await freshSecret({ deleted_at: new Date().toISOString() })).id}/unmark_for_deletion.json`,
    }),
    'delete secret for good': async () => ({
      method: 'DELETE',
      url: `/api/v1/secrets/${(await freshSecret()).id}.json`,
    }),
    'delete marked secret for good': async () => ({
      method: 'DELETE',
      url: `/api/v1/secrets/${(await freshSecret({ deleted_at: new Date().toISOString() })).id}.json`,
    }),
    'reshare all': async () => ({ method: 'GET', url: '/api/v1/secret_keys/reshare_all.json' }),
    'reshare team': async () => ({
      method: 'POST',
      url: '/api/v1/secret_keys/reshare_team.json',
      payload: { id: setup.scenario.readTeam.id },
    }),
    'reshare user': async () => ({
      method: 'POST',
      url: '/api/v1/secret_keys/reshare_user.json',
      payload: { id: setup.scenario.users.reader.id },
    }),
    'deliver a missing key': async () => {
      const others = setup.scenario.readerIds.filter((id) => id !== setup.scenario.users.reader.id);
      const secret = await buildSecret(
        setup.context.db,
        setup.scenario.users.writer,
        setup.scenario.chest.id,
        { readerIds: others },
      );
      const share = {
        user_id: setup.scenario.users.reader.id,
        secret_id: secret.id,
        version: 1,
        encrypted_value: fakeWrappedKey(),
      };
      return {
        method: 'POST',
        url: '/api/v1/secret_keys/reshare.json',
        payload: { key_reshare_handler: { secret_keys_attributes: [share] } },
      };
    },
    // Each reader reports their own key of a fresh secret; outsiders and strangers hold none.
    'report a broken key': async () => ({
      method: 'POST',
      url: `/api/v1/secret_keys/${(await freshSecret()).id}/broken.json`,
    }),
    'purge keys': async () => ({ method: 'POST', url: '/api/v1/secret_keys/purge_keys.json' }),
    'list teams': async () => ({ method: 'GET', url: '/api/v1/teams.json' }),
    'show team': async () => ({ method: 'GET', url: `/api/v1/teams/${setup.scenario.readTeam.id}.json` }),
    'create team': async () => ({
      method: 'POST',
      url: '/api/v1/teams.json',
      payload: {
        team: { name: 'Crew', memberships_attributes: [{ user_id: setup.scenario.users.writer.id }] },
      },
    }),
    'update team': async () => ({
      method: 'PUT',
      url: `/api/v1/teams/${setup.scenario.readTeam.id}.json`,
      payload: { team: { name: 'Readers' } },
    }),
    'list users, sorted': async () => ({
      method: 'GET',
      url: '/api/v1/users.json?order=email%20desc&filter=example',
    }),
    "list a team's users": async () => ({
      method: 'GET',
      url: `/api/v1/users.json?team_id=${setup.scenario.readTeam.id}`,
    }),
    'show user': async () => ({
      method: 'GET',
      url: `/api/v1/users/${setup.scenario.users.reader.id}.json?options[]=*`,
    }),
    'add user': async () => ({
      method: 'POST',
      url: '/api/v1/users.json',
      payload: {
        user: {
          name: 'Added',
          email: `added-${randomUUID()}@example.test`,
          password: keys.authHash,
          public_key: keys.publicKey,
          encrypted_private_key: keys.encrypted_private_key,
          private_key_iv: keys.private_key_iv,
          kdf_iterations: keys.kdf_iterations,
          team_ids: [setup.scenario.readTeam.id],
        },
      },
    }),
    'update user': async () => ({
      method: 'PUT',
      url: `/api/v1/users/${(await freshUser()).id}.json`,
      payload: {
        user: { name: 'Renamed', memberships_attributes: [{ team_id: setup.scenario.readTeam.id }] },
      },
    }),
    'make administrator': async () => ({
      method: 'PUT',
      url: `/api/v1/users/${(await freshUser()).id}.json`,
      payload: { user: { administrator: true } },
    }),
    'give data administrator': async () => ({
      method: 'PUT',
      url: `/api/v1/users/${(await freshUser()).id}.json`,
      payload: { user: { data_administrator: true } },
    }),
    'remove user': async () => ({ method: 'DELETE', url: `/api/v1/users/${(await freshUser()).id}.json` }),
    'lock user': async () => ({ method: 'GET', url: `/api/v1/users/${(await freshUser()).id}/lock.json` }),
    'unlock user': async () => ({
      method: 'GET',
      url: `/api/v1/users/${(await freshUser({ locked: true })).id}/unlock.json`,
    }),
    'reset password': async () => ({
      method: 'PATCH',
      url: `/api/v1/users/${(await freshUser()).id}/reset_password.json`,
      payload: {
        user: {
          ...resetPasswordFields(keys),
        },
      },
    }),
    'audit log': async () => ({
      method: 'GET',
      url: '/api/v1/audit_log_entries.json?filter=&limit=200&offset=0&order=desc&everything=true',
    }),
    "a user's activity": async () => ({
      method: 'GET',
      url: `/api/v1/audit_log_entries.json?filter=${setup.scenario.users.reader.id}&limit=10&offset=0&order=created_at%20desc`,
    }),
    'show organisation': async () => ({ method: 'GET', url: '/api/v1/organisation.json' }),
    'set auto logout': async () => ({
      method: 'PUT',
      url: '/api/v1/organisation.json',
      payload: { organisation: { inactivity_length: 15 } },
    }),
    'rename organisation': async () => ({
      method: 'PUT',
      url: '/api/v1/organisation.json',
      payload: { organisation: { name: 'Renamed' } },
    }),
    'delete team': async () => {
      const team = await buildTeam(setup.context.db, setup.scenario.users.owner.organisation_id);
      await buildMembership(setup.context.db, setup.scenario.users.manager, team.id);
      await buildMembership(setup.context.db, setup.scenario.users.reader, team.id);
      return { method: 'DELETE', url: `/api/v1/teams/${team.id}.json` };
    },
  };

  const rows = MATRIX.flatMap(([name, expected, messages]) =>
    SCENARIO_ROLES.map(
      (role, index) =>
        [name, role, expected[index] ?? 0, messages?.[role]] as [string, ScenarioRole, number, string?],
    ),
  );

  it.each(rows)('%s as %s answers %i', async (name, role, expected, message) => {
    const prepare = calls[name];
    if (!prepare) throw new Error(`no call named ${name}`);
    const { method, url, payload } = await prepare();
    if (STEP_UP_CALLS.has(name)) await provePassword(setup.context.app, setup.scenario.tokens[role]);
    const response = await callAsRole(setup, role, method, url, payload);
    expect(response.statusCode).toBe(expected);
    if (expected === 404) expect(response.json()).toEqual({ error: 'Not found' });
    if (expected === 403)
      expect(response.json()).toEqual({ error: message ?? 'You do not have permission to do that.' });
  });
});
