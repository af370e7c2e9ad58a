import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { insertAuditEntry } from '../../repositories/audit-log-repository.js';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import { buildSession, buildUser } from '../../test/factories.js';

describe('GET /api/v1/audit_log_entries', () => {
  const setup = useChestScenario();

  const organisationId = () => setup.scenario.users.owner.organisation_id;
  const list = async (query: string, token = setup.scenario.tokens.administrator) => {
    const response = await callApi(
      setup.context.app,
      token,
      'GET',
      `/api/v1/audit_log_entries.json?${query}`,
    );
    expect(response.statusCode).toBe(200);
    return response.json() as {
      items: { id: string; created_at: string; action: string; user_string: string }[];
      total: number;
      next_cursor: string | null;
    };
  };
  const countEntries = async () =>
    Number(
      (
        await setup.context.db
          .selectFrom('audit_log_entries')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('organisation_id', '=', organisationId())
          .executeTakeFirstOrThrow()
      ).count,
    );

  // Entries a second apart, so that their order is certain; two by the reader, one about them.
  async function seed(): Promise<{ about: string }> {
    const { reader, administrator } = setup.scenario.users;
    const entries = [
      { user: administrator, action: 'Created chest Alpha', object_id: randomUUID() },
      { user: reader, action: 'Signed in', object_id: reader.id },
      { user: administrator, action: `Locked user ${reader.name} (${reader.email})`, object_id: reader.id },
      { user: reader, action: 'Updated secret Beta', object_id: randomUUID() },
    ];
    let second = 0;
    for (const entry of entries) {
      second += 1;
      await setup.context.db
        .insertInto('audit_log_entries')
        .values({
          id: randomUUID(),
          organisation_id: organisationId(),
          user_id: entry.user.id,
          user_string: `${entry.user.name} (${entry.user.email})`,
          action: entry.action,
          object_type: 'User',
          object_id: entry.object_id,
          created_at: `2030-01-01T00:00:0${second}.000Z`,
        })
        .execute();
    }
    return { about: reader.id };
  }

  it('answers items (id, created_at, action, user_string) and total, newest first, for administrators only', async () => {
    await seed();
    for (const order of ['', 'order=desc', 'order=created_at%20desc']) {
      const page = await list(`limit=2&offset=0&${order}`);
      expect(page.items.map((item) => item.action)).toEqual([
        'Updated secret Beta',
        `Locked user ${setup.scenario.users.reader.name} (${setup.scenario.users.reader.email})`,
      ]);
      expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(['action', 'created_at', 'id', 'user_string']);
      expect(page.total).toBeGreaterThanOrEqual(4);
    }
    const second = await list('limit=2&offset=2&order=desc');
    expect(second.items.map((item) => item.action)).toEqual(['Signed in', 'Created chest Alpha']);
    const first = await list('limit=2&order=desc');
    const after = await list(`limit=2&cursor=${first.next_cursor}`);
    expect(after.items).toEqual(second.items);
    const oldest = await list('limit=1&order=asc&everything=true');
    expect(oldest.items.map((item) => item.action)).toEqual(['Created chest Alpha']);
    for (const role of ['manager', 'writer', 'reader', 'outsider'] as const) {
      const response = await callApi(
        setup.context.app,
        setup.scenario.tokens[role],
        'GET',
        '/api/v1/audit_log_entries.json',
      );
      expect(response.statusCode).toBe(403);
    }
    const bad = await callApi(
      setup.context.app,
      setup.scenario.tokens.owner,
      'GET',
      '/api/v1/audit_log_entries.json?order=name%20asc',
    );
    expect(bad.statusCode).toBe(400);
  });

  it('filters by the actor’s name or e-mail, or by a user id: what they did and what was done to them', async () => {
    const { reader, administrator } = setup.scenario.users;
    const byEmail = await list(`filter=${encodeURIComponent(reader.email.toUpperCase())}&limit=200`);
    expect(byEmail.items.map((item) => item.action)).toEqual(['Updated secret Beta', 'Signed in']);
    expect(byEmail.total).toBe(2);
    const byName = await list(`filter=${encodeURIComponent(`${administrator.name} (`)}&limit=200`);
    expect(byName.items.map((item) => item.action)).toEqual([
      `Locked user ${reader.name} (${reader.email})`,
      'Created chest Alpha',
    ]);

    const activity = await list(`filter=${reader.id}&limit=10&offset=0&order=created_at%20desc`);
    expect(activity.items.map((item) => item.action)).toEqual([
      'Updated secret Beta',
      `Locked user ${reader.name} (${reader.email})`,
      'Signed in',
    ]);
    expect(activity.total).toBe(3);
    expect((await list(`filter=${reader.id.toUpperCase()}`)).total).toBe(3);
    // Another organisation's administrator finds nothing of it.
    expect((await list(`filter=${reader.id}`, setup.scenario.tokens.stranger)).total).toBe(0);
  });

  it('lists entries written in one millisecond newest first, in the order written, on every page', async () => {
    const objectId = randomUUID();
    const actions = ['Created chest Gamma', 'Added secret One', 'Added secret Two', 'Added secret Three'];
    // One fixed clock reading for every entry, as a fast request can make them.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2031-01-01T00:00:00.000Z'));
    try {
      await setup.context.db.transaction().execute(async (trx) => {
        for (const action of actions) {
          await insertAuditEntry(trx, { organisationId: organisationId(), user: null, action, objectId });
        }
      });
    } finally {
      clock.mockRestore();
    }
    const newestFirst = [...actions].reverse();
    const all = await list(`filter=${objectId}&limit=10`);
    expect(new Set(all.items.map((item) => item.created_at))).toEqual(new Set(['2031-01-01T00:00:00.000Z']));
    expect(all.items.map((item) => item.action)).toEqual(newestFirst);
    // Page by page after a cursor, which carries the last entry's id.
    const paged: string[] = [];
    let cursor = '';
    do {
      const page = await list(`filter=${objectId}&limit=1${cursor && `&cursor=${cursor}`}`);
      paged.push(...page.items.map((item) => item.action));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(paged).toEqual(newestFirst);
    const oldestFirst = await list(`filter=${objectId}&limit=10&order=asc`);
    expect(oldestFirst.items.map((item) => item.action)).toEqual(actions);
  });

  it('records real changes, committed with them: a user locked, then removed', async () => {
    const user = await buildUser(setup.context.db, { organisation_id: organisationId() });
    await callApi(
      setup.context.app,
      setup.scenario.tokens.administrator,
      'GET',
      `/api/v1/users/${user.id}/lock.json`,
    );
    await callApi(
      setup.context.app,
      setup.scenario.tokens.administrator,
      'DELETE',
      `/api/v1/users/${user.id}.json`,
    );
    const activity = await list(`filter=${user.id}`);
    expect(activity.items.map((item) => item.action)).toEqual([
      `Removed user ${user.name} (${user.email})`,
      `Locked user ${user.name} (${user.email})`,
    ]);
    expect(activity.items[0]?.user_string).toBe(
      `${setup.scenario.users.administrator.name} (${setup.scenario.users.administrator.email})`,
    );
  });

  it('a refused change leaves no audit entry', async () => {
    const other = await buildUser(setup.context.db, { organisation_id: organisationId() });
    const before = await countEntries();
    const refused: [
      token: string,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      body?: object,
    ][] = [
      [setup.scenario.tokens.reader, 'POST', '/api/v1/teams.json', { team: { name: 'Nope' } }],
      [
        setup.scenario.tokens.administrator,
        'PUT',
        `/api/v1/teams/${setup.scenario.readTeam.id}.json`,
        { team: { name: '' } },
      ],
      [
        setup.scenario.tokens.administrator,
        'PUT',
        `/api/v1/users/${setup.scenario.users.owner.id}.json`,
        { user: { administrator: false } },
      ],
      [
        setup.scenario.tokens.administrator,
        'PUT',
        `/api/v1/users/${other.id}.json`,
        { user: { data_administrator: true } },
      ],
      [
        setup.scenario.tokens.administrator,
        'GET',
        `/api/v1/users/${setup.scenario.users.owner.id}/lock.json`,
      ],
      [setup.scenario.tokens.administrator, 'DELETE', `/api/v1/users/${setup.scenario.users.owner.id}.json`],
      [
        setup.scenario.tokens.administrator,
        'DELETE',
        `/api/v1/users/${setup.scenario.users.administrator.id}.json`,
      ],
      [setup.scenario.tokens.reader, 'DELETE', `/api/v1/users/${other.id}.json`],
      [
        setup.scenario.tokens.administrator,
        'PUT',
        '/api/v1/organisation.json',
        { organisation: { name: 'Taken over' } },
      ],
      [
        setup.scenario.tokens.writer,
        'PUT',
        '/api/v1/organisation.json',
        { organisation: { inactivity_length: 15 } },
      ],
      [
        setup.scenario.tokens.reader,
        'POST',
        `/api/v1/secrets/${setup.scenario.secret.id}/mark_for_deletion.json`,
      ],
      [setup.scenario.tokens.administrator, 'POST', '/api/v1/vaults.json', { vault: { name: '' } }],
    ];
    for (const [token, method, url, body] of refused) {
      const response = await callApi(setup.context.app, token, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await countEntries()).toBe(before);
    // A new session of the same organisation still sees the same log.
    const token = await buildSession(setup.context.db, setup.scenario.users.owner);
    expect((await list('limit=1', token)).total).toBe(before);
  });
});
