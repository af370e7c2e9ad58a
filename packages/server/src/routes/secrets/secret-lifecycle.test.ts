import { NO_PERMISSION_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import { buildSecret } from '../../test/factories.js';

describe('marking, restoring, deleting and reading secrets', () => {
  const setup = useChestScenario();

  const fresh = () =>
    buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
  const actions = async (id: string) =>
    (
      await setup.context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('object_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it('marks a secret for deletion and restores it, for writers', async () => {
    const secret = await fresh();
    const marked = await callApi(
      setup.context.app,
      setup.scenario.tokens.writer,
      'POST',
      `/api/v1/secrets/${secret.id}/mark_for_deletion.json`,
    );
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: secret.id, marked_for_deletion: true });
    const restored = await callApi(
      setup.context.app,
      setup.scenario.tokens.manager,
      'POST',
      `/api/v1/secrets/${secret.id}/unmark_for_deletion`,
    );
    expect(restored.json()).toMatchObject({ marked_for_deletion: false });
    expect(await actions(secret.id)).toEqual([
      `Marked secret ${secret.name} for deletion`,
      `Restored secret ${secret.name}`,
    ]);
    const reader = await callApi(
      setup.context.app,
      setup.scenario.tokens.reader,
      'POST',
      `/api/v1/secrets/${secret.id}/mark_for_deletion`,
    );
    expect(reader.statusCode).toBe(403);
  });

  it('refuses to save a marked secret until it is restored', async () => {
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
      deleted_at: new Date().toISOString(),
    });
    const move = await callApi(
      setup.context.app,
      setup.scenario.tokens.writer,
      'PUT',
      `/api/v1/secrets/${secret.id}`,
      {
        secret: { vault_id: setup.scenario.otherChest.id },
      },
    );
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({ error: 'This secret is marked for deletion. Restore it first.' });
  });

  it('deletes for good for the owner only, with the keys and an audit entry', async () => {
    const secret = await fresh();
    for (const role of ['administrator', 'manager', 'writer'] as const) {
      const refused = await callApi(
        setup.context.app,
        setup.scenario.tokens[role],
        'DELETE',
        `/api/v1/secrets/${secret.id}.json`,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
    }
    expect(
      (
        await callApi(
          setup.context.app,
          setup.scenario.tokens.stranger,
          'DELETE',
          `/api/v1/secrets/${secret.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(await actions(secret.id)).toEqual([]);
    const deleted = await callApi(
      setup.context.app,
      setup.scenario.tokens.owner,
      'DELETE',
      `/api/v1/secrets/${secret.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    const keys = await setup.context.db
      .selectFrom('secret_keys')
      .select('id')
      .where('secret_id', '=', secret.id)
      .execute();
    expect(keys).toEqual([]);
    expect(await actions(secret.id)).toEqual([`Permanently deleted secret ${secret.name}`]);
  });

  it('answers a secret only to someone who can see it and holds a key', async () => {
    const secret = await fresh();
    const read = await callApi(
      setup.context.app,
      setup.scenario.tokens.reader,
      'GET',
      `/api/v1/secrets/${secret.id}.json`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().secret_key.user_id).toBe(setup.scenario.users.reader.id);
    await setup.context.db
      .deleteFrom('secret_keys')
      .where('secret_id', '=', secret.id)
      .where('user_id', '=', setup.scenario.users.reader.id)
      .execute();
    const noKey = await callApi(
      setup.context.app,
      setup.scenario.tokens.reader,
      'GET',
      `/api/v1/secrets/${secret.id}`,
    );
    expect(noKey.statusCode).toBe(404);
    expect(noKey.json()).toEqual({ error: 'Not found' });
    for (const role of ['outsider', 'stranger'] as const) {
      const denied = await callApi(
        setup.context.app,
        setup.scenario.tokens[role],
        'GET',
        `/api/v1/secrets/${secret.id}`,
      );
      expect(denied.json()).toEqual({ error: 'Not found' });
    }
  });

  it('keeps hidden secrets from everyone but administrators, even with a key', async () => {
    const hidden = await buildSecret(
      setup.context.db,
      setup.scenario.users.administrator,
      setup.scenario.chest.id,
      {
        hidden: true,
        readerIds: [...setup.scenario.readerIds],
      },
    );
    const writer = await callApi(
      setup.context.app,
      setup.scenario.tokens.writer,
      'GET',
      `/api/v1/secrets/${hidden.id}`,
    );
    expect(writer.statusCode).toBe(404);
    const admin = await callApi(
      setup.context.app,
      setup.scenario.tokens.administrator,
      'GET',
      `/api/v1/secrets/${hidden.id}`,
    );
    expect(admin.json()).toMatchObject({ hidden: true });
  });
});
