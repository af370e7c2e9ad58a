import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillKeptValues } from '../../db/migrations/2026-11-23-0010-list-sort-columns.js';
import { toBool } from '../../db/to-bool.js';
import { buildChestScenario, type ChestScenario, callApi, newSecretBody } from '../../test/chest-scenario.js';
import { fakeSealedPayload, fakeWrappedKey } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// The values lists sort by that live in another table (vaults.secret_count, visible_secret_count,
// team_count; secrets.vault_name) must equal what they mirror after every kind of change.
describe('kept counts and chest names', () => {
  let context: TestContext;
  let s: ChestScenario;
  let chestId: string;

  beforeAll(async () => {
    context = await createTestContext();
    s = await buildChestScenario(context.db);
  });
  afterAll(async () => {
    await context.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    callApi(context.app, s.tokens.administrator, method, url, payload);

  async function readers(chest: string, hidden = false): Promise<string[]> {
    const response = await admin('GET', `/api/v1/vaults/${chest}/public_keys.json?hidden=${hidden}`);
    return response.json().items.map((item: { user_id: string }) => item.user_id);
  }

  async function createSecret(chest: string, overrides: Record<string, unknown> = {}): Promise<string> {
    const body = newSecretBody(chest, await readers(chest, overrides.hidden === true), overrides);
    const response = await admin('POST', '/api/v1/secrets.json', body);
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  // Every chest of the organisation: kept values against counts of the rows themselves.
  async function expectConsistent(step: string): Promise<void> {
    const organisationId = s.users.owner.organisation_id;
    const chests = await context.db
      .selectFrom('vaults')
      .select(['id', 'name', 'secret_count', 'visible_secret_count', 'team_count'])
      .where('organisation_id', '=', organisationId)
      .execute();
    const secrets = await context.db
      .selectFrom('secrets')
      .select(['vault_id', 'vault_name', 'hidden', 'deleted_at'])
      .where('organisation_id', '=', organisationId)
      .execute();
    const assignments = await context.db
      .selectFrom('assignments')
      .select('vault_id')
      .where('organisation_id', '=', organisationId)
      .execute();
    for (const chest of chests) {
      const own = secrets.filter((secret) => secret.vault_id === chest.id);
      const live = own.filter((secret) => secret.deleted_at === null);
      expect(
        {
          secret_count: chest.secret_count,
          visible_secret_count: chest.visible_secret_count,
          team_count: chest.team_count,
          names: [...new Set(own.map((secret) => secret.vault_name))],
        },
        `${step}: chest ${chest.name}`,
      ).toEqual({
        secret_count: live.length,
        visible_secret_count: live.filter((secret) => !toBool(secret.hidden)).length,
        team_count: assignments.filter((row) => row.vault_id === chest.id).length,
        names: own.length > 0 ? [chest.name] : [],
      });
    }
  }

  it('follows creates, saves, hides, moves, marks, restores and deletions of secrets', async () => {
    const created = await admin('POST', '/api/v1/vaults.json', {
      vault: { name: 'counted', assignments_attributes: [{ team_id: s.writeTeam.id, edit_access: true }] },
    });
    chestId = created.json().id;
    await expectConsistent('chest created');
    const first = await createSecret(chestId, { name: 'first' });
    const second = await createSecret(chestId, { name: 'second' });
    const hidden = await createSecret(chestId, { name: 'hidden', hidden: true });
    await expectConsistent('secrets created');

    // Un-hiding is a save: the next revision, wrapped for every reader.
    const unhide = await admin('PUT', `/api/v1/secrets/${hidden}.json`, {
      secret: {
        revision: 2,
        name: 'hidden no more',
        category: 'note',
        hidden: false,
        ...fakeSealedPayload(),
        secret_keys_attributes: (await readers(chestId)).map((user_id) => ({
          user_id,
          encrypted_value: fakeWrappedKey(),
        })),
      },
    });
    expect(unhide.statusCode).toBe(200);
    await expectConsistent('unhidden');

    expect(
      (await admin('PUT', `/api/v1/secrets/${first}.json`, { secret: { vault_id: s.chest.id } })).statusCode,
    ).toBe(200);
    await expectConsistent('moved');
    expect((await admin('POST', `/api/v1/secrets/${second}/mark_for_deletion.json`)).statusCode).toBe(200);
    await expectConsistent('marked');
    expect((await admin('POST', `/api/v1/secrets/${second}/unmark_for_deletion.json`)).statusCode).toBe(200);
    await expectConsistent('restored');
    const owner = await callApi(context.app, s.tokens.owner, 'DELETE', `/api/v1/secrets/${second}.json`);
    expect(owner.statusCode).toBe(204);
    await expectConsistent('deleted for good');
  });

  it('follows renames and team links of chests, and team changes', async () => {
    const shown = (await admin('GET', `/api/v1/vaults/${chestId}.json?options[]=teams`)).json();
    const renamed = await admin('PUT', `/api/v1/vaults/${chestId}.json`, {
      vault: {
        name: 'recounted',
        assignments_attributes: [
          { id: shown.assignments[0].id, edit_access: false },
          { team_id: s.readTeam.id, edit_access: true },
        ],
      },
    });
    expect(renamed.json()).toMatchObject({ name: 'recounted', team_count: 2 });
    await expectConsistent('chest renamed and linked');

    const team = await admin('POST', '/api/v1/teams.json', {
      team: {
        name: 'linkers',
        assignments_attributes: [{ vault_id: chestId }, { vault_id: s.otherChest.id }],
      },
    });
    expect(team.statusCode).toBe(201);
    await expectConsistent('team created with chests');
    const [link] = team.json().assignments.filter((row: { vault_id: string }) => row.vault_id === chestId);
    await admin('PUT', `/api/v1/teams/${team.json().id}.json`, {
      team: { assignments_attributes: [{ id: link.id, _destroy: true }] },
    });
    await expectConsistent('team unlinked');
    expect((await admin('DELETE', `/api/v1/teams/${team.json().id}.json`)).statusCode).toBe(204);
    await expectConsistent('team deleted');

    expect((await admin('DELETE', `/api/v1/vaults/${chestId}.json`)).statusCode).toBe(204);
    await expectConsistent('chest deleted');
  });

  it('counts every one of many concurrent creates, marks and moves', async () => {
    const created = await admin('POST', '/api/v1/vaults.json', {
      vault: { name: 'busy', assignments_attributes: [{ team_id: s.writeTeam.id, edit_access: true }] },
    });
    const busy = created.json().id;
    const readerIds = await readers(busy);
    const bodies = Array.from({ length: 12 }, (_, index) =>
      newSecretBody(busy, readerIds, { name: `busy ${index}` }),
    );
    const answers = await Promise.all(bodies.map((body) => admin('POST', '/api/v1/secrets.json', body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 201));
    await expectConsistent('concurrent creates');
    const ids = answers.map((answer) => answer.json().id as string);
    await Promise.all([
      ...ids.slice(0, 4).map((id) => admin('POST', `/api/v1/secrets/${id}/mark_for_deletion.json`)),
      ...ids
        .slice(4, 8)
        .map((id) => admin('PUT', `/api/v1/secrets/${id}.json`, { secret: { vault_id: s.otherChest.id } })),
      // The same secret marked twice at once: one marks it, the other finds it marked or changed.
      ...[ids[8], ids[8]].map((id) => admin('POST', `/api/v1/secrets/${id}/mark_for_deletion.json`)),
    ]);
    await expectConsistent('concurrent marks and moves');
  });

  it('fills the kept values from existing rows when migrating', async () => {
    await sql`update vaults set secret_count = 99, visible_secret_count = 99, team_count = 99`.execute(
      context.db,
    );
    await sql`update secrets set vault_name = 'stale'`.execute(context.db);
    await fillKeptValues(context.db as unknown as Kysely<unknown>);
    await expectConsistent('filled');
  });
});
