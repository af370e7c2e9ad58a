import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSession,
  buildTeam,
  buildUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import type { Database } from './schema.js';

describe('foreign keys', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function count(table: keyof Database, organisationId: string): Promise<number> {
    const row = await context.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function buildWorld() {
    const user = await buildUser(context.db);
    const organisationId = user.organisation_id;
    await buildSession(context.db, user);
    const team = await buildTeam(context.db, organisationId);
    const chest = await buildChest(context.db, organisationId);
    await buildMembership(context.db, user, team.id, true);
    await buildAssignment(context.db, organisationId, chest.id, team.id, true);
    return { user, organisationId, team, chest };
  }

  it('deleting an organisation deletes everything in it', async () => {
    const { organisationId } = await buildWorld();
    const other = await buildWorld();
    await context.db.deleteFrom('organisations').where('id', '=', organisationId).execute();
    for (const table of ['users', 'sessions', 'teams', 'vaults', 'memberships', 'assignments'] as const) {
      expect(await count(table, organisationId), table).toBe(0);
    }
    expect(await count('memberships', other.organisationId)).toBe(1);
  });

  it('deleting a user ends their sessions and memberships', async () => {
    const { user, organisationId } = await buildWorld();
    await context.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await count('sessions', organisationId)).toBe(0);
    expect(await count('memberships', organisationId)).toBe(0);
    expect(await count('teams', organisationId)).toBe(1);
  });

  it('deleting a chest or a team deletes its assignments', async () => {
    const { chest, team, organisationId } = await buildWorld();
    await context.db.deleteFrom('vaults').where('id', '=', chest.id).execute();
    expect(await count('assignments', organisationId)).toBe(0);
    await context.db.deleteFrom('teams').where('id', '=', team.id).execute();
    expect(await count('memberships', organisationId)).toBe(0);
  });

  it('refuses a row pointing at a missing organisation', async () => {
    await expect(buildTeam(context.db, 'no-such-organisation')).rejects.toThrow();
  });
});
