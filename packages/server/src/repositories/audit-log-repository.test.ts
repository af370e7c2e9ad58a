import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { insertAuditEntry } from './audit-log-repository.js';

describe('insertAuditEntry', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  async function entries(organisationId: string) {
    return context.db
      .selectFrom('audit_log_entries')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
  }

  it('records who did what, committed with the change', async () => {
    const user = await buildUser(context.db, { name: 'Ada', email: 'ada@example.test' });
    await context.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('organisations')
        .set({ name: 'Renamed' })
        .where('id', '=', user.organisation_id)
        .execute();
      await insertAuditEntry(trx, {
        organisationId: user.organisation_id,
        user,
        action: 'Changed the organisation name',
        objectType: 'Organisation',
        objectId: user.organisation_id,
      });
    });
    const [entry] = await entries(user.organisation_id);
    expect(entry).toMatchObject({
      user_id: user.id,
      user_string: 'Ada (ada@example.test)',
      action: 'Changed the organisation name',
      object_type: 'Organisation',
    });
  });

  it('disappears with the change when the transaction fails', async () => {
    const user = await buildUser(context.db);
    await expect(
      context.db.transaction().execute(async (trx) => {
        await insertAuditEntry(trx, { organisationId: user.organisation_id, user: null, action: 'Nothing' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await entries(user.organisation_id)).toEqual([]);
  });
});
