import { KEY_FOR_STRANGER_MESSAGE, READERS_CHANGED_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { auditActions } from '../../test/audit-rows.js';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import { buildChest, buildSecret, fakeSealedPayload, fakeWrappedKey } from '../../test/factories.js';
import { keyHolders } from '../../test/secret-rows.js';

// The web app moves a secret by saving its next revision into the new chest under a fresh key
// (issue 25, review A2). Such a save must be held to everything a move is: write access on both
// chests, the hidden rule, the move's audit entry, and keys for exactly the new chest's readers.
describe('a save into another chest is a move', () => {
  const setup = useChestScenario();

  const saveInto = (
    token: string,
    secretId: string,
    vaultId: string,
    readerIds: readonly string[],
    overrides: Record<string, unknown> = {},
  ) =>
    callApi(setup.context.app, token, 'PUT', `/api/v1/secrets/${secretId}.json`, {
      secret: {
        revision: 2,
        vault_id: vaultId,
        name: 'Moved one',
        category: 'password',
        strength: 3,
        form_fill: false,
        hidden: false,
        ...fakeSealedPayload(),
        secret_keys_attributes: readerIds.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() })),
        ...overrides,
      },
    });

  const inFirstChest = (overrides: { hidden?: boolean; readerIds?: string[] } = {}) =>
    buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      name: 'Moved one',
      readerIds: setup.scenario.readerIds,
      ...overrides,
    });

  const holders = (secretId: string) => keyHolders(setup.context.db, secretId);

  const auditOf = (secretId: string) => auditActions(setup.context.db, { objectId: secretId });

  // The other chest is read by the write team (the writer) and, as every chest, the administrators.
  const otherChestReaders = () => {
    const { owner, administrator, writer } = setup.scenario.users;
    return [owner.id, administrator.id, writer.id];
  };

  it('stores the revision in the new chest, keys for its readers only, and audits a move', async () => {
    const secret = await inFirstChest();
    const response = await saveInto(
      setup.scenario.tokens.writer,
      secret.id,
      setup.scenario.otherChest.id,
      otherChestReaders(),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ revision: 2, vault_id: setup.scenario.otherChest.id });
    // The reader and the manager read the first chest only: their keys (of the old key) are gone.
    expect(await holders(secret.id)).toEqual(otherChestReaders().sort());
    const missing = await setup.context.db
      .selectFrom('missing_keys')
      .select('user_id')
      .where('secret_id', '=', secret.id)
      .execute();
    expect(missing).toEqual([]);
    expect(await auditOf(secret.id)).toEqual([
      `Moved secret Moved one from chest ${setup.scenario.chest.name} to chest ${setup.scenario.otherChest.name}`,
    ]);
  });

  it('needs keys for exactly the new chest’s readers', async () => {
    const secret = await inFirstChest();
    const other = setup.scenario.otherChest.id;
    const { writer, reader } = setup.scenario.users;
    const withOldReader = await saveInto(setup.scenario.tokens.writer, secret.id, other, [
      ...otherChestReaders(),
      reader.id,
    ]);
    expect(withOldReader.statusCode).toBe(400);
    expect(withOldReader.json()).toEqual({ errors: [KEY_FOR_STRANGER_MESSAGE] });
    const short = await saveInto(setup.scenario.tokens.writer, secret.id, other, [writer.id]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ error: READERS_CHANGED_MESSAGE });
    expect(await holders(secret.id)).toEqual([...setup.scenario.readerIds].sort());
    expect(await auditOf(secret.id)).toEqual([]);
  });

  it('needs write access on both chests, as the move call does', async () => {
    const secret = await inFirstChest();
    const other = setup.scenario.otherChest.id;
    // The manager writes in the first chest but cannot see the other one; the reader writes neither.
    expect(
      (await saveInto(setup.scenario.tokens.manager, secret.id, other, otherChestReaders())).statusCode,
    ).toBe(404);
    expect(
      (await saveInto(setup.scenario.tokens.reader, secret.id, other, otherChestReaders())).statusCode,
    ).toBe(403);
    const foreign = await buildChest(setup.context.db, setup.scenario.users.stranger.organisation_id);
    expect((await saveInto(setup.scenario.tokens.writer, secret.id, foreign.id, [])).statusCode).toBe(404);
    const stored = await setup.context.db
      .selectFrom('secrets')
      .select(['vault_id', 'revision'])
      .where('id', '=', secret.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ vault_id: setup.scenario.chest.id, revision: 1 });
  });

  it('moves a hidden secret for the administrators only, and no member may unhide it on the way', async () => {
    const { owner, administrator, writer } = setup.scenario.users;
    const admins = [owner.id, administrator.id];
    const secret = await inFirstChest({ hidden: true, readerIds: admins });
    const other = setup.scenario.otherChest.id;
    const forWriter = await saveInto(
      setup.scenario.tokens.administrator,
      secret.id,
      other,
      [...admins, writer.id],
      {
        hidden: true,
      },
    );
    expect(forWriter.statusCode).toBe(400);
    // The writer, who can write the other chest, cannot see the hidden secret at all.
    expect(
      (await saveInto(setup.scenario.tokens.writer, secret.id, other, otherChestReaders())).statusCode,
    ).toBe(404);
    const moved = await saveInto(setup.scenario.tokens.administrator, secret.id, other, admins, {
      hidden: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(await holders(secret.id)).toEqual([...admins].sort());
    expect(await auditOf(secret.id)).toEqual([
      `Moved secret Moved one from chest ${setup.scenario.chest.name} to chest ${setup.scenario.otherChest.name}`,
    ]);
  });

  it('refuses a secret waiting in Deleted Secrets, as the move call does', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
      deleted_at: new Date().toISOString(),
    });
    const response = await saveInto(
      setup.scenario.tokens.writer,
      secret.id,
      setup.scenario.otherChest.id,
      otherChestReaders(),
    );
    expect(response.statusCode).toBe(409);
    expect(await holders(secret.id)).toEqual([...setup.scenario.readerIds].sort());
  });

  it('still audits a save that stays in its chest as an update', async () => {
    const secret = await inFirstChest();
    const response = await saveInto(
      setup.scenario.tokens.writer,
      secret.id,
      setup.scenario.chest.id,
      setup.scenario.readerIds,
    );
    expect(response.statusCode).toBe(200);
    expect(await auditOf(secret.id)).toEqual(['Updated secret Moved one']);
  });
});
