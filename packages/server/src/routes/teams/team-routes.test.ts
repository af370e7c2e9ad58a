import { describe, expect, it } from 'vitest';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import {
  buildChest,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
} from '../../test/factories.js';

describe('teams', () => {
  const setup = useChestScenario();

  const admin = () => setup.scenario.tokens.administrator;
  const organisationId = () => setup.scenario.users.owner.organisation_id;

  it('lists every team to administrators and their own teams to others', async () => {
    const all = await callApi(setup.context.app, admin(), 'GET', '/api/v1/teams.json?limit=50');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(2);
    const writeTeam = all
      .json()
      .items.find((team: { id: string }) => team.id === setup.scenario.writeTeam.id);
    expect(writeTeam).toMatchObject({
      name: setup.scenario.writeTeam.name,
      default_for_new_users: false,
      user_count: 1,
      memberships: [
        { user_id: setup.scenario.users.writer.id, team_id: setup.scenario.writeTeam.id, edit_access: true },
      ],
      vaults: expect.arrayContaining([setup.scenario.chest, setup.scenario.otherChest]),
    });
    const own = await callApi(setup.context.app, setup.scenario.tokens.reader, 'GET', '/api/v1/teams');
    expect(own.json().items.map((team: { id: string }) => team.id)).toEqual([setup.scenario.readTeam.id]);
    const filtered = await callApi(
      setup.context.app,
      admin(),
      'GET',
      `/api/v1/teams?filter=${setup.scenario.readTeam.name.toUpperCase()}`,
    );
    expect(filtered.json().total).toBe(1);
    const stranger = await callApi(setup.context.app, setup.scenario.tokens.stranger, 'GET', '/api/v1/teams');
    expect(stranger.json().total).toBe(0);
  });

  it('shows a team with its members by name to administrators and members', async () => {
    const shown = await callApi(
      setup.context.app,
      setup.scenario.tokens.reader,
      'GET',
      `/api/v1/teams/${setup.scenario.readTeam.id}.json`,
    );
    expect(shown.statusCode).toBe(200);
    expect(shown.json().members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: setup.scenario.users.reader.id,
          name: setup.scenario.users.reader.name,
          edit_access: true,
        }),
      ]),
    );
    for (const role of ['writer', 'outsider', 'stranger'] as const) {
      const hidden = await callApi(
        setup.context.app,
        setup.scenario.tokens[role],
        'GET',
        `/api/v1/teams/${setup.scenario.readTeam.id}`,
      );
      expect(hidden.statusCode).toBe(404);
    }
  });

  it('creates a team with members and chests, checking the name with the specification messages', async () => {
    const noName = await callApi(setup.context.app, admin(), 'POST', '/api/v1/teams', { team: { name: '' } });
    expect(noName.json()).toEqual({ errors: ['Required field Name is empty.'] });
    const long = await callApi(setup.context.app, admin(), 'POST', '/api/v1/teams', {
      team: { name: 't'.repeat(26) },
    });
    expect(long.json()).toEqual({ errors: ['Field Name exceeds the maximum of 25 characters.'] });
    const response = await callApi(setup.context.app, admin(), 'POST', '/api/v1/teams.json', {
      team: {
        name: 'Support',
        memberships_attributes: [{ user_id: setup.scenario.users.outsider.id, edit_access: true }],
        assignments_attributes: [{ vault_id: setup.scenario.otherChest.id, edit_access: false }],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Support',
      memberships: [{ user_id: setup.scenario.users.outsider.id, edit_access: true }],
      assignments: [{ vault_id: setup.scenario.otherChest.id, edit_access: false }],
      vaults: [setup.scenario.otherChest],
    });
    const entry = await setup.context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('object_id', '=', response.json().id)
      .executeTakeFirst();
    expect(entry?.action).toBe('Created team Support');
  });

  it('refuses users and chests of another organisation, writing nothing', async () => {
    const foreignChest = await buildChest(setup.context.db, setup.scenario.users.stranger.organisation_id);
    const withUser = await callApi(setup.context.app, admin(), 'POST', '/api/v1/teams', {
      team: { name: 'Infiltrated', memberships_attributes: [{ user_id: setup.scenario.users.stranger.id }] },
    });
    expect(withUser.statusCode).toBe(400);
    expect(withUser.json()).toEqual({ errors: ['User not found.'] });
    const withChest = await callApi(
      setup.context.app,
      admin(),
      'PUT',
      `/api/v1/teams/${setup.scenario.readTeam.id}`,
      {
        team: { name: 'Renamed', assignments_attributes: [{ vault_id: foreignChest.id }] },
      },
    );
    expect(withChest.json()).toEqual({ errors: ['Chest not found.'] });
    const teams = await setup.context.db
      .selectFrom('teams')
      .select('name')
      .where('organisation_id', '=', organisationId())
      .execute();
    expect(teams.map((team) => team.name)).not.toContain('Infiltrated');
    expect(teams.map((team) => team.name)).not.toContain('Renamed');
  });

  it('changes memberships by id and removes them with _destroy', async () => {
    const team = await buildTeam(setup.context.db, organisationId());
    const member = await buildUser(setup.context.db, { organisation_id: organisationId() });
    const membershipId = await buildMembership(setup.context.db, member, team.id);
    const url = `/api/v1/teams/${team.id}`;
    const changed = await callApi(setup.context.app, admin(), 'PUT', url, {
      team: { name: 'Renamed team', memberships_attributes: [{ id: membershipId, edit_access: true }] },
    });
    expect(changed.json()).toMatchObject({
      name: 'Renamed team',
      memberships: [{ id: membershipId, edit_access: true }],
    });
    const removed = await callApi(setup.context.app, admin(), 'PUT', url, {
      team: { memberships_attributes: [{ id: membershipId, _destroy: true }] },
    });
    expect(removed.json().memberships).toEqual([]);
    const unknown = await callApi(setup.context.app, admin(), 'PUT', url, {
      team: { memberships_attributes: [{ id: 'no-such-membership', _destroy: true }] },
    });
    expect(unknown.json()).toEqual({ errors: ['Membership not found.'] });
  });

  it('sorts by user_count, which follows every membership change in the same transaction', async () => {
    const organisation = await buildUser(setup.context.db, { administrator: true });
    const token = await buildSession(setup.context.db, organisation);
    const inOrganisation = { organisation_id: organisation.organisation_id };
    const [ann, ben, cat] = [
      await buildUser(setup.context.db, inOrganisation),
      await buildUser(setup.context.db, inOrganisation),
      await buildUser(setup.context.db, inOrganisation),
    ];
    const create = async (name: string, members: { id: string }[]) =>
      (
        await callApi(setup.context.app, token, 'POST', '/api/v1/teams.json', {
          team: { name, memberships_attributes: members.map((user) => ({ user_id: user.id })) },
        })
      ).json() as { id: string; user_count: number; memberships: { id: string; user_id: string }[] };
    const big = await create('Big', [ann, ben, cat]);
    const small = await create('Small', [ann]);
    const none = await create('None', []);
    expect([big.user_count, small.user_count, none.user_count]).toEqual([3, 1, 0]);
    const order = async (direction: string) =>
      (await callApi(setup.context.app, token, 'GET', `/api/v1/teams.json?order=user_count%20${direction}`))
        .json()
        .items.map((team: { name: string; user_count: number }) => `${team.name}:${team.user_count}`);
    expect(await order('desc')).toEqual(['Big:3', 'Small:1', 'None:0']);

    const benMembership = big.memberships.find((membership) => membership.user_id === ben?.id);
    await callApi(setup.context.app, token, 'PUT', `/api/v1/teams/${big.id}.json`, {
      team: { memberships_attributes: [{ id: benMembership?.id, _destroy: true }] },
    });
    await callApi(setup.context.app, token, 'PUT', `/api/v1/teams/${none.id}.json`, {
      team: { memberships_attributes: [{ user_id: ben?.id }, { user_id: cat?.id }] },
    });
    await callApi(setup.context.app, token, 'DELETE', `/api/v1/users/${ann?.id}.json`);
    expect(await order('asc')).toEqual(['Small:0', 'Big:1', 'None:2']);
    const stored = await setup.context.db
      .selectFrom('teams')
      .leftJoin('memberships', 'memberships.team_id', 'teams.id')
      .select(['teams.name', 'teams.user_count', (eb) => eb.fn.count<number>('memberships.id').as('members')])
      .where('teams.organisation_id', '=', organisation.organisation_id)
      .groupBy(['teams.name', 'teams.user_count'])
      .execute();
    for (const row of stored) expect(Number(row.user_count)).toBe(Number(row.members));
  });

  it('deletes a team with its members’ keys to its chests, never the default team', async () => {
    const everyone = await buildTeam(setup.context.db, organisationId(), { default_for_new_users: true });
    const refused = await callApi(setup.context.app, admin(), 'DELETE', `/api/v1/teams/${everyone.id}.json`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: ['The default team cannot be removed.'] });

    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    expect(
      (
        await callApi(
          setup.context.app,
          setup.scenario.tokens.reader,
          'DELETE',
          `/api/v1/teams/${setup.scenario.readTeam.id}`,
        )
      ).statusCode,
    ).toBe(403);
    const deleted = await callApi(
      setup.context.app,
      admin(),
      'DELETE',
      `/api/v1/teams/${setup.scenario.readTeam.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    const holders = await setup.context.db
      .selectFrom('secret_keys')
      .select('user_id')
      .where('secret_id', '=', secret.id)
      .execute();
    const ids = holders.map((row) => row.user_id);
    // The reader reached the chest only through the read team; the manager still manages it.
    expect(ids).not.toContain(setup.scenario.users.reader.id);
    expect(ids).toContain(setup.scenario.users.manager.id);
  });
});
