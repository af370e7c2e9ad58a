import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '../../db/to-bool.js';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import { buildMembership, buildSecret, buildUser, fakeWrappedKey } from '../../test/factories.js';
import { keyHolders } from '../../test/secret-rows.js';
import { provePassword } from '../../test/step-up.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { KEY_PURGE_BATCH, purgeRemovedUsersKeys, startKeyPurger } from './key-purger.js';

// A removed user's wrapped keys go after the removal commits (migration 2026-12-07-0060). The app's
// own purger is stopped here, so each test sees the queue as the removal left it and runs the purge.
describe('purging the keys of removed users', () => {
  let context: TestContext;
  let s: ChestScenario;

  beforeAll(async () => {
    context = await createTestContext();
    await context.app.keyPurger.stop();
    s = await buildChestScenario(context.db);
  });
  afterAll(async () => {
    await context.close();
  });

  const keysOf = async (userId: string) =>
    (
      await context.db.selectFrom('secret_keys').select('secret_id').where('user_id', '=', userId).execute()
    ).map((row) => row.secret_id);
  const queue = async () =>
    (await context.db.selectFrom('key_purges').select(['organisation_id', 'user_id']).execute()).map(
      (row) => row.user_id,
    );

  /** An administrator removes the user, as the admin area does (the password just proved). */
  async function removeUser(userId: string) {
    await provePassword(context.app, s.tokens.administrator);
    const removed = await callApi(
      context.app,
      s.tokens.administrator,
      'DELETE',
      `/api/v1/users/${userId}.json`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
  }

  async function readerOfTwoSecrets() {
    const user = await buildUser(context.db, { organisation_id: s.users.owner.organisation_id });
    await buildMembership(context.db, user, s.readTeam.id);
    const readerIds = [...s.readerIds, user.id];
    const first = await buildSecret(context.db, s.users.writer, s.chest.id, { readerIds });
    const second = await buildSecret(context.db, s.users.writer, s.chest.id, { readerIds });
    return { user, secrets: [first.id, second.id] };
  }

  it('commits the removal with the keys queued, then the purge deletes them and empties the queue', async () => {
    const { user, secrets } = await readerOfTwoSecrets();
    await removeUser(user.id);

    // Until the purge: the user is gone, their keys wait in the queue, and everyone else's stay.
    expect((await keysOf(user.id)).sort()).toEqual([...secrets].sort());
    expect(await queue()).toEqual([user.id]);
    const rotations = await context.db
      .selectFrom('rotations')
      .select('secret_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rotations.map((row) => row.secret_id).sort()).toEqual([...secrets].sort());

    expect(await purgeRemovedUsersKeys(context.db)).toBe(2);
    expect(await keysOf(user.id)).toEqual([]);
    expect(await queue()).toEqual([]);
    for (const secretId of secrets)
      expect((await keyHolders(context.db, secretId)).sort()).toEqual([...s.readerIds].sort());
    // No device of theirs can sync again: the purge leaves no removal for the extension's sync.
    const removals = await context.db
      .selectFrom('secret_key_removals')
      .select('secret_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(removals).toEqual([]);
  });

  it('forgets the removals a removed user had been left by earlier losses', async () => {
    const { user, secrets } = await readerOfTwoSecrets();
    // A lost key of a secret, as a reconcile deletes one: the sync would be told of it.
    await context.db
      .deleteFrom('secret_keys')
      .where('user_id', '=', user.id)
      .where('secret_id', '=', secrets[0] ?? '')
      .execute();
    const before = await context.db
      .selectFrom('secret_key_removals')
      .select('secret_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(before.map((row) => row.secret_id)).toEqual([secrets[0]]);

    await removeUser(user.id);
    const after = await context.db
      .selectFrom('secret_key_removals')
      .select('secret_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(after).toEqual([]);
    await purgeRemovedUsersKeys(context.db);
  });

  it(`deletes ${KEY_PURGE_BATCH} keys a statement until none is left, and no one else's`, async () => {
    const organisationId = s.users.owner.organisation_id;
    const goneId = randomUUID();
    const many = KEY_PURGE_BATCH * 2 + 3;
    const now = new Date().toISOString();
    const secretIds: string[] = [];
    for (let index = 0; index < many; index++) secretIds.push(randomUUID());
    // The secrets' rows, then one key each for a user whose row is already gone.
    const template = await context.db
      .selectFrom('secrets')
      .selectAll()
      .where('id', '=', s.secret.id)
      .executeTakeFirstOrThrow();
    for (let start = 0; start < many; start += 100) {
      const ids = secretIds.slice(start, start + 100);
      await context.db
        .insertInto('secrets')
        .values(
          ids.map((id) => ({
            ...template,
            id,
            change_seq: 0,
            hidden: toBool(template.hidden),
            form_fill: toBool(template.form_fill),
          })),
        )
        .execute();
      await context.db
        .insertInto('secret_keys')
        .values(
          ids.map((secret_id) => ({
            id: randomUUID(),
            organisation_id: organisationId,
            secret_id,
            user_id: goneId,
            encrypted_value: fakeWrappedKey(),
            version: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    await context.db
      .insertInto('key_purges')
      .values({ organisation_id: organisationId, user_id: goneId, created_at: now })
      .execute();
    const othersBefore = await context.db
      .selectFrom('secret_keys')
      .select('id')
      .where('user_id', '!=', goneId)
      .execute();

    expect(await purgeRemovedUsersKeys(context.db)).toBe(many);
    expect(await keysOf(goneId)).toEqual([]);
    expect(await queue()).toEqual([]);
    const othersAfter = await context.db
      .selectFrom('secret_keys')
      .select('id')
      .where('user_id', '!=', goneId)
      .execute();
    expect(othersAfter.length).toBe(othersBefore.length);
    await context.db.deleteFrom('secrets').where('id', 'in', secretIds).execute();
  });

  it('purges at start what a stopped server left in the queue, and again at each wake', async () => {
    const first = await readerOfTwoSecrets();
    const second = await readerOfTwoSecrets();
    await removeUser(first.user.id);
    expect(await queue()).toEqual([first.user.id]);

    const purger = startKeyPurger(context.db, context.app.log);
    try {
      await purger.idle();
      expect(await keysOf(first.user.id)).toEqual([]);
      expect(await queue()).toEqual([]);

      await removeUser(second.user.id);
      expect(await keysOf(second.user.id)).toHaveLength(2);
      purger.wake();
      await purger.idle();
      expect(await keysOf(second.user.id)).toEqual([]);
      expect(await queue()).toEqual([]);
    } finally {
      await purger.stop();
    }
  });
});
