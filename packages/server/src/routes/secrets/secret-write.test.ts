import {
  KEY_FOR_STRANGER_MESSAGE,
  NO_PERMISSION_MESSAGE,
  READERS_CHANGED_MESSAGE,
  STALE_REVISION_MESSAGE,
} from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { callApi, newSecretBody, useChestScenario } from '../../test/chest-scenario.js';
import { fakeSealedPayload, fakeWrappedKey } from '../../test/factories.js';

describe('creating and saving secrets', () => {
  const setup = useChestScenario();

  const create = (body: object, token = setup.scenario.tokens.writer) =>
    callApi(setup.context.app, token, 'POST', '/api/v1/secrets.json', body);
  const keysFor = (ids: readonly string[]) =>
    ids.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() }));
  const countRows = async (table: 'secrets' | 'secret_keys' | 'audit_log_entries', secretId: string) => {
    const column = table === 'secrets' ? 'id' : table === 'secret_keys' ? 'secret_id' : 'object_id';
    const rows = await setup.context.db
      .selectFrom(table)
      .select(column)
      .where(column, '=', secretId)
      .execute();
    return rows.length;
  };

  it('creates a secret at revision 1, answers it with the caller’s key, and records it', async () => {
    const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const secret = response.json();
    const writerKey = (
      body.secret.secret_keys_attributes as { user_id: string; encrypted_value: string }[]
    ).find((key) => key.user_id === setup.scenario.users.writer.id);
    expect(secret).toMatchObject({
      id: body.secret.id,
      name: 'Mail server',
      category: 'password',
      strength: 4,
      form_fill: true,
      hidden: false,
      revision: 1,
      vault_id: setup.scenario.chest.id,
      encrypted_data: body.secret.encrypted_data,
      encryption_iv: body.secret.encryption_iv,
      secret_key: {
        encrypted_value: writerKey?.encrypted_value,
        user_id: setup.scenario.users.writer.id,
        version: 1,
      },
      vault: { id: setup.scenario.chest.id, name: setup.scenario.chest.name, manager: false },
    });
    expect(await countRows('secret_keys', secret.id)).toBe(setup.scenario.readerIds.length);
    const audit = await setup.context.db
      .selectFrom('audit_log_entries')
      .select(['action', 'object_type', 'user_id'])
      .where('object_id', '=', secret.id)
      .execute();
    expect(audit).toEqual([
      {
        action: `Created secret Mail server in chest ${setup.scenario.chest.name}`,
        object_type: 'Secret',
        user_id: setup.scenario.users.writer.id,
      },
    ]);
    const creator = await setup.context.db
      .selectFrom('users')
      .select('has_secret')
      .where('id', '=', setup.scenario.users.writer.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(creator.has_secret)).toBe(true);
  });

  it('refuses malformed, upper-case and duplicate ids', async () => {
    const malformed = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { id: 'not-a-uuid' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      errors: ['The secret id must be a lower-case UUID made by the client.'],
    });
    const upper = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    upper.secret.id = String(upper.secret.id).toUpperCase();
    expect((await create(upper)).statusCode).toBe(400);
    const first = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    expect((await create(first)).statusCode).toBe(201);
    const duplicate = await create({
      secret: {
        ...newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds).secret,
        id: first.secret.id,
      },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'A secret with this id already exists.' });
  });

  it('refuses a clear url instead of storing it', async () => {
    const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, {
      url: 'https://intranet.example',
    });
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: ['A clear url is not accepted: keep it inside the encrypted data.'],
    });
    expect(await countRows('secrets', String(body.secret.id))).toBe(0);
  });

  it('answers the specification messages for name and chest', async () => {
    const noName = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { name: '' }),
    );
    expect(noName.json()).toEqual({ errors: ['Required field Name is empty.'] });
    const long = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { name: 'n'.repeat(51) }),
    );
    expect(long.json()).toEqual({ errors: ['Field Name exceeds the maximum of 50 characters.'] });
    const noChest = await create(newSecretBody('', setup.scenario.readerIds));
    expect(noChest.json()).toEqual({ errors: ['Must select Chest from dropdown.'] });
    const badCategory = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { category: 'pin' }),
    );
    expect(badCategory.statusCode).toBe(400);
    const badStrength = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { strength: 6 }),
    );
    expect(badStrength.statusCode).toBe(400);
  });

  it('accepts a secret without strength (null) for categories that have none', async () => {
    const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, {
      category: 'note',
      strength: null,
    });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ category: 'note', strength: null });
  });

  it('checks the ciphertext: base64, a 12-byte iv, at most 64 KiB (413)', async () => {
    const notBase64 = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { encrypted_data: 'abc' }),
    );
    expect(notBase64.json()).toEqual({ errors: ['Field secret.encrypted_data must be base64.'] });
    const shortIv = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, {
        encryption_iv: Buffer.alloc(16).toString('base64'),
      }),
    );
    expect(shortIv.json()).toEqual({ errors: ['Field secret.encryption_iv must be 12 bytes.'] });
    const huge = Buffer.alloc(64 * 1024 + 1).toString('base64');
    const tooLarge = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, { encrypted_data: huge }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      errors: ['The secret is too large: its encrypted data may be at most 64 KiB.'],
    });
    const badKey = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
    badKey.secret.secret_keys_attributes = setup.scenario.readerIds.map((user_id) => ({
      user_id,
      encrypted_value: 'AAAA',
    }));
    expect((await create(badKey)).json()).toEqual({
      errors: ['Field encrypted_value is not a wrapped key.'],
    });
  });

  it('needs the key set to be exactly the chest’s readers', async () => {
    const { outsider, stranger, reader } = setup.scenario.users;
    const extra = newSecretBody(setup.scenario.chest.id, [...setup.scenario.readerIds, outsider.id]);
    const stranded = await create(extra);
    expect(stranded.statusCode).toBe(400);
    expect(stranded.json()).toEqual({ errors: [KEY_FOR_STRANGER_MESSAGE] });
    const foreign = await create(
      newSecretBody(setup.scenario.chest.id, [...setup.scenario.readerIds, stranger.id]),
    );
    expect(foreign.json()).toEqual({ errors: [KEY_FOR_STRANGER_MESSAGE] });
    const missing = newSecretBody(
      setup.scenario.chest.id,
      setup.scenario.readerIds.filter((id) => id !== reader.id),
    );
    const stale = await create(missing);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: READERS_CHANGED_MESSAGE });
    for (const body of [extra, missing]) expect(await countRows('secrets', String(body.secret.id))).toBe(0);
    expect(await countRows('audit_log_entries', String(missing.secret.id))).toBe(0);
  });

  it('lets only writers create, and only administrators hide', async () => {
    const readOnly = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds),
      setup.scenario.tokens.reader,
    );
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
    const outsider = await create(
      newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds),
      setup.scenario.tokens.outsider,
    );
    expect(outsider.statusCode).toBe(404);
    const admins = [setup.scenario.users.owner.id, setup.scenario.users.administrator.id];
    const hiddenByWriter = await create(newSecretBody(setup.scenario.chest.id, admins, { hidden: true }));
    expect(hiddenByWriter.statusCode).toBe(403);
    const hiddenByAdmin = await create(
      newSecretBody(setup.scenario.chest.id, admins, { hidden: true }),
      setup.scenario.tokens.administrator,
    );
    expect(hiddenByAdmin.statusCode).toBe(201);
    expect(hiddenByAdmin.json().hidden).toBe(true);
  });

  describe('saving', () => {
    async function createOne() {
      const body = newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds);
      const response = await create(body);
      expect(response.statusCode).toBe(201);
      return String(body.secret.id);
    }
    const save = (
      id: string,
      revision: number,
      overrides: Record<string, unknown> = {},
      token = setup.scenario.tokens.writer,
    ) =>
      callApi(setup.context.app, token, 'PUT', `/api/v1/secrets/${id}.json`, {
        secret: {
          revision,
          name: 'Mail server (new)',
          category: 'password',
          strength: 5,
          ...fakeSealedPayload(),
          secret_keys_attributes: keysFor(setup.scenario.readerIds),
          ...overrides,
        },
      });

    it('saves revision n + 1 and refuses a stale one with 409', async () => {
      const id = await createOne();
      const saved = await save(id, 2);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ revision: 2, name: 'Mail server (new)', strength: 5 });
      const stale = await save(id, 2);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: STALE_REVISION_MESSAGE });
      const skipped = await save(id, 4);
      expect(skipped.json()).toEqual({ error: STALE_REVISION_MESSAGE });
      const stored = await setup.context.db
        .selectFrom('secrets')
        .select('revision')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.revision).toBe(2);
      const actions = await setup.context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('object_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual([
        `Created secret Mail server in chest ${setup.scenario.chest.name}`,
        'Updated secret Mail server (new)',
      ]);
    });

    it('stores the form_fill flag each save sends, and answers it on GET', async () => {
      const id = await createOne();
      const shown = async () =>
        (
          await callApi(setup.context.app, setup.scenario.tokens.reader, 'GET', `/api/v1/secrets/${id}.json`)
        ).json().form_fill;
      expect(await shown()).toBe(true);
      expect((await save(id, 2, { form_fill: false })).statusCode).toBe(200);
      expect(await shown()).toBe(false);
      expect((await save(id, 3, { form_fill: true })).statusCode).toBe(200);
      expect(await shown()).toBe(true);
      expect((await save(id, 4, { form_fill: 'yes' })).statusCode).toBe(400);
      expect(await shown()).toBe(true);
    });

    it('refuses a save by a reader (403) and by someone who cannot see it (404)', async () => {
      const id = await createOne();
      expect((await save(id, 2, {}, setup.scenario.tokens.reader)).statusCode).toBe(403);
      expect((await save(id, 2, {}, setup.scenario.tokens.outsider)).statusCode).toBe(404);
      expect((await save(id, 2, {}, setup.scenario.tokens.stranger)).statusCode).toBe(404);
    });

    it('checks the key set on every save', async () => {
      const id = await createOne();
      const missing = await save(id, 2, {
        secret_keys_attributes: keysFor([setup.scenario.users.writer.id]),
      });
      expect(missing.statusCode).toBe(409);
      expect(missing.json()).toEqual({ error: READERS_CHANGED_MESSAGE });
      const stranger = await save(id, 2, {
        secret_keys_attributes: keysFor([...setup.scenario.readerIds, setup.scenario.users.outsider.id]),
      });
      expect(stranger.statusCode).toBe(400);
    });

    it('lets an administrator hide a secret, and then wraps it for administrators only', async () => {
      const id = await createOne();
      const admins = [setup.scenario.users.owner.id, setup.scenario.users.administrator.id];
      const hidden = await save(
        id,
        2,
        { hidden: true, secret_keys_attributes: keysFor(admins) },
        setup.scenario.tokens.administrator,
      );
      expect(hidden.statusCode).toBe(200);
      const holders = await setup.context.db
        .selectFrom('secret_keys')
        .select('user_id')
        .where('secret_id', '=', id)
        .execute();
      expect(holders.map((row) => row.user_id).sort()).toEqual([...admins].sort());
      expect((await save(id, 3, {}, setup.scenario.tokens.writer)).statusCode).toBe(404);
    });
  });
});
