import { KEY_FOR_STRANGER_MESSAGE, NO_PERMISSION_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { recomputeMissingKeys } from '../../repositories/missing-key-repository.js';
import { callApi, callAsRole, useChestScenario } from '../../test/chest-scenario.js';
import {
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
  fakeWrappedKey,
} from '../../test/factories.js';
import { keyShareCalls } from '../../test/key-share-calls.js';

describe('key sharing', () => {
  const setup = useChestScenario();
  const { admin, organisationId, reshareAll } = keyShareCalls(setup);
  const keyOf = async (secretId: string, userId: string) =>
    setup.context.db
      .selectFrom('secret_keys')
      .select('encrypted_value')
      .where('secret_id', '=', secretId)
      .where('user_id', '=', userId)
      .executeTakeFirst();

  it('lists a newcomer once a team gains a chest, with the caller’s own wrapped key', async () => {
    const newcomer = await buildUser(setup.context.db, { organisation_id: organisationId() });
    const team = await buildTeam(setup.context.db, organisationId());
    await buildMembership(setup.context.db, newcomer, team.id);
    expect((await reshareAll()).keyshare.filter((pair) => pair.user_id === newcomer.id)).toEqual([]);

    const linked = await callApi(setup.context.app, admin(), 'PUT', `/api/v1/teams/${team.id}.json`, {
      team: { assignments_attributes: [{ vault_id: setup.scenario.chest.id, edit_access: false }] },
    });
    expect(linked.statusCode).toBe(200);
    const answer = await reshareAll();
    const own = await keyOf(setup.scenario.secret.id, setup.scenario.users.administrator.id);
    expect(answer.keyshare).toContainEqual({
      secret_id: setup.scenario.secret.id,
      user_id: newcomer.id,
      public_key: newcomer.public_key,
      encrypted_value: own?.encrypted_value,
      // The secret's chest, hidden flag and signed header (none: suite 1), for the browser's check
      // against the log's readers.
      vault_id: setup.scenario.chest.id,
      hidden: false,
      signed_header: null,
    });
    expect(answer.total).toBe(answer.keyshare.length);

    const narrowed = await callApi(
      setup.context.app,
      admin(),
      'POST',
      '/api/v1/secret_keys/reshare_user.json',
      {
        id: newcomer.id,
      },
    );
    expect(narrowed.json().keyshare.map((pair: { user_id: string }) => pair.user_id)).toEqual([newcomer.id]);
    const byTeam = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare_team', {
      id: team.id,
    });
    expect(byTeam.json().total).toBe(1);

    const delivered = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare.json', {
      key_reshare_handler: {
        secret_keys_attributes: [
          {
            user_id: newcomer.id,
            secret_id: setup.scenario.secret.id,
            version: 1,
            encrypted_value: fakeWrappedKey(),
          },
        ],
      },
    });
    expect(delivered.json()).toEqual({ count: 1 });
    expect(await keyOf(setup.scenario.secret.id, newcomer.id)).toBeDefined();
    expect((await reshareAll()).keyshare.filter((pair) => pair.user_id === newcomer.id)).toEqual([]);
  });

  it('refuses a share for a user without access, writing nothing of the batch', async () => {
    const newcomer = await buildUser(setup.context.db, { organisation_id: organisationId() });
    await buildMembership(setup.context.db, newcomer, setup.scenario.readTeam.id);
    const { outsider, stranger } = setup.scenario.users;
    for (const userId of [outsider.id, stranger.id]) {
      const response = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare', {
        key_reshare_handler: {
          secret_keys_attributes: [
            {
              user_id: newcomer.id,
              secret_id: setup.scenario.secret.id,
              version: 1,
              encrypted_value: fakeWrappedKey(),
            },
            {
              user_id: userId,
              secret_id: setup.scenario.secret.id,
              version: 1,
              encrypted_value: fakeWrappedKey(),
            },
          ],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [KEY_FOR_STRANGER_MESSAGE] });
      expect(await keyOf(setup.scenario.secret.id, userId)).toBeUndefined();
    }
    expect(await keyOf(setup.scenario.secret.id, newcomer.id)).toBeUndefined();
  });

  it('never replaces a key someone already holds', async () => {
    const before = await keyOf(setup.scenario.secret.id, setup.scenario.users.reader.id);
    const response = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare', {
      key_reshare_handler: {
        secret_keys_attributes: [
          {
            user_id: setup.scenario.users.reader.id,
            secret_id: setup.scenario.secret.id,
            version: 1,
            encrypted_value: fakeWrappedKey(),
          },
        ],
      },
    });
    expect(response.json()).toEqual({ count: 0 });
    expect(await keyOf(setup.scenario.secret.id, setup.scenario.users.reader.id)).toEqual(before);
  });

  it('deletes keys when a membership ends, in the same change', async () => {
    const leaver = await buildUser(setup.context.db, { organisation_id: organisationId() });
    const membershipId = await buildMembership(setup.context.db, leaver, setup.scenario.writeTeam.id, true);
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: [...setup.scenario.readerIds, leaver.id],
    });
    const response = await callApi(
      setup.context.app,
      admin(),
      'PUT',
      `/api/v1/teams/${setup.scenario.writeTeam.id}`,
      {
        team: { memberships_attributes: [{ id: membershipId, _destroy: true }] },
      },
    );
    expect(response.statusCode).toBe(200);
    expect(await keyOf(secret.id, leaver.id)).toBeUndefined();
    expect(await keyOf(secret.id, setup.scenario.users.writer.id)).toBeDefined();
  });

  it('refuses every reshare call to non-administrators, so a member cannot lock a newcomer out', async () => {
    const newcomer = await buildUser(setup.context.db, { organisation_id: organisationId() });
    await buildMembership(setup.context.db, newcomer, setup.scenario.readTeam.id);
    const share = {
      user_id: newcomer.id,
      secret_id: setup.scenario.secret.id,
      version: 1,
      encrypted_value: fakeWrappedKey(),
    };
    const calls = [
      ['GET', '/api/v1/secret_keys/reshare_all.json', undefined],
      ['POST', '/api/v1/secret_keys/reshare_team.json', { id: setup.scenario.readTeam.id }],
      ['POST', '/api/v1/secret_keys/reshare_user.json', { id: newcomer.id }],
      [
        'POST',
        '/api/v1/secret_keys/reshare.json',
        { key_reshare_handler: { secret_keys_attributes: [share] } },
      ],
    ] as const;
    for (const role of ['manager', 'writer', 'reader', 'outsider'] as const) {
      for (const [method, url, body] of calls) {
        const response = await callAsRole(setup, role, method, url, body);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
      }
    }
    expect(await keyOf(setup.scenario.secret.id, newcomer.id)).toBeUndefined();

    // The administrator's reshare still finds the key missing and fills it.
    expect((await reshareAll()).keyshare.map((pair) => pair.user_id)).toContain(newcomer.id);
    const delivered = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare.json', {
      key_reshare_handler: { secret_keys_attributes: [share] },
    });
    expect(delivered.json()).toEqual({ count: 1 });
    expect(await keyOf(setup.scenario.secret.id, newcomer.id)).toEqual({
      encrypted_value: share.encrypted_value,
    });
  });

  it('lists hidden secrets to administrators only among the readers who see them', async () => {
    const hidden = await buildSecret(
      setup.context.db,
      setup.scenario.users.administrator,
      setup.scenario.chest.id,
      {
        hidden: true,
        readerIds: [setup.scenario.users.administrator.id],
      },
    );
    const pairs = (await reshareAll()).keyshare.filter((pair) => pair.secret_id === hidden.id);
    expect(pairs.map((pair) => pair.user_id)).toEqual([setup.scenario.users.owner.id]);
    expect(pairs.map(({ vault_id, hidden }) => ({ vault_id, hidden }))).toEqual([
      { vault_id: setup.scenario.chest.id, hidden: true },
    ]);
    // A signed secret's pairs carry its header as stored, for the browser to check the place by.
    const header = { header: { v: 2 }, sig: 'c2ln' };
    await setup.context.db
      .updateTable('secrets')
      .set({ signed_header: JSON.stringify(header) })
      .where('id', '=', hidden.id)
      .execute();
    const signed = (await reshareAll()).keyshare.filter((pair) => pair.secret_id === hidden.id);
    expect(signed.map((pair) => pair.signed_header)).toEqual([header]);
  });

  it('drops a reported broken key, lists it as missing, and lets the administrator replace it', async () => {
    const { reader, administrator } = setup.scenario.users;
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const broken = await keyOf(secret.id, reader.id);
    const missingBefore = (await reshareAll()).keyshare.filter((pair) => pair.secret_id === secret.id);
    expect(missingBefore.map((pair) => pair.user_id)).not.toContain(reader.id);
    const report = (token: string, secretId = secret.id) =>
      callApi(setup.context.app, token, 'POST', `/api/v1/secret_keys/${secretId}/broken.json`);

    const reported = await report(setup.scenario.tokens.reader);
    expect(reported.statusCode).toBe(204);
    expect(reported.body).toBe('');
    expect(await keyOf(secret.id, reader.id)).toBeUndefined();
    expect(await keyOf(secret.id, administrator.id)).toBeDefined();
    const entry = await setup.context.db
      .selectFrom('audit_log_entries')
      .select(['action', 'object_type', 'user_id'])
      .where('object_id', '=', secret.id)
      .executeTakeFirst();
    expect(entry).toEqual({
      action: `Reported a broken key of secret ${secret.name}`,
      object_type: 'Secret',
      user_id: reader.id,
    });

    // Nothing left to report, and nobody else may drop it: not found.
    expect((await report(setup.scenario.tokens.reader)).statusCode).toBe(404);
    expect((await report(setup.scenario.tokens.outsider)).statusCode).toBe(404);
    expect((await report(setup.scenario.tokens.stranger)).statusCode).toBe(404);

    // Among this secret's readers the earlier tests added, the reader now lacks a key too.
    const missing = (await reshareAll()).keyshare.filter((pair) => pair.secret_id === secret.id);
    expect(missing.map((pair) => pair.user_id)).toContain(reader.id);
    expect(missing.map((pair) => pair.user_id)).not.toContain(administrator.id);
    const repaired = fakeWrappedKey();
    const delivered = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare.json', {
      key_reshare_handler: {
        secret_keys_attributes: [
          { user_id: reader.id, secret_id: secret.id, version: 1, encrypted_value: repaired },
        ],
      },
    });
    expect(delivered.json()).toEqual({ count: 1 });
    expect(await keyOf(secret.id, reader.id)).toEqual({ encrypted_value: repaired });
    expect(repaired).not.toBe(broken?.encrypted_value);
    const shown = await callApi(
      setup.context.app,
      setup.scenario.tokens.reader,
      'GET',
      `/api/v1/secrets/${secret.id}.json`,
    );
    expect(shown.json().secret_key.encrypted_value).toBe(repaired);
  });

  it('purges keys of users who lost access: administrators only', async () => {
    // Start from an organisation without such keys.
    expect(
      (await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/purge_keys')).statusCode,
    ).toBe(200);
    const secret = await buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: [...setup.scenario.readerIds, setup.scenario.users.outsider.id],
    });
    const refused = await callApi(
      setup.context.app,
      setup.scenario.tokens.writer,
      'POST',
      '/api/v1/secret_keys/purge_keys',
    );
    expect(refused.statusCode).toBe(403);
    const purged = await callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/purge_keys.json');
    expect(purged.json()).toEqual({ count: 1 });
    expect(await keyOf(secret.id, setup.scenario.users.outsider.id)).toBeUndefined();
    const entry = await setup.context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('organisation_id', '=', organisationId())
      .where('object_type', '=', 'SecretKey')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(entry?.action).toBe('Removed 1 keys of users without access');
  });

  // Last: the administrator it adds lacks keys of every secret the earlier tests made.
  it('counts only the pairs the caller can rewrap, whether or not the caller lacks keys', async () => {
    const { owner, administrator, writer } = setup.scenario.users;
    const lacking = await buildUser(setup.context.db, {
      organisation_id: organisationId(),
      administrator: true,
    });
    const lackingToken = await buildSession(setup.context.db, lacking);
    // The new administrator holds a key of this secret only: the scenario's secret is not theirs to rewrap.
    const own = await buildSecret(setup.context.db, writer, setup.scenario.chest.id, {
      readerIds: [owner.id, writer.id, lacking.id],
    });
    const full = await reshareAll();
    const partial = await reshareAll({ token: lackingToken });
    expect(full.total).toBe(full.keyshare.length);
    expect(full.keyshare).toContainEqual(
      expect.objectContaining({ secret_id: setup.scenario.secret.id, user_id: lacking.id }),
    );
    expect(partial.keyshare.map((pair) => pair.secret_id)).toEqual(partial.keyshare.map(() => own.id));
    const lackingOwn = (await recomputeMissingKeys(setup.context.db, organisationId()))
      .filter((pair) => pair.secret_id === own.id && pair.user_id !== lacking.id)
      .map((pair) => pair.user_id);
    expect(lackingOwn).toContain(administrator.id);
    expect(partial.keyshare.map((pair) => pair.user_id)).toEqual(lackingOwn);
    expect(partial.total).toBe(partial.keyshare.length);
  });
});
