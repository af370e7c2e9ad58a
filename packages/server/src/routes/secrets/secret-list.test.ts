import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

interface ListAnswer {
  items: { id: string; name: string; hidden: boolean; vault_id: string; vault?: { id: string } }[];
  total: number;
  next_cursor: string | null;
}

describe('listing secrets', () => {
  let context: TestContext;
  let scenario: ChestScenario;
  const names = ['alpha', 'Bravo', 'charlie', 'delta', 'Echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

  beforeAll(async () => {
    context = await createTestContext();
    scenario = await buildChestScenario(context.db);
    for (const name of names) {
      await buildSecret(context.db, scenario.users.writer, scenario.chest.id, {
        name,
        readerIds: scenario.readerIds,
      });
    }
    await buildSecret(context.db, scenario.users.administrator, scenario.chest.id, {
      name: 'hidden one',
      hidden: true,
    });
    await buildSecret(context.db, scenario.users.writer, scenario.chest.id, {
      name: 'binned',
      deleted_at: new Date().toISOString(),
    });
    const elsewhere = await buildChest(context.db, scenario.users.owner.organisation_id);
    await buildSecret(context.db, scenario.users.administrator, elsewhere.id, { name: 'elsewhere' });
  });
  afterAll(async () => {
    await context.close();
  });

  const list = async (token: string, query: string): Promise<ListAnswer> => {
    const response = await callApi(context.app, token, 'GET', `/api/v1/secrets.json?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('counts a removal and a restore in the very next total', async () => {
    const before = await list(scenario.tokens.writer, 'limit=1');
    const id = before.items[0]?.id ?? '';
    const removed = await callApi(
      context.app,
      scenario.tokens.writer,
      'POST',
      `/api/v1/secrets/${id}/mark_for_deletion`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await list(scenario.tokens.writer, 'limit=1')).total).toBe(before.total - 1);
    const restored = await callApi(
      context.app,
      scenario.tokens.writer,
      'POST',
      `/api/v1/secrets/${id}/unmark_for_deletion`,
    );
    expect(restored.statusCode).toBe(200);
    expect((await list(scenario.tokens.writer, 'limit=1')).total).toBe(before.total);
  });

  it('lists metadata only, never ciphertext', async () => {
    const page = await list(scenario.tokens.writer, 'limit=3');
    expect(page.items).toHaveLength(3);
    for (const item of page.items) {
      expect(item).not.toHaveProperty('encrypted_data');
      expect(item).not.toHaveProperty('encryption_iv');
      expect(item).not.toHaveProperty('secret_key');
    }
  });

  it('pages by cursor to exactly the rows offset paging returns, in every order', async () => {
    for (const order of ['name asc', 'name desc', 'created_at desc', 'updated_at desc', 'strength desc']) {
      const byOffset: string[] = [];
      for (let offset = 0; offset < 20; offset += 4) {
        const page = await list(
          scenario.tokens.writer,
          `limit=4&offset=${offset}&order=${encodeURIComponent(order)}`,
        );
        byOffset.push(...page.items.map((item) => item.id));
      }
      const byCursor: string[] = [];
      let query = `limit=4&order=${encodeURIComponent(order)}`;
      for (;;) {
        const page = await list(scenario.tokens.writer, query);
        byCursor.push(...page.items.map((item) => item.id));
        if (!page.next_cursor) break;
        query = `limit=4&cursor=${page.next_cursor}`;
      }
      expect(byCursor).toEqual(byOffset);
      expect(byCursor).toHaveLength(names.length + 1);
    }
  });

  it('answers the total of all matches and sorts by name', async () => {
    const page = await list(scenario.tokens.writer, 'limit=2&order=name%20asc');
    expect(page.total).toBe(names.length + 1);
    expect(page.next_cursor).toEqual(expect.any(String));
    const all = await list(scenario.tokens.writer, 'limit=200');
    expect(all.next_cursor).toBeNull();
  });

  it('filters by name, case-insensitively, with % and _ taken literally', async () => {
    const page = await list(scenario.tokens.writer, 'filter=ECH');
    expect(page.items.map((item) => item.name)).toEqual(['Echo']);
    expect(page.total).toBe(1);
    expect((await list(scenario.tokens.writer, 'filter=%25')).total).toBe(0);
    expect((await list(scenario.tokens.writer, 'filter=_')).total).toBe(0);
  });

  it('shows hidden secrets to administrators only', async () => {
    const writer = await list(scenario.tokens.writer, 'limit=200');
    expect(writer.items.map((item) => item.name)).not.toContain('hidden one');
    const admin = await list(scenario.tokens.administrator, 'limit=200&everything=true');
    expect(admin.items.find((item) => item.name === 'hidden one')?.hidden).toBe(true);
  });

  it('lists every chest for administrators asking for everything, their own chests otherwise', async () => {
    const own = await list(scenario.tokens.administrator, 'limit=200');
    expect(own.items).toEqual([]);
    const everything = await list(scenario.tokens.administrator, 'limit=200&everything=true');
    expect(everything.items.map((item) => item.name)).toContain('elsewhere');
    const writer = await list(scenario.tokens.writer, 'limit=200&everything=true');
    expect(writer.items.map((item) => item.name)).not.toContain('elsewhere');
  });

  it('lists marked secrets only when asked for the deleted ones', async () => {
    const live = await list(scenario.tokens.writer, 'limit=200');
    expect(live.items.map((item) => item.name)).not.toContain('binned');
    const deleted = await list(scenario.tokens.writer, 'deleted=true');
    expect(deleted.items.map((item) => item.name)).toEqual(['binned']);
  });

  it('lists one chest’s secrets, 404 for a chest the caller cannot see', async () => {
    const page = await list(scenario.tokens.reader, `vault_id=${scenario.chest.id}&limit=1&options[]=vault`);
    expect(page.items[0]?.vault_id).toBe(scenario.chest.id);
    expect(page.items[0]?.vault).toMatchObject({
      id: scenario.chest.id,
      name: scenario.chest.name,
      manager: false,
    });
    const denied = await callApi(
      context.app,
      scenario.tokens.outsider,
      'GET',
      `/api/v1/secrets?vault_id=${scenario.chest.id}`,
    );
    expect(denied.statusCode).toBe(404);
    const stranger = await callApi(
      context.app,
      scenario.tokens.stranger,
      'GET',
      '/api/v1/secrets?everything=true',
    );
    expect(stranger.json()).toEqual({ items: [], total: 0, next_cursor: null });
  });

  // The page query of one shape (here: one chest, first page and next, by name) is compiled once
  // and reused: each caller must still get the rows of their own chests.
  it('answers each caller from their own chests when their queries have the same shape', async () => {
    const organisationId = scenario.users.owner.organisation_id;
    const newcomer = await buildUser(context.db, { organisation_id: organisationId });
    const team = await buildTeam(context.db, organisationId);
    await buildMembership(context.db, newcomer, team.id, true);
    const chest = await buildChest(context.db, organisationId);
    await buildAssignment(context.db, organisationId, chest.id, team.id, true);
    for (const name of ['newcomer one', 'newcomer two']) {
      await buildSecret(context.db, newcomer, chest.id, { name });
    }
    const token = await buildSession(context.db, newcomer);
    for (const query of ['limit=1', 'limit=200']) {
      const reader = await list(scenario.tokens.reader, query);
      const own = await list(token, query);
      expect(reader.items.every((item) => item.vault_id === scenario.chest.id)).toBe(true);
      expect(own.items.map((item) => item.vault_id)).toEqual(
        query === 'limit=1' ? [chest.id] : [chest.id, chest.id],
      );
      expect(own.total).toBe(2);
      if (own.next_cursor) {
        const next = await list(token, `limit=1&cursor=${own.next_cursor}`);
        expect(next.items.map((item) => item.name)).toEqual(['newcomer two']);
        const readerNext = await list(scenario.tokens.reader, `limit=1&cursor=${reader.next_cursor}`);
        expect(readerNext.items.every((item) => item.vault_id === scenario.chest.id)).toBe(true);
      }
    }
  });

  it('refuses unknown orders, bad cursors and oversized pages', async () => {
    const get = (query: string) =>
      callApi(context.app, scenario.tokens.writer, 'GET', `/api/v1/secrets?${query}`);
    const order = await get('order=password');
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0]).toMatch(/^The order must be one of: name asc, name desc/);
    expect((await get('cursor=bm9wZQ')).json()).toEqual({
      errors: ['The cursor is invalid. Start again from the first page.'],
    });
    expect((await get('limit=201')).statusCode).toBe(400);
    const first = (await get('limit=1&order=name%20desc')).json();
    expect((await get(`cursor=${first.next_cursor}&order=name%20asc`)).statusCode).toBe(400);
  });
});
