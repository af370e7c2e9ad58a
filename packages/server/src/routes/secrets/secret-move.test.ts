import { KEY_FOR_STRANGER_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { auditActions } from '../../test/audit-rows.js';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSecret,
  buildTeam,
  buildUser,
  fakeWrappedKey,
} from '../../test/factories.js';
import { keyHolders } from '../../test/secret-rows.js';

describe('moving secrets', () => {
  const setup = useChestScenario();

  // The writer moves a secret to a chest, giving these wrapped keys.
  const moveAsWriter = (
    secretId: string,
    vaultId: string,
    keys: { user_id: string; encrypted_value: string }[],
  ) =>
    callApi(setup.context.app, setup.scenario.tokens.writer, 'PUT', `/api/v1/secrets/${secretId}`, {
      secret: { vault_id: vaultId, secret_keys_attributes: keys },
    });

  // A secret in the first chest, and a newcomer whose team reaches only the other chest.
  const newcomerInOtherChest = async () => {
    const organisation_id = setup.scenario.users.owner.organisation_id;
    const newcomer = await buildUser(setup.context.db, { organisation_id });
    const team = await buildTeam(setup.context.db, organisation_id);
    await buildMembership(setup.context.db, newcomer, team.id);
    await buildAssignment(setup.context.db, organisation_id, setup.scenario.otherChest.id, team.id);
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    return { newcomer, secret };
  };

  const holders = (secretId: string) => keyHolders(setup.context.db, secretId);

  it('moves a secret, deleting keys of users who lose access and storing keys given for newcomers', async () => {
    const { owner, administrator, writer } = setup.scenario.users;
    const { newcomer, secret } = await newcomerInOtherChest();

    const response = await moveAsWriter(secret.id, setup.scenario.otherChest.id, [
      { user_id: newcomer.id, encrypted_value: fakeWrappedKey() },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: secret.id, vault_id: setup.scenario.otherChest.id });
    expect(response.json()).not.toHaveProperty('encrypted_data');
    // The reader and the manager reach only the first chest: their keys are gone.
    expect(await holders(secret.id)).toEqual([owner.id, administrator.id, writer.id, newcomer.id].sort());
    expect(await auditActions(setup.context.db, { objectId: secret.id })).toEqual([
      `Moved secret ${secret.name} from chest ${setup.scenario.chest.name} to chest ${setup.scenario.otherChest.name}`,
    ]);
  });

  it('refuses keys for users of the old chest only, and writes nothing', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const response = await moveAsWriter(secret.id, setup.scenario.otherChest.id, [
      { user_id: setup.scenario.users.reader.id, encrypted_value: fakeWrappedKey() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [KEY_FOR_STRANGER_MESSAGE] });
    const stored = await setup.context.db
      .selectFrom('secrets')
      .select('vault_id')
      .where('id', '=', secret.id)
      .executeTakeFirst();
    expect(stored?.vault_id).toBe(setup.scenario.chest.id);
    expect(await holders(secret.id)).toEqual([...setup.scenario.readerIds].sort());
  });

  const keyOf = async (secretId: string, userId: string) =>
    (
      await setup.context.db
        .selectFrom('secret_keys')
        .select('encrypted_value')
        .where('secret_id', '=', secretId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.encrypted_value;

  it('refuses a move into the chest the secret is already in, touching no key', async () => {
    const { administrator, owner, writer } = setup.scenario.users;
    const secret = await buildSecret(setup.context.db, writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const before = await Promise.all(setup.scenario.readerIds.map((id) => keyOf(secret.id, id)));
    for (const keys of [[administrator.id, owner.id], []]) {
      const response = await moveAsWriter(
        secret.id,
        setup.scenario.chest.id,
        keys.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() })),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: ['The secret is already in this chest.'] });
    }
    expect(await Promise.all(setup.scenario.readerIds.map((id) => keyOf(secret.id, id)))).toEqual(before);
    expect(await auditActions(setup.context.db, { objectId: secret.id })).toEqual([]);
  });

  it('keeps the keys of readers who keep access: a move only adds keys for those who gain it', async () => {
    const { owner, administrator, writer } = setup.scenario.users;
    const { newcomer, secret } = await newcomerInOtherChest();
    const kept = [owner.id, administrator.id, writer.id];
    const before = await Promise.all(kept.map((id) => keyOf(secret.id, id)));
    const given = fakeWrappedKey();

    const response = await moveAsWriter(secret.id, setup.scenario.otherChest.id, [
      ...kept.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() })),
      { user_id: newcomer.id, encrypted_value: given },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(kept.map((id) => keyOf(secret.id, id)))).toEqual(before);
    expect(await keyOf(secret.id, newcomer.id)).toBe(given);
    expect(await holders(secret.id)).toEqual([...kept, newcomer.id].sort());
  });

  it('needs write access on both chests', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const move = (token: string, vaultId: string) =>
      callApi(setup.context.app, token, 'PUT', `/api/v1/secrets/${secret.id}`, {
        secret: { vault_id: vaultId },
      });
    // The manager writes in the first chest but cannot see the other one.
    expect((await move(setup.scenario.tokens.manager, setup.scenario.otherChest.id)).statusCode).toBe(404);
    expect((await move(setup.scenario.tokens.reader, setup.scenario.otherChest.id)).statusCode).toBe(403);
    const foreign = await buildChest(setup.context.db, setup.scenario.users.stranger.organisation_id);
    expect((await move(setup.scenario.tokens.writer, foreign.id)).statusCode).toBe(404);
  });

  it('refuses a move that also changes other fields', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const response = await callApi(
      setup.context.app,
      setup.scenario.tokens.writer,
      'PUT',
      `/api/v1/secrets/${secret.id}`,
      {
        secret: { vault_id: setup.scenario.otherChest.id, name: 'Renamed' },
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: ['To change a secret, send its encrypted data with the next revision.'],
    });
  });
});
