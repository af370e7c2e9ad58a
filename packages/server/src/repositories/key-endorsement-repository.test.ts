import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrator.js';
import { buildUser } from '../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { findKeyEndorsement, saveKeyEndorsement } from './key-endorsement-repository.js';
import type { User } from './user-repository.js';

// The endorsement belongs to the key it endorses: the migration's trigger drops it whenever
// public_key changes without it, whoever writes (an administrator's reset, or a future path).

const ENDORSED = { key_endorsement: 'c2lnbmF0dXJl', endorsing_public_key: 'b2xkLWtleQ==' };
const NONE = { key_endorsement: null, endorsing_public_key: null };

describe('key endorsement columns', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(db());
  });
  afterAll(async () => {
    await database.drop();
  });

  async function endorsedUser(): Promise<User> {
    const user = await buildUser(db());
    await saveKeyEndorsement(db(), user, ENDORSED);
    return user;
  }

  const read = (user: User) => findKeyEndorsement(db(), user.organisation_id, user.id);
  const setColumns = (user: User, values: Record<string, string | null>) =>
    db()
      .withTables<{ users: { key_endorsement: string | null; endorsing_public_key: string | null } }>()
      .updateTable('users')
      .set(values)
      .where('id', '=', user.id)
      .execute();

  it('reads a user’s key and endorsement in their organisation only', async () => {
    const user = await endorsedUser();
    expect(await read(user)).toEqual({ id: user.id, public_key: user.public_key, ...ENDORSED });
    const elsewhere = await buildUser(db());
    expect(await findKeyEndorsement(db(), elsewhere.organisation_id, user.id)).toBeNull();
  });

  it('is cleared when public_key changes without it', async () => {
    const user = await endorsedUser();
    await setColumns(user, { public_key: 'bmV3LWtleQ==', name: 'Renamed too' });
    expect(await read(user)).toEqual({ id: user.id, public_key: 'bmV3LWtleQ==', ...NONE });
  });

  it('stays when the same update brings a new endorsement, or when the key does not change', async () => {
    const user = await endorsedUser();
    const next = { key_endorsement: 'bmV4dA==', endorsing_public_key: user.public_key };
    await setColumns(user, { public_key: 'bmV3LWtleQ==', ...next });
    expect(await read(user)).toEqual({ id: user.id, public_key: 'bmV3LWtleQ==', ...next });

    await setColumns(user, { public_key: 'bmV3LWtleQ==', name: 'Same key' });
    await setColumns(user, { name: 'Other name' });
    expect(await read(user)).toEqual({ id: user.id, public_key: 'bmV3LWtleQ==', ...next });
  });

  it('is stored after the key in one transaction, as the personal-password change does', async () => {
    const user = await endorsedUser();
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ public_key: 'dGhpcmQta2V5' })
          .where('id', '=', user.id)
          .execute();
        await saveKeyEndorsement(trx, user, {
          key_endorsement: 'dGhpcmQ=',
          endorsing_public_key: 'bmV3LWtleQ==',
        });
      });
    expect(await read(user)).toEqual({
      id: user.id,
      public_key: 'dGhpcmQta2V5',
      key_endorsement: 'dGhpcmQ=',
      endorsing_public_key: 'bmV3LWtleQ==',
    });
  });
});
