import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import type { PageRequest } from '../repositories/list-paging.js';
import { AUDIT_LOG_LIST } from '../services/audit/audit-log-query-service.js';
import { CHEST_LIST } from '../services/chests/chest-query-service.js';
import { ROTATION_LIST } from '../services/rotations/rotation-query-service.js';
import { DELETED_SECRET_LIST, SECRET_LIST } from '../services/secrets/secret-query-service.js';
import { TEAM_LIST } from '../services/teams/team-query-service.js';
import { USER_LIST } from '../services/users/user-query-service.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { type ListResource, pageQuery } from './list-resource.js';
import { resolveSort, sortKeysOf } from './list-sorts.js';

// Every order of every list, both directions, first page and a page after a cursor, over a whole
// organisation (the administrator's `everything`): the engine's planner must read the rows from
// the order's index, already sorted. SQLite's EXPLAIN QUERY PLAN answers the same without
// statistics; PostgreSQL is asked with sequential scans and sorts priced out (enable_seqscan,
// enable_sort off), so the answer is "can an index give this order", whatever the table holds.

type AnyResource = ListResource<
  'secrets' | 'vaults' | 'teams' | 'users' | 'audit_log_entries' | 'rotations',
  { organisationId: string },
  { id: string },
  unknown
>;

const organisationId = randomUUID();
type AnyScope = { organisationId: string } & Record<string, unknown>;

const LISTS: [name: string, resource: AnyResource, scope: AnyScope][] = [
  ['chests', CHEST_LIST as unknown as AnyResource, { organisationId, chestIds: null, includeHidden: true }],
  [
    "chests (a member's counts)",
    CHEST_LIST as unknown as AnyResource,
    { organisationId, chestIds: null, includeHidden: false },
  ],
  ['teams', TEAM_LIST as unknown as AnyResource, { organisationId, teamIds: null }],
  ['users', USER_LIST as unknown as AnyResource, { organisationId, teamId: null }],
  ['audit log', AUDIT_LOG_LIST as unknown as AnyResource, { organisationId, subjectId: null }],
  [
    'secrets',
    SECRET_LIST as unknown as AnyResource,
    { organisationId, chestIds: null, includeHidden: true, deleted: false },
  ],
  [
    'deleted secrets',
    DELETED_SECRET_LIST as unknown as AnyResource,
    { organisationId, chestIds: null, includeHidden: true, deleted: true },
  ],
  [
    'rotations',
    ROTATION_LIST as unknown as AnyResource,
    { organisationId, chestIds: null, includeHidden: true, userId: null, vaultId: null, open: true },
  ],
];

const CASES = LISTS.flatMap(([name, resource, scope]) =>
  sortKeysOf(resource).flatMap((key) =>
    (['asc', 'desc'] as const).flatMap((direction) =>
      [false, true].map((afterCursor) => ({ name, resource, scope, key, direction, afterCursor })),
    ),
  ),
);

describe('list plans: every order reads its index', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function plan(query: CompiledQuery): Promise<string> {
    if (context.dialect === 'sqlite') {
      const explained = CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]);
      const { rows } = await context.db.executeQuery<{ detail: string }>(explained);
      return rows.map((row) => row.detail).join('\n');
    }
    return context.db.transaction().execute(async (trx: Kysely<Database>) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const explained = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(explained);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it.each(CASES)('$name by $key $direction (after a cursor: $afterCursor)', async (testCase) => {
    const { resource, scope, key, direction, afterCursor } = testCase;
    const sort = resolveSort(resource, key, scope);
    const page: PageRequest = {
      order: { column: key, direction },
      limit: 20,
      offset: 0,
      cursor: afterCursor ? { value: sort.type === 'integer' ? 3 : 'm', id: randomUUID() } : null,
      filter: null,
    };
    const query = pageQuery(context.db, resource, scope, page);
    if (!query) throw new Error('an organisation-wide list has a query');
    const text = await plan(query.selectAll().compile());
    if (context.dialect === 'sqlite') {
      expect(text).toMatch(new RegExp(`USING (COVERING )?INDEX ${sort.index}\\b`));
      expect(text).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(text).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${sort.index} on`));
      expect(text).not.toMatch(/Sort/);
    }
  });

  it('also when searching by name', async () => {
    const scope = { organisationId, chestIds: null, includeHidden: true, deleted: false };
    const page: PageRequest = {
      order: { column: 'updated_at', direction: 'desc' },
      limit: 20,
      offset: 0,
      cursor: null,
      filter: 'mail',
    };
    const query = pageQuery(context.db, SECRET_LIST, scope, page);
    const text = await plan((query ?? context.db.selectFrom('secrets')).selectAll().compile());
    expect(text).toMatch(/secrets_live_updated_at_index/);
    expect(text).not.toMatch(context.dialect === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
  });
});
