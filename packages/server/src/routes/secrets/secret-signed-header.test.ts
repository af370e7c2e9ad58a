import { randomBytes, randomUUID } from 'node:crypto';
import {
  dataHash,
  type SecretChanges,
  type SecretHeader,
  type SignedSecretHeader,
  signSecretHeader,
} from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { moveSecretToChest } from '../../repositories/secret-repository.js';
import { SIGNED_MARK_MESSAGE } from '../../services/secrets/secret-lifecycle-service.js';
import { MARK_IN_PLACE_MESSAGE } from '../../services/secrets/secret-revision-service.js';
import { HEADER_MISMATCH_MESSAGE } from '../../services/secrets/signed-header-check.js';
import { callAsRole, newSecretBody, type ScenarioRole, useChestScenario } from '../../test/chest-scenario.js';
import { buildSecret, fakeSealedPayload, fakeWrappedKey } from '../../test/factories.js';
import { makeTrustSigner, type TrustSigner } from '../../test/trust-log-signers.js';

// Signed secret headers, suite 2 (issue 30): the server stores each revision's `{header, sig}` after
// checking it parses and states the revision it travels with, and hands it back with every answer
// that carries the revision. Without one, a revision is suite 1 and has none.
describe('signed secret headers', () => {
  const setup = useChestScenario();
  const signers = {} as Record<'writer' | 'administrator', TrustSigner>;
  const db = () => setup.context.db;
  const org = () => setup.scenario.users.owner.organisation_id;

  beforeAll(async () => {
    signers.writer = await makeTrustSigner(db(), setup.scenario.users.writer.id);
    signers.administrator = await makeTrustSigner(db(), setup.scenario.users.administrator.id);
  });

  type Body = Record<string, unknown>;

  /** The header a browser would sign for the revision `secret` writes, with `overrides` after signing's checks. */
  async function signedFor(
    secret: Body,
    overrides: Partial<SecretHeader> = {},
    signer: TrustSigner = signers.writer,
  ): Promise<SignedSecretHeader> {
    const header: SecretHeader = {
      v: 2,
      org: org(),
      id: secret.id as string,
      rev: secret.revision as number,
      chest: secret.vault_id as string,
      hidden: (secret.hidden as boolean | undefined) ?? false,
      deleted: false,
      category: secret.category as SecretHeader['category'],
      name: secret.name as string,
      strength: (secret.strength as number | null | undefined) ?? null,
      form_fill: (secret.form_fill as boolean | undefined) ?? false,
      data_hash: await dataHash(secret.encryption_iv as string, secret.encrypted_data as string),
      key_commit: randomBytes(32).toString('base64'),
      author: signer.id,
      author_fp: signer.fingerprint,
      log_seq: 0,
      ...overrides,
    };
    return signSecretHeader(signer.signingKey, header);
  }

  const call = (role: ScenarioRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    callAsRole(setup, role, method, url, payload);

  const stored = (id: string) =>
    db()
      .selectFrom('secrets')
      .select(['revision', 'vault_id', 'name', 'signed_header'])
      .where('id', '=', id)
      .executeTakeFirst();

  /** A create body for the first chest, its keys for the chest's readers. */
  const createBody = (overrides: Body = {}) =>
    newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds, overrides).secret;

  /** The next revision of `id` in the first chest. */
  const saveBody = (id: string, revision: number, overrides: Body = {}): Body => ({
    id,
    revision,
    vault_id: setup.scenario.chest.id,
    name: 'Mail server',
    category: 'password',
    strength: 4,
    form_fill: true,
    ...fakeSealedPayload(),
    secret_keys_attributes: setup.scenario.readerIds.map((user_id) => ({
      user_id,
      encrypted_value: fakeWrappedKey(),
    })),
    ...overrides,
  });

  // What the save's checks see of a body; `id` is the path's on a save, so it goes out of the body.
  const putBody = (secret: Body) => {
    const { id: _id, ...rest } = secret;
    return { secret: rest };
  };

  /** What each read answers of `id` for the writer: the single read, the chest's list, the sync feed. */
  async function answersOf(id: string) {
    const single = (await call('writer', 'GET', `/api/v1/secrets/${id}.json`)).json();
    const list = (
      await call('writer', 'GET', `/api/v1/secrets.json?vault_id=${single.vault_id}&limit=200`)
    ).json() as { items: { id: string; signed_header: unknown }[] };
    const changes = (await call('writer', 'GET', '/api/v1/secrets/changes.json')).json() as SecretChanges;
    return {
      single: single.signed_header,
      list: list.items.find((item) => item.id === id)?.signed_header,
      sync: changes.items.find((item) => item.id === id)?.signed_header,
    };
  }

  const everywhere = (value: unknown) => ({ single: value, list: value, sync: value });

  it('stores a create’s header and hands it back unchanged from every read', async () => {
    const secret = createBody();
    const signed = await signedFor(secret);
    const response = await call('writer', 'POST', '/api/v1/secrets.json', {
      secret: { ...secret, signed_header: signed },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().signed_header).toEqual(signed);
    expect(await answersOf(secret.id as string)).toEqual(everywhere(signed));
  });

  it('answers null for a secret saved without one, as before', async () => {
    const secret = createBody();
    const response = await call('writer', 'POST', '/api/v1/secrets.json', { secret });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().signed_header).toBeNull();
    expect(await answersOf(secret.id as string)).toEqual(everywhere(null));
    const { signed_header } = (await stored(secret.id as string)) ?? {};
    expect(signed_header).toBeNull();
  });

  it('refuses a header that states anything but this revision (422), writing nothing', async () => {
    const { stranger, administrator } = setup.scenario.users;
    const wrong: [string, Partial<SecretHeader>][] = [
      ['org', { org: stranger.organisation_id }],
      ['id', { id: randomUUID() }],
      ['rev', { rev: 2 }],
      ['chest', { chest: setup.scenario.otherChest.id }],
      ['hidden', { hidden: true }],
      ['deleted', { deleted: true }],
      ['category', { category: 'note' }],
      ['name', { name: 'Mail server ' }],
      ['strength', { strength: 3 }],
      ['form_fill', { form_fill: false }],
      ['data_hash', { data_hash: randomBytes(32).toString('base64') }],
      ['author', { author: administrator.id }],
      ['author_fp', { author_fp: signers.administrator.fingerprint }],
    ];
    for (const [field, overrides] of wrong) {
      const secret = createBody();
      const signed = await signedFor(secret, overrides);
      const response = await call('writer', 'POST', '/api/v1/secrets.json', {
        secret: { ...secret, signed_header: signed },
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json(), field).toEqual({ errors: [HEADER_MISMATCH_MESSAGE] });
      expect(await stored(secret.id as string), field).toBeUndefined();
    }
  });

  it('refuses a header signed by someone else for the caller’s save', async () => {
    const secret = createBody();
    // The administrator's own, right in every field but the author: the writer cannot send it.
    const signed = await signedFor(secret, {}, signers.administrator);
    const response = await call('writer', 'POST', '/api/v1/secrets.json', {
      secret: { ...secret, signed_header: signed },
    });
    expect(response.statusCode).toBe(422);
    expect(await stored(secret.id as string)).toBeUndefined();
  });

  it('refuses a malformed header (400) with the parser’s plain message, writing nothing', async () => {
    const secret = createBody();
    const signed = await signedFor(secret);
    const malformed: [unknown, string][] = [
      ['a header', 'A signed secret header must be an object.'],
      [{ header: signed.header }, 'A signed secret header must have exactly the fields header, sig.'],
      [{ ...signed, header: { ...signed.header, v: 3 } }, 'The header version is not supported.'],
      [{ ...signed, header: { ...signed.header, id: secret.id?.toString().toUpperCase() } }, ''],
      [{ ...signed, header: { ...signed.header, extra: 1 } }, ''],
    ];
    for (const [value, message] of malformed) {
      const response = await call('writer', 'POST', '/api/v1/secrets.json', {
        secret: { ...secret, signed_header: value },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      const { errors } = response.json() as { errors: string[] };
      expect(errors).toHaveLength(1);
      if (message) expect(errors[0]).toBe(message);
      expect(await stored(secret.id as string)).toBeUndefined();
    }
  });

  it('stores a save’s header, and a save without one clears it', async () => {
    const secret = createBody();
    const first = await signedFor(secret);
    await call('writer', 'POST', '/api/v1/secrets.json', { secret: { ...secret, signed_header: first } });
    const id = secret.id as string;

    const second = saveBody(id, 2, { name: 'Renamed' });
    const wrong = await signedFor(second, { rev: 1 });
    const refused = await call('writer', 'PUT', `/api/v1/secrets/${id}.json`, {
      secret: { ...putBody(second).secret, signed_header: wrong },
    });
    expect(refused.statusCode).toBe(422);
    const kept = await stored(id);
    expect(kept).toMatchObject({ revision: 1, name: 'Mail server' });
    expect(JSON.parse(kept?.signed_header ?? 'null')).toEqual(first);

    const signed = await signedFor(second);
    const saved = await call('writer', 'PUT', `/api/v1/secrets/${id}.json`, {
      secret: { ...putBody(second).secret, signed_header: signed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 2, signed_header: signed });
    expect(await answersOf(id)).toEqual(everywhere(signed));

    const third = await call('writer', 'PUT', `/api/v1/secrets/${id}.json`, putBody(saveBody(id, 3)));
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({ revision: 3, signed_header: null });
    expect(await answersOf(id)).toEqual(everywhere(null));
  });

  it('stores the header of a save into another chest (the web app’s move)', async () => {
    const secret = createBody();
    await call('writer', 'POST', '/api/v1/secrets.json', { secret });
    const id = secret.id as string;
    const { owner, administrator, writer } = setup.scenario.users;
    const moved = saveBody(id, 2, {
      vault_id: setup.scenario.otherChest.id,
      secret_keys_attributes: [owner.id, administrator.id, writer.id].map((user_id) => ({
        user_id,
        encrypted_value: fakeWrappedKey(),
      })),
    });
    const staleChest = await signedFor(moved, { chest: setup.scenario.chest.id });
    const refused = await call('writer', 'PUT', `/api/v1/secrets/${id}.json`, {
      secret: { ...putBody(moved).secret, signed_header: staleChest },
    });
    expect(refused.statusCode).toBe(422);
    expect(await stored(id)).toMatchObject({ revision: 1, vault_id: setup.scenario.chest.id });

    const signed = await signedFor(moved);
    const response = await call('writer', 'PUT', `/api/v1/secrets/${id}.json`, {
      secret: { ...putBody(moved).secret, signed_header: signed },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ vault_id: setup.scenario.otherChest.id, signed_header: signed });
    expect(await answersOf(id)).toEqual(everywhere(signed));
  });

  it('stores a move’s header for the stored revision in the new chest; a move without one clears it', async () => {
    const secret = createBody();
    const id = secret.id as string;
    await call('writer', 'POST', '/api/v1/secrets.json', {
      secret: { ...secret, signed_header: await signedFor(secret) },
    });
    const there = { ...secret, vault_id: setup.scenario.otherChest.id };
    const move = (signed_header?: unknown) =>
      call('writer', 'PUT', `/api/v1/secrets/${id}.json`, {
        secret: { vault_id: setup.scenario.otherChest.id, ...(signed_header ? { signed_header } : {}) },
      });

    for (const overrides of [{ rev: 2 }, { chest: setup.scenario.chest.id }, { name: 'Moved' }]) {
      const response = await move(await signedFor(there, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(await stored(id)).toMatchObject({ vault_id: setup.scenario.chest.id });
    }
    // Another payload's hash: the move keeps the stored ciphertext.
    const otherPayload = await signedFor({ ...there, ...fakeSealedPayload() });
    expect((await move(otherPayload)).statusCode).toBe(422);

    const signed = await signedFor(there);
    const moved = await move(signed);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ vault_id: setup.scenario.otherChest.id, signed_header: signed });
    expect(await answersOf(id)).toEqual(everywhere(signed));

    const back = await call('writer', 'PUT', `/api/v1/secrets/${id}.json`, {
      secret: { vault_id: setup.scenario.chest.id },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().signed_header).toBeNull();
    expect(await stored(id)).toMatchObject({ vault_id: setup.scenario.chest.id, signed_header: null });
  });

  it('stores each header of a bulk create; one that does not match refuses them all by its index', async () => {
    const secrets = [
      createBody(),
      createBody({ name: 'Second' }),
      createBody({ category: 'note', strength: null }),
    ];
    const headers = await Promise.all(secrets.map((secret) => signedFor(secret)));
    const wrong = await call('writer', 'POST', '/api/v1/secrets/bulk.json', {
      secrets: secrets.map((secret, index) => ({
        ...secret,
        signed_header: index === 1 ? headers[0] : headers[index],
      })),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: [HEADER_MISMATCH_MESSAGE], index: 1 });
    for (const secret of secrets) expect(await stored(secret.id as string)).toBeUndefined();

    // The last one without a header: suite 1 beside suite 2 in one request.
    const response = await call('writer', 'POST', '/api/v1/secrets/bulk.json', {
      secrets: secrets.map((secret, index) =>
        index === 2 ? secret : { ...secret, signed_header: headers[index] },
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    const items = (response.json() as { items: { signed_header: unknown }[] }).items;
    expect(items.map((item) => item.signed_header)).toEqual([headers[0], headers[1], null]);
    for (const [index, secret] of secrets.entries()) {
      expect(await answersOf(secret.id as string)).toEqual(everywhere(index === 2 ? null : headers[index]));
    }
  });

  it('takes signed_header null as none', async () => {
    const secret = createBody();
    const response = await call('writer', 'POST', '/api/v1/secrets.json', {
      secret: { ...secret, signed_header: null },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().signed_header).toBeNull();
  });

  /** A secret created with its header, in the first chest; answers its create body. */
  async function signedSecret(): Promise<Body> {
    const secret = createBody();
    const created = await call('writer', 'POST', '/api/v1/secrets.json', {
      secret: { ...secret, signed_header: await signedFor(secret) },
    });
    expect(created.statusCode, created.body).toBe(201);
    return secret;
  }

  it('keeps the header when a secret is marked or restored without a revision (the spec’s calls)', async () => {
    const secret = await signedSecret();
    const id = secret.id as string;
    const before = await stored(id);
    const marked = await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ marked_for_deletion: true });
    expect(await stored(id)).toMatchObject({ revision: 1, signed_header: before?.signed_header });
    const restored = await call('writer', 'POST', `/api/v1/secrets/${id}/unmark_for_deletion.json`);
    expect(restored.json()).toMatchObject({ marked_for_deletion: false });
    expect(await stored(id)).toMatchObject({ revision: 1, signed_header: before?.signed_header });
  });

  it('restores a secret its author marked only by a signed revision (409 for the plain call)', async () => {
    const { id } = await signedSecret();
    const markRevision = saveBody(id as string, 2);
    await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`, {
      secret: {
        ...putBody(markRevision).secret,
        signed_header: await signedFor(markRevision, { deleted: true }),
      },
    });
    const plain = await call('writer', 'POST', `/api/v1/secrets/${id}/unmark_for_deletion.json`);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().error).toBe(SIGNED_MARK_MESSAGE);
    expect(await stored(id as string)).toMatchObject({ revision: 2 });
  });

  it('marks and restores by a signed revision stating `deleted`, audited as a mark and a restore', async () => {
    const { id } = await signedSecret();
    const markRevision = saveBody(id as string, 2, { name: 'Mail server (old)' });
    const markHeader = await signedFor(markRevision, { deleted: true });
    const marked = await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`, {
      secret: { ...putBody(markRevision).secret, signed_header: markHeader },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ marked_for_deletion: true, signed_header: markHeader });
    expect(await stored(id as string)).toMatchObject({ revision: 2, name: 'Mail server (old)' });
    const deleted = await call('writer', 'GET', `/api/v1/secrets.json?deleted=true&limit=200`);
    const items = (deleted.json() as { items: { id: string; signed_header: unknown }[] }).items;
    expect(items.find((item) => item.id === id)?.signed_header).toEqual(markHeader);
    // Marking again changes nothing, whatever it carries.
    const again = await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`, {
      secret: { ...putBody(saveBody(id as string, 3)).secret },
    });
    expect(again.json()).toMatchObject({ signed_header: markHeader });
    expect(await stored(id as string)).toMatchObject({ revision: 2 });
    const restoreRevision = saveBody(id as string, 3);
    const restoreHeader = await signedFor(restoreRevision);
    const restored = await call('writer', 'POST', `/api/v1/secrets/${id}/unmark_for_deletion.json`, {
      secret: { ...putBody(restoreRevision).secret, signed_header: restoreHeader },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ marked_for_deletion: false, signed_header: restoreHeader });
    expect(await stored(id as string)).toMatchObject({ revision: 3 });
    const actions = await db()
      .selectFrom('audit_log_entries')
      .select('action')
      .where('object_id', '=', id as string)
      .orderBy('created_at')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      expect.stringMatching(/^Created secret /),
      'Marked secret Mail server (old) for deletion',
      'Restored secret Mail server',
    ]);
  });

  it('refuses a signed mark whose header says live, or that moves or unhides the secret, writing nothing', async () => {
    const { id } = await signedSecret();
    const revision = saveBody(id as string, 2);
    const live = await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`, {
      secret: { ...putBody(revision).secret, signed_header: await signedFor(revision) },
    });
    expect(live.statusCode).toBe(422);
    expect(live.json().errors).toEqual([HEADER_MISMATCH_MESSAGE]);
    const elsewhere = saveBody(id as string, 2, { vault_id: setup.scenario.otherChest.id });
    const moving = await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`, {
      secret: { ...putBody(elsewhere).secret, signed_header: await signedFor(elsewhere, { deleted: true }) },
    });
    expect(moving.statusCode).toBe(400);
    expect(moving.json().errors).toEqual([MARK_IN_PLACE_MESSAGE]);
    const stale = saveBody(id as string, 5);
    const staleMark = await call('writer', 'POST', `/api/v1/secrets/${id}/mark_for_deletion.json`, {
      secret: { ...putBody(stale).secret, signed_header: await signedFor(stale, { deleted: true }) },
    });
    expect(staleMark.statusCode).toBe(409);
    expect(await stored(id as string)).toMatchObject({ revision: 1 });
    const reader = await call('reader', 'GET', `/api/v1/secrets/${id}.json`);
    expect(reader.json()).toMatchObject({ marked_for_deletion: false, revision: 1 });
    expect((await stored(id as string))?.signed_header).not.toBeNull();
  });

  it('moves with a header only while the stored revision is the one it was checked against', async () => {
    const built = await buildSecret(db(), setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const before = { vault_id: setup.scenario.chest.id, hidden: false, live: true };
    const { otherChest, users, chest } = setup.scenario;
    const move = (revision: number) =>
      db()
        .transaction()
        .execute((trx) =>
          moveSecretToChest(trx, org(), built.id, before, otherChest.id, users.writer.id, {
            signed_header: '{}',
            revision,
          }),
        );
    // Checked against revision 2 while 1 is stored (as when a save comes between): nothing moves.
    expect(await move(2)).toBe(false);
    expect(await stored(built.id)).toMatchObject({ vault_id: chest.id, signed_header: null });
    expect(await move(1)).toBe(true);
    expect(await stored(built.id)).toMatchObject({ vault_id: otherChest.id, signed_header: '{}' });
  });

  it('hands a secret built before any header back with null', async () => {
    const built = await buildSecret(db(), setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    expect(await answersOf(built.id)).toEqual(everywhere(null));
  });
});
