import { randomUUID } from 'node:crypto';
import { NO_PERMISSION_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_ALREADY_UNDONE_MESSAGE,
  IMPORT_BATCH_NOT_OWN_MESSAGE,
  IMPORT_BATCH_UNDONE_MESSAGE,
  IMPORT_FORMAT_MESSAGE,
  IMPORT_ITEM_COUNT_MESSAGE,
} from '../../services/imports/import-batch-service.js';
import { auditActions } from '../../test/audit-rows.js';
import {
  callApi,
  newSecretBody,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
} from '../../test/factories.js';

describe('import batches', () => {
  const setup = useChestScenario();
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    callApi(setup.context.app, token, method, url, payload);
  const tokenOf = (role: ScenarioRole) => setup.scenario.tokens[role];
  const organisationId = () => setup.scenario.users.owner.organisation_id;

  async function startBatch(token: string, itemCount = 2, format = 'bitwarden-csv') {
    const response = await call(token, 'POST', '/api/v1/import_batches.json', {
      import_batch: { format, item_count: itemCount },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().import_batch as { id: string };
  }

  // Whoever reads the chest gets a key: the chest's public keys say who that is.
  async function readersOf(token: string, chestId: string, hidden = false): Promise<string[]> {
    const response = await call(token, 'GET', `/api/v1/vaults/${chestId}/public_keys.json?hidden=${hidden}`);
    expect(response.statusCode).toBe(200);
    return (response.json().items as { user_id: string }[]).map((item) => item.user_id);
  }

  async function createImported(
    token: string,
    chestId: string,
    batchId: string,
    extra: { hidden?: boolean } = {},
  ) {
    const body = newSecretBody(chestId, await readersOf(token, chestId, extra.hidden ?? false), {
      import_batch_id: batchId,
      ...extra,
    });
    const response = await call(token, 'POST', '/api/v1/secrets.json', body);
    return { response, id: body.secret.id as string };
  }

  const batchOfSecret = async (id: string) =>
    (await setup.context.db
      .selectFrom('secrets')
      .select(['import_batch_id', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null;

  const batchCount = async () =>
    Number(
      (
        await setup.context.db
          .selectFrom('import_batches')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lets whoever can write to a chest start a batch, and audits it', async () => {
    // owner, administrator, manager, writer, reader (read only), outsider (no chest), stranger (own organisation)
    const expected = [201, 201, 201, 201, 403, 403, 201];
    for (const [index, role] of SCENARIO_ROLES.entries()) {
      const response = await call(tokenOf(role), 'POST', '/api/v1/import_batches.json', {
        import_batch: { format: 'keepass-xml', item_count: 1 },
      });
      expect(response.statusCode, role).toBe(expected[index]);
      if (response.statusCode === 403) {
        expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
        continue;
      }
      const user = setup.scenario.users[role];
      expect(response.json()).toEqual({
        import_batch: {
          id: expect.any(String),
          format: 'keepass-xml',
          item_count: 1,
          secret_count: 0,
          created_at: expect.any(String),
          created_by: { id: user.id, name: user.name },
          undone_at: null,
        },
      });
      expect(await auditActions(setup.context.db, { objectId: response.json().import_batch.id })).toEqual([
        'Started an import of 1 item (keepass-xml)',
      ]);
    }
  });

  it('refuses a bad format or item count with a clear message and writes nothing', async () => {
    const before = await batchCount();
    const cases: [unknown, unknown, number, string | null][] = [
      ['', 2, 400, IMPORT_FORMAT_MESSAGE],
      ['Bitwarden CSV', 2, 400, IMPORT_FORMAT_MESSAGE],
      ['a'.repeat(51), 2, 400, IMPORT_FORMAT_MESSAGE],
      ['csv-', 2, 400, IMPORT_FORMAT_MESSAGE],
      ['lastpass-csv', 0, 400, IMPORT_ITEM_COUNT_MESSAGE],
      ['lastpass-csv', 100_001, 400, IMPORT_ITEM_COUNT_MESSAGE],
      ['lastpass-csv', -3, 400, IMPORT_ITEM_COUNT_MESSAGE],
      // Not an integer, or not there at all: the schema names the field.
      ['lastpass-csv', 1.5, 400, null],
      ['lastpass-csv', undefined, 400, null],
      [undefined, 2, 400, null],
    ];
    for (const [format, item_count, status, message] of cases) {
      const response = await call(tokenOf('writer'), 'POST', '/api/v1/import_batches.json', {
        import_batch: { format, item_count },
      });
      expect(response.statusCode, `${format} ${item_count}`).toBe(status);
      if (message) expect(response.json()).toEqual({ errors: [message] });
      else expect(response.json().errors[0]).toMatch(/^Field import_batch\./);
    }
    const bare = await call(tokenOf('writer'), 'POST', '/api/v1/import_batches.json', {});
    expect(bare.statusCode).toBe(400);
    const edges = [
      ['a'.repeat(50), 1],
      ['1password-1pux', 100_000],
    ] as const;
    for (const [format, item_count] of edges) {
      const response = await call(tokenOf('writer'), 'POST', '/api/v1/import_batches.json', {
        import_batch: { format, item_count },
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await batchCount()).toBe(before + edges.length);
  });

  it('stores the batch on secrets created with it, and only the caller’s own open batch', async () => {
    const { chest } = setup.scenario;
    const batch = await startBatch(tokenOf('writer'));
    const created = await createImported(tokenOf('writer'), chest.id, batch.id);
    expect(created.response.statusCode, created.response.body).toBe(201);
    expect(await batchOfSecret(created.id)).toEqual({ import_batch_id: batch.id, deleted_at: null });

    // Someone else's batch of the organisation: 422; another organisation's, or none: 404.
    const adminBatch = await startBatch(tokenOf('administrator'));
    const strangerBatch = await startBatch(tokenOf('stranger'));
    const refusals: [string, number, object][] = [
      [adminBatch.id, 422, { errors: [IMPORT_BATCH_NOT_OWN_MESSAGE] }],
      [strangerBatch.id, 404, { error: 'Not found' }],
      [randomUUID(), 404, { error: 'Not found' }],
    ];
    for (const [batchId, status, body] of refusals) {
      const refused = await createImported(tokenOf('writer'), chest.id, batchId);
      expect(refused.response.statusCode).toBe(status);
      expect(refused.response.json()).toEqual(body);
      expect(await batchOfSecret(refused.id)).toBeNull();
    }
    // A save ignores the field: the batch is the one the secret was created with.
    const save = await call(tokenOf('writer'), 'PUT', `/api/v1/secrets/${created.id}.json`, {
      secret: {
        ...newSecretBody(chest.id, await readersOf(tokenOf('writer'), chest.id)).secret,
        id: undefined,
        revision: 2,
        import_batch_id: adminBatch.id,
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await batchOfSecret(created.id)).toMatchObject({ import_batch_id: batch.id });

    // Once undone, the batch takes no more secrets.
    expect(
      (await call(tokenOf('writer'), 'POST', `/api/v1/import_batches/${batch.id}/undo`)).statusCode,
    ).toBe(200);
    const late = await createImported(tokenOf('writer'), chest.id, batch.id);
    expect(late.response.statusCode).toBe(422);
    expect(late.response.json()).toEqual({ errors: [IMPORT_BATCH_UNDONE_MESSAGE] });
    expect(await batchOfSecret(late.id)).toBeNull();
  });

  it('lists the organisation’s batches to administrators and their own to everyone else, newest first', async () => {
    const writerBatch = await startBatch(tokenOf('writer'), 3, 'lastpass-csv');
    const first = await createImported(tokenOf('writer'), setup.scenario.chest.id, writerBatch.id);
    await createImported(tokenOf('writer'), setup.scenario.otherChest.id, writerBatch.id);
    const managerBatch = await startBatch(tokenOf('manager'), 1, 'chrome-csv');
    await call(tokenOf('writer'), 'POST', `/api/v1/secrets/${first.id}/mark_for_deletion`);

    const list = async (role: ScenarioRole) => {
      const response = await call(tokenOf(role), 'GET', '/api/v1/import_batches.json');
      expect(response.statusCode, role).toBe(200);
      return response.json().items as { id: string; created_by: { id: string } }[];
    };
    const writerItems = await list('writer');
    expect(writerItems.every((item) => item.created_by.id === setup.scenario.users.writer.id)).toBe(true);
    expect(writerItems[0]).toEqual({
      id: writerBatch.id,
      format: 'lastpass-csv',
      item_count: 3,
      // The secret marked for deletion no longer counts.
      secret_count: 1,
      created_at: expect.any(String),
      created_by: { id: setup.scenario.users.writer.id, name: setup.scenario.users.writer.name },
      undone_at: null,
    });
    expect((await list('manager')).map((item) => item.id)).toContain(managerBatch.id);
    expect((await list('manager')).map((item) => item.id)).not.toContain(writerBatch.id);
    expect(await list('reader')).toEqual([]);
    expect(await list('outsider')).toEqual([]);
    for (const role of ['owner', 'administrator'] as const) {
      const ids = (await list(role)).map((item) => item.id);
      expect(ids.slice(0, 2)).toEqual([managerBatch.id, writerBatch.id]);
    }
    const strangerIds = (await list('stranger')).map((item) => item.id);
    expect(strangerIds).not.toContain(writerBatch.id);
    expect(strangerIds).not.toContain(managerBatch.id);
  });

  it('undoes a batch for administrators and its creator only; a second undo is 409', async () => {
    const { chest, otherChest } = setup.scenario;
    const batch = await startBatch(tokenOf('writer'), 3);
    const ids: string[] = [];
    for (const chestId of [chest.id, chest.id, otherChest.id]) {
      const created = await createImported(tokenOf('writer'), chestId, batch.id);
      expect(created.response.statusCode).toBe(201);
      ids.push(created.id);
    }
    const counts = async () =>
      (
        await setup.context.db
          .selectFrom('vaults')
          .select(['id', 'secret_count', 'visible_secret_count'])
          .where('id', 'in', [chest.id, otherChest.id])
          .orderBy('id')
          .execute()
      ).map((row) => ({
        ...row,
        secret_count: Number(row.secret_count),
        visible_secret_count: Number(row.visible_secret_count),
      }));
    const before = await counts();

    // Who does not see the batch (not its creator, not an administrator, or elsewhere): 404.
    for (const role of ['manager', 'reader', 'outsider', 'stranger'] as const) {
      const refused = await call(tokenOf(role), 'POST', `/api/v1/import_batches/${batch.id}/undo.json`);
      expect(refused.statusCode, role).toBe(404);
    }
    for (const id of ids) expect(await batchOfSecret(id)).toMatchObject({ deleted_at: null });

    const undone = await call(
      tokenOf('administrator'),
      'POST',
      `/api/v1/import_batches/${batch.id}/undo.json`,
    );
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ undone: 3 });
    for (const id of ids) expect((await batchOfSecret(id))?.deleted_at).toEqual(expect.any(String));
    // The chests' counts move as three single removals would move them.
    expect(await counts()).toEqual(
      before.map((row) => {
        const gone = row.id === chest.id ? 2 : 1;
        return {
          ...row,
          secret_count: row.secret_count - gone,
          visible_secret_count: row.visible_secret_count - gone,
        };
      }),
    );
    const [entry] = (await auditActions(setup.context.db, { objectId: batch.id })).slice(-1);
    expect(entry).toMatch(
      /^Undid the import of 3 items \(bitwarden-csv\) of \d{4}-\d{2}-\d{2}: 3 secrets removed$/,
    );

    for (const role of ['owner', 'administrator', 'writer'] as const) {
      const again = await call(tokenOf(role), 'POST', `/api/v1/import_batches/${batch.id}/undo`);
      expect(again.statusCode, role).toBe(409);
      expect(again.json()).toEqual({ error: IMPORT_ALREADY_UNDONE_MESSAGE });
    }
    const listed = await call(tokenOf('writer'), 'GET', '/api/v1/import_batches');
    const item = (
      listed.json().items as { id: string; secret_count: number; undone_at: string | null }[]
    ).find((row) => row.id === batch.id);
    expect(item).toMatchObject({ secret_count: 0, undone_at: expect.any(String) });

    // The secrets wait in Deleted Secrets, restorable one by one as any removed secret.
    const deleted = await call(tokenOf('writer'), 'GET', '/api/v1/secrets.json?deleted=true');
    const deletedIds = (deleted.json().items as { id: string }[]).map((row) => row.id);
    for (const id of ids) expect(deletedIds).toContain(id);
    const restored = await call(tokenOf('writer'), 'POST', `/api/v1/secrets/${ids[0]}/unmark_for_deletion`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: ids[0], marked_for_deletion: false });
    const relisted = await call(tokenOf('writer'), 'GET', '/api/v1/import_batches');
    expect(
      (relisted.json().items as { id: string; secret_count: number }[]).find((row) => row.id === batch.id),
    ).toMatchObject({
      secret_count: 1,
    });
  });

  it('lets the creator undo their own batch, leaving the secrets of chests they can no longer write', async () => {
    const { db } = setup.context;
    const organisation_id = organisationId();
    const importer = await buildUser(db, { organisation_id });
    const team = await buildTeam(db, organisation_id);
    await buildMembership(db, importer, team.id, true);
    const kept = await buildChest(db, organisation_id);
    const lost = await buildChest(db, organisation_id);
    await buildAssignment(db, organisation_id, kept.id, team.id, true);
    const lostAssignment = await buildAssignment(db, organisation_id, lost.id, team.id, true);
    const token = await buildSession(db, importer);

    const batch = await startBatch(token, 3, 'keeper-csv');
    const inKept = await createImported(token, kept.id, batch.id);
    const inLost = await createImported(token, lost.id, batch.id);
    expect([inKept.response.statusCode, inLost.response.statusCode]).toEqual([201, 201]);
    // A secret of the batch already removed by hand is neither undone nor left.
    const removedByHand = await createImported(token, kept.id, batch.id);
    await call(token, 'POST', `/api/v1/secrets/${removedByHand.id}/mark_for_deletion`);
    // The team now only reads the second chest.
    await db
      .updateTable('assignments')
      .set({ edit_access: false })
      .where('id', '=', lostAssignment)
      .execute();

    const undone = await call(token, 'POST', `/api/v1/import_batches/${batch.id}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ undone: 1, left: 1 });
    expect((await batchOfSecret(inKept.id))?.deleted_at).toEqual(expect.any(String));
    expect(await batchOfSecret(inLost.id)).toMatchObject({ deleted_at: null });
    expect((await auditActions(db, { objectId: batch.id })).slice(-1)).toEqual([
      expect.stringMatching(
        /^Undid the import of 3 items \(keeper-csv\) of [\d-]{10}: 1 secret removed, 1 secret left in chests the user cannot write$/,
      ),
    ]);
  });

  it('removes hidden secrets of a batch when an administrator undoes it', async () => {
    const { chest } = setup.scenario;
    const batch = await startBatch(tokenOf('owner'), 1);
    const hidden = await createImported(tokenOf('owner'), chest.id, batch.id, { hidden: true });
    expect(hidden.response.statusCode, hidden.response.body).toBe(201);
    // Not a secret of this batch: stays where it is.
    const bystander = await buildSecret(setup.context.db, setup.scenario.users.writer, chest.id, {
      readerIds: setup.scenario.readerIds,
    });
    const undone = await call(tokenOf('owner'), 'POST', `/api/v1/import_batches/${batch.id}/undo`);
    expect(undone.json()).toEqual({ undone: 1 });
    expect((await batchOfSecret(hidden.id))?.deleted_at).toEqual(expect.any(String));
    expect(await batchOfSecret(bystander.id)).toMatchObject({ deleted_at: null });
  });

  it('leaves no live secret of a batch when creates race its undo', async () => {
    const { chest } = setup.scenario;
    const token = tokenOf('writer');
    const batch = await startBatch(token, 6);
    const readers = await readersOf(token, chest.id);
    const bodies = Array.from({ length: 6 }, () =>
      newSecretBody(chest.id, readers, { import_batch_id: batch.id }),
    );
    const [undone, ...creates] = await Promise.all([
      call(token, 'POST', `/api/v1/import_batches/${batch.id}/undo`),
      ...bodies.map((body) => call(token, 'POST', '/api/v1/secrets.json', body)),
    ]);
    expect(undone?.statusCode).toBe(200);
    // Each create came before the undo (and was removed by it) or after it (and was refused).
    const created = creates.filter((response) => response.statusCode === 201).length;
    for (const response of creates) expect([201, 422]).toContain(response.statusCode);
    expect(undone?.json()).toEqual({ undone: created });
    const live = await setup.context.db
      .selectFrom('secrets')
      .select('id')
      .where('import_batch_id', '=', batch.id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('undoes a batch without secrets, and answers 404 for an id that is no batch', async () => {
    const batch = await startBatch(tokenOf('manager'), 5);
    const undone = await call(tokenOf('manager'), 'POST', `/api/v1/import_batches/${batch.id}/undo`);
    expect(undone.json()).toEqual({ undone: 0 });
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await call(tokenOf('owner'), 'POST', `/api/v1/import_batches/${id}/undo`);
      expect(missing.statusCode).toBe(404);
    }
  });
});
