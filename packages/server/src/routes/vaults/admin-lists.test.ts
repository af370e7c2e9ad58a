import { CHEST_SORT_KEYS, DELETED_SECRET_SORT_KEYS, SECRET_SORT_KEYS, TEAM_SORT_KEYS } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortKeysOf } from '../../lists/list-sorts.js';
import { CHEST_LIST } from '../../services/chests/chest-query-service.js';
import { DELETED_SECRET_LIST, SECRET_LIST } from '../../services/secrets/secret-query-service.js';
import { TEAM_LIST } from '../../services/teams/team-query-service.js';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import { buildAssignment, buildChest, buildSecret, buildTeam } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Item = { id: string } & Record<string, unknown>;
interface Page {
  items: Item[];
  total: number;
  next_cursor: string | null;
}

// Names are lower-case ASCII, so that every engine's collation orders them as JavaScript does.
describe('admin lists: every shown column sorts, both ways, by cursor as by offset', () => {
  let context: TestContext;
  let s: ChestScenario;
  const chests: { id: string; name: string }[] = [];

  beforeAll(async () => {
    context = await createTestContext();
    s = await buildChestScenario(context.db);
    const organisationId = s.users.owner.organisation_id;
    const { writer, administrator } = s.users;
    for (const [index, name] of ['kilo', 'alpha', 'mike', 'bravo'].entries()) {
      const chest = await buildChest(context.db, organisationId, { name });
      await buildAssignment(context.db, organisationId, chest.id, s.writeTeam.id, true);
      if (index % 2 === 0) await buildAssignment(context.db, organisationId, chest.id, s.readTeam.id);
      chests.push(chest);
    }
    const categories = ['password', 'note', 'telephone', 'address'];
    for (let index = 0; index < 14; index += 1) {
      const chest = chests[index % chests.length] ?? s.chest;
      const category = categories[index % categories.length] ?? 'password';
      await buildSecret(context.db, writer, chest.id, {
        name: `secret${String.fromCharCode(97 + ((index * 7) % 26))}`,
        category,
        strength: category === 'password' ? (index % 5) + 1 : 0,
        readerIds: [writer.id],
        ...(index % 5 === 4 ? { deleted_at: new Date(Date.now() - index * 1000).toISOString() } : {}),
      });
    }
    await buildSecret(context.db, administrator, chests[0]?.id ?? s.chest.id, { name: 'hush', hidden: true });
    await buildTeam(context.db, organisationId, { name: 'zulu' });
  });
  afterAll(async () => {
    await context.close();
  });

  async function get(token: string, url: string): Promise<Page> {
    const response = await callApi(context.app, token, 'GET', url);
    expect(response.statusCode, url).toBe(200);
    return response.json();
  }

  const sortValue = (item: Item, key: string): string | number => {
    const value = item[key];
    if (key === 'strength') return (value as number | null) ?? 0;
    return value as string | number;
  };

  // The whole list in one page, checked to be in (value, id) order, then paged by 3 both ways.
  async function expectSorted(token: string, base: string, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      for (const direction of ['asc', 'desc'] as const) {
        const order = `order=${encodeURIComponent(`${key} ${direction}`)}`;
        const all = await get(token, `${base}&${order}&limit=200`);
        expect(all.items.length, `${base} ${key}`).toBeGreaterThan(1);
        for (let index = 1; index < all.items.length; index += 1) {
          const [a, b] = [all.items[index - 1], all.items[index]] as [Item, Item];
          const [x, y] = [sortValue(a, key), sortValue(b, key)];
          const before = x < y || (x === y && a.id < b.id);
          expect(direction === 'asc' ? before : !before, `${base} ${key} ${direction} at ${index}`).toBe(
            true,
          );
        }
        const byOffset: string[] = [];
        for (let offset = 0; offset < all.total; offset += 3) {
          byOffset.push(
            ...(await get(token, `${base}&${order}&limit=3&offset=${offset}`)).items.map((i) => i.id),
          );
        }
        const byCursor: string[] = [];
        let query = `${base}&${order}&limit=3`;
        for (;;) {
          const page = await get(token, query);
          byCursor.push(...page.items.map((item) => item.id));
          if (!page.next_cursor) break;
          query = `${base}&limit=3&cursor=${page.next_cursor}`;
        }
        const ids = all.items.map((item) => item.id);
        expect(byOffset, `${base} ${key} ${direction} by offset`).toEqual(ids);
        expect(byCursor, `${base} ${key} ${direction} by cursor`).toEqual(ids);
      }
    }
  }

  it('offers exactly the sort keys core names for each list', () => {
    expect(sortKeysOf(CHEST_LIST)).toEqual([...CHEST_SORT_KEYS]);
    expect(sortKeysOf(SECRET_LIST)).toEqual([...SECRET_SORT_KEYS]);
    expect(sortKeysOf(DELETED_SECRET_LIST)).toEqual([...DELETED_SECRET_SORT_KEYS]);
    expect(sortKeysOf(TEAM_LIST)).toEqual([...TEAM_SORT_KEYS]);
  });

  it('lists every chest to administrators asking for everything, their own to others', async () => {
    const everything = await get(s.tokens.administrator, '/api/v1/vaults.json?everything=true&limit=200');
    const own = await get(s.tokens.administrator, '/api/v1/vaults.json?limit=200');
    const reader = await get(s.tokens.reader, '/api/v1/vaults.json?everything=true&limit=200');
    const names = (page: Page) => page.items.map((item) => item.name).sort();
    expect(names(everything)).toEqual(expect.arrayContaining(['alpha', 'bravo', 'kilo', 'mike']));
    expect(own.items).toEqual([]);
    expect(names(reader)).toEqual(['kilo', 'mike', s.chest.name].sort());
  });

  it('sorts the chests of administrators (everything) and of members', async () => {
    await expectSorted(s.tokens.administrator, '/api/v1/vaults.json?everything=true', CHEST_SORT_KEYS);
    await expectSorted(s.tokens.writer, '/api/v1/vaults.json?options[]=teams', CHEST_SORT_KEYS);
  });

  it('sorts every secret for administrators, a member’s secrets and a chest’s secrets', async () => {
    await expectSorted(s.tokens.administrator, '/api/v1/secrets.json?everything=true', SECRET_SORT_KEYS);
    await expectSorted(s.tokens.writer, '/api/v1/secrets.json?options[]=vault', SECRET_SORT_KEYS);
    const kilo = chests[0]?.id ?? '';
    await expectSorted(s.tokens.reader, `/api/v1/secrets.json?vault_id=${kilo}&x=1`, SECRET_SORT_KEYS);
  });

  it('sorts the deleted secrets and the teams', async () => {
    const deleted = '/api/v1/secrets.json?everything=true&deleted=true';
    await expectSorted(s.tokens.administrator, deleted, DELETED_SECRET_SORT_KEYS);
    await expectSorted(s.tokens.administrator, '/api/v1/teams.json?x=1', TEAM_SORT_KEYS);
  });

  it('sorts a search too', async () => {
    const page = await get(
      s.tokens.administrator,
      '/api/v1/secrets.json?everything=true&filter=SECRET&order=strength%20desc',
    );
    expect(page.items.every((item) => String(item.name).toLowerCase().startsWith('secret'))).toBe(true);
    const strengths = page.items.map((item) => (item.strength as number | null) ?? 0);
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a));
  });

  it('answers each list’s own orders, and refuses cursors of another list or with a forged value', async () => {
    const admin = (url: string) => callApi(context.app, s.tokens.administrator, 'GET', url);
    const strength = await admin('/api/v1/secrets.json?everything=true&deleted=true&order=strength%20asc');
    expect(strength.statusCode).toBe(400);
    expect(strength.json()).toEqual({
      errors: [
        'The order must be one of: name asc, name desc, category asc, category desc, vault_name asc, ' +
          'vault_name desc, deleted_at asc, deleted_at desc.',
      ],
    });
    const chests = (
      await admin('/api/v1/vaults.json?everything=true&order=secret_count%20desc&limit=1')
    ).json();
    const foreign = await admin(`/api/v1/secrets.json?everything=true&cursor=${chests.next_cursor}`);
    expect(foreign.json()).toEqual({ errors: ['The cursor is invalid. Start again from the first page.'] });
    const forge = (value: unknown) =>
      Buffer.from(JSON.stringify(['strength', 'asc', value, 'x']), 'utf8').toString('base64url');
    for (const value of ['3', 1.5, 'a\u0000']) {
      const forged = await admin(`/api/v1/secrets.json?everything=true&cursor=${forge(value)}`);
      expect(forged.statusCode).toBe(400);
    }
  });

  it('shows counts and the chest name with each row', async () => {
    const organisationId = s.users.owner.organisation_id;
    const chest = await buildChest(context.db, organisationId, { name: 'counted' });
    await buildAssignment(context.db, organisationId, chest.id, s.writeTeam.id, true);
    await buildSecret(context.db, s.users.writer, chest.id, { name: 'one' });
    await buildSecret(context.db, s.users.writer, chest.id, { name: 'two' });
    await buildSecret(context.db, s.users.administrator, chest.id, { name: 'hidden', hidden: true });
    await buildSecret(context.db, s.users.writer, chest.id, {
      name: 'binned',
      deleted_at: new Date().toISOString(),
    });
    const find = async (token: string) =>
      (await get(token, '/api/v1/vaults.json?everything=true&filter=counted')).items[0];
    expect(await find(s.tokens.administrator)).toMatchObject({ secret_count: 3, team_count: 1 });
    expect(await find(s.tokens.writer)).toMatchObject({ secret_count: 2, team_count: 1 });
    const secrets = await get(s.tokens.writer, `/api/v1/secrets.json?vault_id=${chest.id}&deleted=true`);
    expect(secrets.items).toEqual([
      expect.objectContaining({ name: 'binned', vault_name: 'counted', deleted_at: expect.any(String) }),
    ]);
  });
});
