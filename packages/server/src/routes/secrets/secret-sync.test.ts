import { SECRET_CHANGES_CURSOR_MESSAGE, type Secret, type SecretChanges } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  newSecretBody,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSecret,
  buildSession,
  buildUser,
  fakeWrappedKey,
} from '../../test/factories.js';
import { testDialect } from '../../test/test-database.js';

// GET /api/v1/secrets/changes and /ids (issue 29, the extension's sync), on either engine.
describe('the secrets changed since a cursor', () => {
  const setup = useChestScenario();
  const app = () => setup.context.app;
  const token = (role: ScenarioRole) => setup.scenario.tokens[role];

  /** Follows `more` to the end: every page's items and removals in order, the last cursor and count. */
  async function syncAll(bearer: string, since?: string, extra = '') {
    const pages: SecretChanges[] = [];
    let cursor = since;
    for (;;) {
      const query = `${cursor ? `since=${cursor}&` : ''}${extra}`;
      const response = await callApi(app(), bearer, 'GET', `/api/v1/secrets/changes.json?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as SecretChanges;
      pages.push(page);
      cursor = page.cursor;
      if (!page.more) break;
    }
    const items = pages.flatMap((page) => page.items);
    const removed = pages.flatMap((page) => page.removed);
    const last = pages.at(-1) as SecretChanges;
    return {
      pages,
      items,
      ids: items.map((item) => item.id),
      removed,
      cursor: last.cursor,
      readable: last.readable,
    };
  }

  /** Every role's cursor at the end of what has happened so far. */
  async function cursors(): Promise<Record<ScenarioRole, string>> {
    const entries = await Promise.all(
      SCENARIO_ROLES.map(async (role) => [role, (await syncAll(token(role))).cursor] as const),
    );
    return Object.fromEntries(entries) as Record<ScenarioRole, string>;
  }

  /** Who must hold a key of a secret in the chest now (members who joined in earlier tests included). */
  async function chestReaders(): Promise<string[]> {
    const url = `/api/v1/vaults/${setup.scenario.chest.id}/public_keys.json`;
    const response = await callApi(app(), token('writer'), 'GET', url);
    return (response.json() as { items: { user_id: string }[] }).items.map((item) => item.user_id);
  }

  const READERS: ScenarioRole[] = ['owner', 'administrator', 'manager', 'writer', 'reader'];
  const NON_READERS: ScenarioRole[] = ['outsider', 'stranger'];

  it('answers from the beginning what each role can read, as the single read answers it', async () => {
    for (const role of READERS) {
      const sync = await syncAll(token(role));
      expect(sync.ids).toContain(setup.scenario.secret.id);
      const item = sync.items.find((entry) => entry.id === setup.scenario.secret.id) as Secret;
      const single = await callApi(app(), token(role), 'GET', `/api/v1/secrets/${item.id}.json`);
      expect(item).toEqual(single.json());
      expect(item.secret_key?.user_id).toBe(setup.scenario.users[role].id);
      expect(sync.removed).toEqual([]);
      expect(sync.readable).toBe(sync.ids.length);
    }
    for (const role of NON_READERS) {
      const sync = await syncAll(token(role));
      expect(sync.ids).not.toContain(setup.scenario.secret.id);
      expect(sync.readable).toBe(0);
    }
  });

  it('answers nothing when nothing changed, and a new secret to its readers only', async () => {
    const before = await cursors();
    for (const role of SCENARIO_ROLES) {
      const idle = await syncAll(token(role), before[role]);
      expect(idle.items).toEqual([]);
      expect(idle.removed).toEqual([]);
    }
    const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    const created = await callApi(app(), token('writer'), 'POST', '/api/v1/secrets.json', body);
    expect(created.statusCode).toBe(201);
    for (const role of READERS)
      expect((await syncAll(token(role), before[role])).ids).toEqual([body.secret.id]);
    for (const role of NON_READERS) expect((await syncAll(token(role), before[role])).ids).toEqual([]);
  });

  it('keeps hidden secrets to administrators', async () => {
    const before = await cursors();
    const { owner, administrator } = setup.scenario.users;
    const hidden = await buildSecret(setup.context.db, administrator, setup.scenario.chest.id, {
      hidden: true,
      readerIds: [owner.id, administrator.id],
    });
    for (const role of ['owner', 'administrator'] as const) {
      expect((await syncAll(token(role), before[role])).ids).toEqual([hidden.id]);
    }
    for (const role of ['manager', 'writer', 'reader', 'outsider', 'stranger'] as const) {
      const sync = await syncAll(token(role), before[role]);
      expect(sync.ids).toEqual([]);
      expect(sync.removed).toEqual([]);
    }
  });

  it('removes a secret moved to a chest the caller cannot read, and keeps it for those who can', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const before = await cursors();
    const moved = await callApi(app(), token('writer'), 'PUT', `/api/v1/secrets/${secret.id}.json`, {
      secret: { vault_id: setup.scenario.otherChest.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const role of ['manager', 'reader'] as const) {
      const sync = await syncAll(token(role), before[role]);
      expect(sync.removed).toEqual([secret.id]);
      expect(sync.ids).toEqual([]);
    }
    for (const role of ['owner', 'administrator', 'writer'] as const) {
      const sync = await syncAll(token(role), before[role]);
      expect(sync.ids).toEqual([secret.id]);
      expect(sync.items[0]?.vault?.id).toBe(setup.scenario.otherChest.id);
    }
    for (const role of NON_READERS) expect((await syncAll(token(role), before[role])).removed).toEqual([]);
  });

  it('removes a secret marked for deletion, answers it again once restored, and removes it deleted for good', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const before = await cursors();
    const path = `/api/v1/secrets/${secret.id}`;
    expect((await callApi(app(), token('writer'), 'POST', `${path}/mark_for_deletion.json`)).statusCode).toBe(
      200,
    );
    const marked = await cursors();
    for (const role of READERS)
      expect((await syncAll(token(role), before[role])).removed).toEqual([secret.id]);
    expect(
      (await callApi(app(), token('writer'), 'POST', `${path}/unmark_for_deletion.json`)).statusCode,
    ).toBe(200);
    const restored = await cursors();
    for (const role of READERS) expect((await syncAll(token(role), marked[role])).ids).toEqual([secret.id]);
    expect((await callApi(app(), token('owner'), 'DELETE', `${path}.json`)).statusCode).toBe(204);
    for (const role of READERS) {
      const sync = await syncAll(token(role), restored[role]);
      expect(sync.removed).toEqual([secret.id]);
      expect(sync.ids).toEqual([]);
    }
    for (const role of NON_READERS) expect((await syncAll(token(role), before[role])).removed).toEqual([]);
  });

  it('removes the secrets of a deleted chest (their keys go by cascade)', async () => {
    const { readTeam, users } = setup.scenario;
    const organisationId = users.owner.organisation_id;
    const doomed = await buildChest(setup.context.db, organisationId);
    await buildAssignment(setup.context.db, organisationId, doomed.id, readTeam.id, false);
    const secret = await buildSecret(setup.context.db, users.administrator, doomed.id, {
      readerIds: [users.owner.id, users.administrator.id, users.reader.id],
    });
    const before = await cursors();
    const deleted = await callApi(
      app(),
      token('administrator'),
      'DELETE',
      `/api/v1/vaults/${doomed.id}.json`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const role of ['owner', 'administrator', 'reader'] as const) {
      expect((await syncAll(token(role), before[role])).removed).toEqual([secret.id]);
    }
    expect((await syncAll(token('writer'), before.writer)).removed).toEqual([]);
  });

  it('removes what a member can no longer read once they leave the team, and counts it', async () => {
    const { readTeam, chest, readerIds, users } = setup.scenario;
    const leaver = await buildUser(setup.context.db, { organisation_id: users.owner.organisation_id });
    const membershipId = await buildMembership(setup.context.db, leaver, readTeam.id);
    const secret = await buildSecret(setup.context.db, users.writer, chest.id, {
      readerIds: [...readerIds, leaver.id],
    });
    const bearer = await buildSession(setup.context.db, leaver);
    const first = await syncAll(bearer);
    expect(first.ids).toEqual([secret.id]);
    expect(first.readable).toBe(1);
    const left = await callApi(app(), token('administrator'), 'PUT', `/api/v1/teams/${readTeam.id}.json`, {
      team: { memberships_attributes: [{ id: membershipId, _destroy: true }] },
    });
    expect(left.statusCode, left.body).toBe(200);
    const after = await syncAll(bearer, first.cursor);
    expect(after.removed).toEqual([secret.id]);
    expect(after.readable).toBe(0);
    const ids = await callApi(app(), bearer, 'GET', '/api/v1/secrets/ids.json');
    expect(ids.json()).toMatchObject({ items: [], more: false });
  });

  it('answers a secret once its key is delivered to a member who had none', async () => {
    const { readTeam, secret, users } = setup.scenario;
    const joiner = await buildUser(setup.context.db, { organisation_id: users.owner.organisation_id });
    await buildMembership(setup.context.db, joiner, readTeam.id);
    const bearer = await buildSession(setup.context.db, joiner);
    const first = await syncAll(bearer);
    expect(first.ids).toEqual([]);
    const delivered = await callApi(
      app(),
      token('administrator'),
      'POST',
      '/api/v1/secret_keys/reshare.json',
      {
        key_reshare_handler: {
          secret_keys_attributes: [
            { user_id: joiner.id, secret_id: secret.id, version: 1, encrypted_value: fakeWrappedKey() },
          ],
        },
      },
    );
    expect(delivered.json()).toEqual({ count: 1 });
    const after = await syncAll(bearer, first.cursor);
    expect(after.ids).toEqual([secret.id]);
    expect(after.items[0]?.secret_key?.user_id).toBe(joiner.id);
    expect(after.readable).toBe(1);
  });

  it('pages by limit: ten changes are ten payloads, each once, in pages of at most the limit', async () => {
    const before = await cursors();
    const created: string[] = [];
    const readerIds = await chestReaders();
    for (let index = 0; index < 10; index += 1) {
      const body = newSecretBody(setup.scenario.chest.id, readerIds, { name: `Paged ${index}` });
      expect((await callApi(app(), token('writer'), 'POST', '/api/v1/secrets.json', body)).statusCode).toBe(
        201,
      );
      created.push(body.secret.id as string);
    }
    const paged = await syncAll(token('reader'), before.reader, 'limit=3');
    expect(paged.pages.map((page) => page.items.length)).toEqual([3, 3, 3, 1]);
    expect(paged.pages.map((page) => page.more)).toEqual([true, true, true, false]);
    expect(paged.ids).toEqual(created);
    const whole = await syncAll(token('reader'), before.reader);
    expect(whole.ids).toEqual(created);
    expect(whole.cursor).toBe(paged.cursor);
    // The ids list agrees with the count.
    const ids = await callApi(app(), token('reader'), 'GET', '/api/v1/secrets/ids.json?limit=2');
    expect(ids.json().more).toBe(true);
    const all = await callApi(app(), token('reader'), 'GET', '/api/v1/secrets/ids.json');
    expect(all.json().items).toHaveLength(whole.readable);
    expect(all.json().items).toContainEqual({ id: created[0], revision: 1 });
  });

  it('filters by category: a secret that changes category leaves the category it left', async () => {
    const before = await cursors();
    const body = newSecretBody(setup.scenario.chest.id, await chestReaders(), {
      category: 'note',
      strength: null,
    });
    expect((await callApi(app(), token('writer'), 'POST', '/api/v1/secrets.json', body)).statusCode).toBe(
      201,
    );
    const passwords = await syncAll(token('reader'), before.reader, 'category=password');
    expect(passwords.ids).toEqual([]);
    expect(passwords.removed).toEqual([body.secret.id]);
    const notes = await syncAll(token('reader'), before.reader, 'category=note');
    expect(notes.ids).toEqual([body.secret.id]);
    expect(notes.readable).toBe(1);
  });

  // SQLite has one writer and one connection: a transaction held open would hold the sync too.
  it.runIf(testDialect() === 'postgres')(
    'never skips a change whose transaction commits after a sync read past its start',
    async () => {
      const { chest, users } = setup.scenario;
      const before = (await syncAll(token('reader'))).cursor;
      let during: Awaited<ReturnType<typeof syncAll>> | undefined;
      const secret = await setup.context.db.transaction().execute(async (trx) => {
        const written = await buildSecret(trx, users.writer, chest.id, { readerIds: await chestReaders() });
        // Meanwhile, on another connection: the uncommitted secret is neither answered nor passed.
        during = await syncAll(token('reader'), before);
        return written;
      });
      expect(during?.ids).toEqual([]);
      const after = await syncAll(token('reader'), during?.cursor);
      expect(after.ids).toEqual([secret.id]);
    },
  );

  it('refuses a bad cursor, another user’s cursor and a limit out of range with 400', async () => {
    const mine = (await syncAll(token('reader'))).cursor;
    for (const since of ['not-a-cursor', Buffer.from('[1,"x",1,null]').toString('base64url'), mine]) {
      const response = await callApi(
        app(),
        token('writer'),
        'GET',
        `/api/v1/secrets/changes.json?since=${since}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [SECRET_CHANGES_CURSOR_MESSAGE] });
    }
    for (const limit of ['0', '501', 'x']) {
      const response = await callApi(
        app(),
        token('reader'),
        'GET',
        `/api/v1/secrets/changes.json?limit=${limit}`,
      );
      expect(response.statusCode).toBe(400);
    }
    const unsigned = await app().inject({ method: 'GET', url: '/api/v1/secrets/changes.json' });
    expect(unsigned.statusCode).toBe(401);
  });
});
