import { randomUUID } from 'node:crypto';
import {
  SECRET_READ_MAX_IDS,
  type SecretChanges,
  type SecretIdPage,
  type SecretReadPage,
} from '@coffer/core';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  newSecretBody,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import { buildChest, buildSecret } from '../../test/factories.js';

// POST /api/v1/secrets/read and the cursor of GET /api/v1/secrets/ids (issue 29, the extension's
// first sync), on either engine.
describe('reading secrets by id, and the ids’ cursor', () => {
  const setup = useChestScenario();
  const app = () => setup.context.app;
  const token = (role: ScenarioRole) => setup.scenario.tokens[role];
  const READERS: ScenarioRole[] = ['owner', 'administrator', 'manager', 'writer', 'reader'];

  async function read(role: ScenarioRole, ids: string[], category?: string) {
    const response = await callApi(app(), token(role), 'POST', '/api/v1/secrets/read.json', {
      ids,
      ...(category ? { category } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SecretReadPage;
  }

  it('answers each readable secret as the single read does, and the rest as missing, for every role', async () => {
    const { secret } = setup.scenario;
    const unknown = randomUUID();
    for (const role of SCENARIO_ROLES) {
      const page = await read(role, [unknown, secret.id, secret.id]);
      if (READERS.includes(role)) {
        const single = await callApi(app(), token(role), 'GET', `/api/v1/secrets/${secret.id}.json`);
        expect(page.items).toEqual([single.json()]);
        expect(page.items[0]?.secret_key?.user_id).toBe(setup.scenario.users[role].id);
        expect(page.missing).toEqual([unknown]);
      } else {
        expect(page.items).toEqual([]);
        expect(page.missing).toEqual([unknown, secret.id]);
      }
    }
  });

  it('keeps another organisation’s secrets, hidden ones and those of another category out', async () => {
    const { users, chest } = setup.scenario;
    const elsewhere = await buildChest(setup.context.db, users.stranger.organisation_id);
    const foreign = await buildSecret(setup.context.db, users.stranger, elsewhere.id, {
      readerIds: [users.stranger.id],
    });
    const hidden = await buildSecret(setup.context.db, users.administrator, chest.id, {
      hidden: true,
      readerIds: [users.owner.id, users.administrator.id, users.reader.id],
    });
    const note = await buildSecret(setup.context.db, users.writer, chest.id, {
      category: 'note',
      readerIds: setup.scenario.readerIds,
    });
    const all = [foreign.id, hidden.id, note.id];

    expect((await read('stranger', all)).items.map((item) => item.id)).toEqual([foreign.id]);
    expect((await read('administrator', all)).items.map((item) => item.id)).toEqual([hidden.id, note.id]);
    expect((await read('administrator', all, 'password')).items.map((item) => item.id)).toEqual([hidden.id]);
    const reader = await read('reader', all);
    expect(reader.items.map((item) => item.id)).toEqual([note.id]);
    expect(reader.missing).toEqual([foreign.id, hidden.id]);
  });

  it('answers a secret marked for deletion as missing', async () => {
    const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    await callApi(app(), token('writer'), 'POST', '/api/v1/secrets.json', body);
    const id = body.secret.id as string;
    expect((await read('reader', [id])).items).toHaveLength(1);
    const marked = await callApi(
      app(),
      token('writer'),
      'POST',
      `/api/v1/secrets/${id}/mark_for_deletion.json`,
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await read('reader', [id])).toEqual({ items: [], missing: [id] });
  });

  it('refuses an empty list, too many ids, no ids, a bad category and a caller not signed in', async () => {
    const tooMany = Array.from({ length: SECRET_READ_MAX_IDS + 1 }, () => randomUUID());
    for (const payload of [{ ids: [] }, { ids: tooMany }, {}, { ids: ['a'], category: 'x' }]) {
      const response = await callApi(app(), token('reader'), 'POST', '/api/v1/secrets/read.json', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const most = await callApi(app(), token('reader'), 'POST', '/api/v1/secrets/read.json', {
      ids: tooMany.slice(1),
    });
    expect(most.statusCode).toBe(200);
    const unsigned = await app().inject({
      method: 'POST',
      url: '/api/v1/secrets/read.json',
      payload: { ids: ['a'] },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('answers with the ids a cursor from before the listing: changes from it hold what came after', async () => {
    const listed = await callApi(app(), token('reader'), 'GET', '/api/v1/secrets/ids.json');
    const page = listed.json() as SecretIdPage;
    expect(page.cursor).toEqual(expect.any(String));
    const idle = await callApi(
      app(),
      token('reader'),
      'GET',
      `/api/v1/secrets/changes.json?since=${page.cursor}`,
    );
    expect((idle.json() as SecretChanges).items).toEqual([]);

    const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    await callApi(app(), token('writer'), 'POST', '/api/v1/secrets.json', body);
    const after = await callApi(
      app(),
      token('reader'),
      'GET',
      `/api/v1/secrets/changes.json?since=${page.cursor}`,
    );
    expect((after.json() as SecretChanges).items.map((item) => item.id)).toEqual([body.secret.id]);
    // It names its user, as the changes' cursor does.
    const other = await callApi(
      app(),
      token('writer'),
      'GET',
      `/api/v1/secrets/changes.json?since=${page.cursor}`,
    );
    expect(other.statusCode).toBe(400);
  });
});
