import { ALREADY_MANAGER_MESSAGE, NOT_A_MANAGER_MESSAGE, SELECT_TEAM_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { callApi, callAsRole, useChestScenario } from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildManager,
  buildMembership,
  buildSecret,
  buildTeam,
  buildUser,
} from '../../test/factories.js';

describe('chests', () => {
  const setup = useChestScenario();

  const admin = () => setup.scenario.tokens.administrator;

  async function auditActions(objectId: string): Promise<string[]> {
    const rows = await setup.context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('object_id', '=', objectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  }

  it('creates a chest linked to teams and answers it with teams, assignments and users', async () => {
    const response = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults.json', {
      vault: {
        name: 'Operations',
        assignments_attributes: [{ team_id: setup.scenario.writeTeam.id, edit_access: true }],
      },
    });
    expect(response.statusCode).toBe(201);
    const chest = response.json();
    expect(chest).toMatchObject({ name: 'Operations', secret_count: 0, teams: [setup.scenario.writeTeam] });
    expect(chest.assignments).toEqual([
      { id: expect.any(String), vault_id: chest.id, team_id: setup.scenario.writeTeam.id, edit_access: true },
    ]);
    expect(chest.users).toEqual([
      expect.objectContaining({ id: setup.scenario.users.writer.id, manager: false, administrator: false }),
    ]);
    expect(await auditActions(chest.id)).toEqual(['Created chest Operations']);
  });

  it('answers the specification messages for a chest without name or team, and writes nothing', async () => {
    const before = await setup.context.db.selectFrom('vaults').select('id').execute();
    const noTeam = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: { name: 'Lonely' },
    });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json()).toEqual({ errors: [SELECT_TEAM_MESSAGE] });
    const noName = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: { name: ' ', assignments_attributes: [{ team_id: setup.scenario.writeTeam.id }] },
    });
    expect(noName.json()).toEqual({ errors: ['Required field Name is empty.'] });
    const long = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: { name: 'x'.repeat(26), assignments_attributes: [{ team_id: setup.scenario.writeTeam.id }] },
    });
    expect(long.json()).toEqual({ errors: ['Field Name exceeds the maximum of 25 characters.'] });
    expect(await setup.context.db.selectFrom('vaults').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a team of another organisation as if it did not exist, writing nothing', async () => {
    const foreign = await buildTeam(setup.context.db, setup.scenario.users.stranger.organisation_id);
    const response = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: { name: 'Sneaky', assignments_attributes: [{ team_id: foreign.id }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Team not found.'] });
    const sneaky = await setup.context.db
      .selectFrom('vaults')
      .select('id')
      .where('name', '=', 'Sneaky')
      .execute();
    expect(sneaky).toEqual([]);
  });

  it('renames and relinks a chest; keys of users who lose access go in the same transaction', async () => {
    const team = await buildTeam(setup.context.db, setup.scenario.users.owner.organisation_id);
    const member = await buildUser(setup.context.db, {
      organisation_id: setup.scenario.users.owner.organisation_id,
    });
    await buildMembership(setup.context.db, member, team.id);
    const created = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: {
        name: 'Finance',
        assignments_attributes: [{ team_id: team.id }, { team_id: setup.scenario.writeTeam.id }],
      },
    });
    const chest = created.json();
    const { owner, administrator, writer } = setup.scenario.users;
    const secret = await buildSecret(setup.context.db, administrator, chest.id, {
      readerIds: [owner.id, administrator.id, writer.id, member.id],
    });
    const link = chest.assignments.find((row: { team_id: string }) => row.team_id === team.id);

    const response = await callApi(setup.context.app, admin(), 'PUT', `/api/v1/vaults/${chest.id}.json`, {
      vault: {
        name: 'Finance 2',
        assignments_attributes: [
          { id: link.id, _destroy: true },
          { team_id: setup.scenario.writeTeam.id, edit_access: true },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Finance 2', teams: [setup.scenario.writeTeam] });
    expect(response.json().assignments).toEqual([expect.objectContaining({ edit_access: true })]);
    const holders = await setup.context.db
      .selectFrom('secret_keys')
      .select('user_id')
      .where('secret_id', '=', secret.id)
      .execute();
    expect(holders.map((row) => row.user_id).sort()).toEqual([owner.id, administrator.id, writer.id].sort());
    expect(await auditActions(chest.id)).toEqual([
      'Created chest Finance',
      'Renamed chest Finance to Finance 2',
    ]);
  });

  it('lists the readers a new team link brings as missing keys, and drops them with the link', async () => {
    const { owner, administrator, writer, reader, manager } = setup.scenario.users;
    const created = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: {
        name: 'Linked',
        assignments_attributes: [{ team_id: setup.scenario.writeTeam.id, edit_access: true }],
      },
    });
    const chest = created.json();
    const secret = await buildSecret(setup.context.db, writer, chest.id, {
      readerIds: [owner.id, administrator.id, writer.id],
    });
    const missing = async () => {
      const response = await callApi(
        setup.context.app,
        admin(),
        'GET',
        '/api/v1/secret_keys/reshare_all.json',
      );
      return response
        .json()
        .keyshare.filter((pair: { secret_id: string }) => pair.secret_id === secret.id)
        .map((pair: { user_id: string }) => pair.user_id)
        .sort();
    };
    expect(await missing()).toEqual([]);
    const linked = await callApi(setup.context.app, admin(), 'PUT', `/api/v1/vaults/${chest.id}.json`, {
      vault: { assignments_attributes: [{ team_id: setup.scenario.readTeam.id, edit_access: false }] },
      options: ['teams'],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      team_count: 2,
      users: expect.any(Array),
      teams: expect.any(Array),
    });
    expect(await missing()).toEqual([reader.id, manager.id].sort());

    const link = linked
      .json()
      .assignments.find((row: { team_id: string }) => row.team_id === setup.scenario.readTeam.id);
    const unlinked = await callApi(setup.context.app, admin(), 'PATCH', `/api/v1/vaults/${chest.id}`, {
      vault: { assignments_attributes: [{ id: link.id, _destroy: true }] },
    });
    expect(unlinked.json()).toMatchObject({ team_count: 1 });
    expect(await missing()).toEqual([]);
    expect(await auditActions(chest.id)).toEqual([
      'Created chest Linked',
      'Updated chest Linked',
      'Updated chest Linked',
    ]);
  });

  it('renames a chest in its secrets’ rows too, so lists sort by the new name', async () => {
    const created = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: { name: 'Old name', assignments_attributes: [{ team_id: setup.scenario.writeTeam.id }] },
    });
    const chest = created.json();
    await buildSecret(setup.context.db, setup.scenario.users.writer, chest.id, { name: 'kept' });
    await callApi(setup.context.app, admin(), 'PUT', `/api/v1/vaults/${chest.id}`, {
      vault: { name: 'New name' },
    });
    const listed = await callApi(
      setup.context.app,
      admin(),
      'GET',
      `/api/v1/secrets.json?vault_id=${chest.id}`,
    );
    expect(listed.json().items).toEqual([expect.objectContaining({ name: 'kept', vault_name: 'New name' })]);
  });

  it('refuses to unlink the last team', async () => {
    const shown = await callApi(
      setup.context.app,
      admin(),
      'GET',
      `/api/v1/vaults/${setup.scenario.otherChest.id}?options[]=teams`,
    );
    const [only] = shown.json().assignments;
    const response = await callApi(
      setup.context.app,
      admin(),
      'PATCH',
      `/api/v1/vaults/${setup.scenario.otherChest.id}`,
      {
        vault: { assignments_attributes: [{ id: only.id, _destroy: true }] },
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [SELECT_TEAM_MESSAGE] });
  });

  it('deletes a chest with its secrets and their keys', async () => {
    const created = await callApi(setup.context.app, admin(), 'POST', '/api/v1/vaults', {
      vault: { name: 'Doomed', assignments_attributes: [{ team_id: setup.scenario.writeTeam.id }] },
    });
    const chest = created.json();
    const secret = await buildSecret(setup.context.db, setup.scenario.users.administrator, chest.id);
    const response = await callApi(setup.context.app, admin(), 'DELETE', `/api/v1/vaults/${chest.id}.json`);
    expect(response.statusCode).toBe(204);
    expect(
      await setup.context.db.selectFrom('secrets').select('id').where('id', '=', secret.id).execute(),
    ).toEqual([]);
    const keys = await setup.context.db
      .selectFrom('secret_keys')
      .select('id')
      .where('secret_id', '=', secret.id)
      .execute();
    expect(keys).toEqual([]);
    expect(await auditActions(chest.id)).toContain('Deleted chest Doomed and its secrets');
  });

  describe('managers', () => {
    it('promotes a member of a linked team, once', async () => {
      const { chest } = setup.scenario;
      const { reader } = setup.scenario.users;
      const url = `/api/v1/vaults/${chest.id}/promote.json`;
      const response = await callApi(setup.context.app, admin(), 'POST', url, { user_id: reader.id });
      expect(response.statusCode).toBe(200);
      const users = response.json().users as { id: string; manager: boolean }[];
      expect(users.find((user) => user.id === reader.id)?.manager).toBe(true);
      const again = await callApi(setup.context.app, admin(), 'POST', url, { user_id: reader.id });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ errors: [ALREADY_MANAGER_MESSAGE] });
    });

    it('refuses administrators, users outside the chest teams and users of another organisation', async () => {
      const url = `/api/v1/vaults/${setup.scenario.chest.id}/promote`;
      const promote = (userId: string) =>
        callApi(setup.context.app, admin(), 'POST', url, { user_id: userId });
      expect((await promote(setup.scenario.users.owner.id)).json()).toEqual({
        errors: ['Administrators already have access to every chest.'],
      });
      expect((await promote(setup.scenario.users.outsider.id)).json()).toEqual({
        errors: ["Only members of the chest's teams can be made managers."],
      });
      expect((await promote(setup.scenario.users.stranger.id)).json()).toEqual({
        errors: ['User not found.'],
      });
    });

    it('demotes a manager and deletes the keys they held only as manager', async () => {
      const { chest } = setup.scenario;
      const organisation_id = setup.scenario.users.owner.organisation_id;
      const managerOnly = await buildUser(setup.context.db, { organisation_id });
      await buildManager(setup.context.db, managerOnly, chest.id);
      const { manager } = setup.scenario.users;
      const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, chest.id, {
        readerIds: [...setup.scenario.readerIds, managerOnly.id],
      });
      const demote = (userId: string) =>
        callApi(setup.context.app, admin(), 'POST', `/api/v1/vaults/${chest.id}/demote`, { user_id: userId });
      expect((await demote(managerOnly.id)).statusCode).toBe(200);
      // The scenario's manager is also in the read team: that key stays.
      expect((await demote(manager.id)).statusCode).toBe(200);
      const holders = await setup.context.db
        .selectFrom('secret_keys')
        .select('user_id')
        .where('secret_id', '=', secret.id)
        .execute();
      expect(holders.map((row) => row.user_id)).toContain(manager.id);
      expect(holders.map((row) => row.user_id)).not.toContain(managerOnly.id);
      const again = await demote(manager.id);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ errors: [NOT_A_MANAGER_MESSAGE] });
    });
  });

  describe('public keys', () => {
    it('lists every reader for a save, and administrators only for a hidden secret', async () => {
      const url = `/api/v1/vaults/${setup.scenario.chest.id}/public_keys.json`;
      const visible = await callApi(setup.context.app, setup.scenario.tokens.writer, 'GET', url);
      expect(visible.statusCode).toBe(200);
      const ids = visible.json().items.map((item: { user_id: string }) => item.user_id);
      expect(ids).toEqual(expect.arrayContaining(setup.scenario.readerIds));
      expect(ids).not.toContain(setup.scenario.users.outsider.id);
      expect(visible.json().items[0]).toEqual({
        user_id: expect.any(String),
        public_key: expect.any(String),
        reasons: expect.any(Array),
      });
      const hidden = await callApi(setup.context.app, admin(), 'GET', `${url}?hidden=true`);
      const hiddenIds = hidden.json().items.map((item: { user_id: string }) => item.user_id);
      expect(hiddenIds.sort()).toEqual(
        [setup.scenario.users.owner.id, setup.scenario.users.administrator.id].sort(),
      );
      const refused = await callApi(
        setup.context.app,
        setup.scenario.tokens.writer,
        'GET',
        `${url}?hidden=true`,
      );
      expect(refused.statusCode).toBe(403);
    });

    it('says why each reader reads, by role, as the server claims it (teams by name)', async () => {
      // A chest of its own: other tests here change the scenario chest's managers.
      const { db } = setup.context;
      const { users, writeTeam, readTeam } = setup.scenario;
      const organisationId = users.owner.organisation_id;
      const chest = await buildChest(db, organisationId);
      await buildAssignment(db, organisationId, chest.id, writeTeam.id, true);
      await buildAssignment(db, organisationId, chest.id, readTeam.id, false);
      await buildManager(db, users.manager, chest.id);
      const url = `/api/v1/vaults/${chest.id}/public_keys.json`;
      const byUser = async (token: string, query = '') => {
        const answer = await callApi(setup.context.app, token, 'GET', `${url}${query}`);
        expect(answer.statusCode).toBe(200);
        const items: { user_id: string; reasons: unknown[] }[] = answer.json().items;
        return Object.fromEntries(items.map((item) => [item.user_id, item.reasons]));
      };
      const team = (which: { id: string; name: string }) => ({
        kind: 'team',
        team_id: which.id,
        team_name: which.name,
      });
      const expected = {
        [users.owner.id]: [{ kind: 'administrator' }],
        [users.administrator.id]: [{ kind: 'administrator' }],
        [users.manager.id]: [{ kind: 'manager' }, team(readTeam)],
        [users.writer.id]: [team(writeTeam)],
        [users.reader.id]: [team(readTeam)],
      };
      // Everyone who may write in the chest gets the same claim: administrator, manager and writer.
      expect(await byUser(admin())).toEqual(expected);
      expect(await byUser(setup.scenario.tokens.manager)).toEqual(expected);
      expect(await byUser(setup.scenario.tokens.writer)).toEqual(expected);
      // A hidden secret is read as administrator, and nothing else is claimed.
      expect(await byUser(admin(), '?hidden=true')).toEqual({
        [users.owner.id]: [{ kind: 'administrator' }],
        [users.administrator.id]: [{ kind: 'administrator' }],
      });
      // Who may not write there learns nothing about its readers.
      for (const role of ['reader', 'outsider', 'stranger'] as const) {
        const refused = await callAsRole(setup, role, 'GET', url);
        expect([403, 404]).toContain(refused.statusCode);
        expect(JSON.stringify(refused.json())).not.toContain('reasons');
      }
    });

    it('lists every team an administrator reads through after the administrator role', async () => {
      const { db } = setup.context;
      const { users } = setup.scenario;
      const organisationId = users.owner.organisation_id;
      const second = await buildTeam(db, organisationId, { name: 'Zeta readers' });
      const first = await buildTeam(db, organisationId, { name: 'Alpha readers' });
      const chest = await buildChest(db, organisationId);
      for (const team of [second, first]) {
        await buildAssignment(db, organisationId, chest.id, team.id, true);
        await buildMembership(db, users.administrator, team.id, false);
      }
      const answer = await callApi(
        setup.context.app,
        admin(),
        'GET',
        `/api/v1/vaults/${chest.id}/public_keys.json`,
      );
      const item = answer
        .json()
        .items.find((one: { user_id: string }) => one.user_id === users.administrator.id);
      expect(item.reasons).toEqual([
        { kind: 'administrator' },
        ...[first, second].map((team) => ({ kind: 'team', team_id: team.id, team_name: team.name })),
      ]);
    });
  });
});
