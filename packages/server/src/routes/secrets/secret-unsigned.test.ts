import { describe, expect, it } from 'vitest';
import { callAsRole, useChestScenario } from '../../test/chest-scenario.js';
import { buildSecret } from '../../test/factories.js';

// Issue 30: the secrets an administrator's browser signs are the organisation's live ones without a
// signed header, listed by id from their own index; nobody else may list them, and another
// organisation's never appear.
describe('GET /api/v1/secrets/unsigned', () => {
  const setup = useChestScenario();
  const db = () => setup.context.db;

  type Page = { ids: string[]; more: boolean; total: number };
  const page = async (query = '') => {
    const response = await callAsRole(setup, 'administrator', 'GET', `/api/v1/secrets/unsigned.json${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  it('lists live secrets without a header by id, a page at a time, with what is left', async () => {
    const { users, chest, readerIds } = setup.scenario;
    const unsigned = await Promise.all(
      ['A', 'B', 'C'].map((name) => buildSecret(db(), users.writer, chest.id, { name, readerIds })),
    );
    const hidden = await buildSecret(db(), users.administrator, chest.id, { hidden: true, readerIds });
    const marked = await buildSecret(db(), users.writer, chest.id, {
      readerIds,
      deleted_at: new Date().toISOString(),
    });
    const signed = await buildSecret(db(), users.writer, chest.id, { readerIds });
    await db().updateTable('secrets').set({ signed_header: '{}' }).where('id', '=', signed.id).execute();
    const expected = [...unsigned.map((secret) => secret.id), hidden.id].sort();
    const all = await page('?limit=100');
    for (const id of expected) expect(all.ids).toContain(id);
    expect(all.ids).not.toContain(marked.id);
    expect(all.ids).not.toContain(signed.id);
    expect(all.ids).toEqual([...all.ids].sort());
    expect(all.total).toBe(all.ids.length);
    const first = await page('?limit=2');
    expect(first).toMatchObject({ ids: all.ids.slice(0, 2), more: true, total: all.total });
    const second = await page(`?limit=2&after=${first.ids[1]}`);
    expect(second.ids).toEqual(all.ids.slice(2, 4));
  });

  it('answers 403 to anyone but an administrator, and never lists another organisation’s', async () => {
    for (const role of ['writer', 'reader', 'manager'] as const) {
      const response = await callAsRole(setup, role, 'GET', '/api/v1/secrets/unsigned.json');
      expect(response.statusCode, role).toBe(403);
    }
    const theirs = await buildSecret(db(), setup.scenario.users.stranger, setup.scenario.chest.id, {});
    const strangers = await callAsRole(setup, 'stranger', 'GET', '/api/v1/secrets/unsigned.json');
    expect(strangers.statusCode).toBe(200);
    expect((strangers.json() as Page).ids).toContain(theirs.id);
    expect((await page('?limit=100')).ids).not.toContain(theirs.id);
  });

  it('refuses a limit out of range', async () => {
    const response = await callAsRole(
      setup,
      'administrator',
      'GET',
      '/api/v1/secrets/unsigned.json?limit=101',
    );
    expect(response.statusCode).toBe(400);
  });
});
