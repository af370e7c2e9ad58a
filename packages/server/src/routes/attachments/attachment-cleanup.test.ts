import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertAttachment } from '../../repositories/attachment-repository.js';
import {
  STALE_UPLOAD_MS,
  startAttachmentSweeper,
  sweepStaleUploads,
} from '../../services/attachments/attachment-sweeper.js';
import { attachmentRows, startUpload, uploadFile } from '../../test/attachment-helpers.js';
import { buildChestScenario, callApi, useChestScenario } from '../../test/chest-scenario.js';
import { buildSecret } from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';

// Three chunks: two full ones and a short last one.
const ATTACHMENT_TEST_SIZE = 2 * 1024 * 1024 + 10;

/**
 * A file's rows go when its secret goes for good: purged, with its chest, with its organisation;
 * a secret marked for deletion (restorable) or moved keeps them. Abandoned uploads are swept.
 */
describe('attachments: deletion cascades and the sweeper', () => {
  const setup = useChestScenario();
  const freshSecret = (overrides: { deleted_at?: string } = {}) =>
    buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, {
      readerIds: setup.scenario.readerIds,
      ...overrides,
    });
  const upload = async (secretId: string, size = ATTACHMENT_TEST_SIZE) =>
    (await uploadFile(setup.context.app, setup.scenario.tokens.writer, secretId, size)).id;
  const download = (id: string) =>
    callApi(setup.context.app, setup.scenario.tokens.reader, 'GET', `/api/v1/attachments/${id}`);

  it('deletes a purged secret’s files and their chunks', async () => {
    const { context, scenario } = setup;
    const secret = await freshSecret();
    const id = await upload(secret.id);
    const kept = await upload(scenario.secret.id);
    const purged = await callApi(
      context.app,
      scenario.tokens.owner,
      'DELETE',
      `/api/v1/secrets/${secret.id}`,
    );
    expect(purged.statusCode).toBe(204);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 0, chunks: 0 });
    expect(await attachmentRows(context.db, kept)).toEqual({ attachments: 1, chunks: 3 });
    expect((await download(id)).statusCode).toBe(404);
  });

  it('keeps the files of a secret marked for deletion, and after it is restored', async () => {
    const { context, scenario } = setup;
    const secret = await freshSecret();
    const id = await upload(secret.id);
    const marked = await callApi(
      context.app,
      scenario.tokens.writer,
      'POST',
      `/api/v1/secrets/${secret.id}/mark_for_deletion`,
    );
    expect(marked.statusCode).toBe(200);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 1, chunks: 3 });
    expect((await download(id)).statusCode).toBe(200);
    await callApi(
      context.app,
      scenario.tokens.writer,
      'POST',
      `/api/v1/secrets/${secret.id}/unmark_for_deletion`,
    );
    expect((await download(id)).statusCode).toBe(200);
  });

  it('keeps the files of a moved secret (same id), readable by the new chest’s readers only', async () => {
    const { context, scenario } = setup;
    const secret = await freshSecret();
    const id = await upload(secret.id);
    const moved = await callApi(context.app, scenario.tokens.writer, 'PUT', `/api/v1/secrets/${secret.id}`, {
      secret: { vault_id: scenario.otherChest.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 1, chunks: 3 });
    const byWriter = await callApi(context.app, scenario.tokens.writer, 'GET', `/api/v1/attachments/${id}`);
    expect(byWriter.statusCode).toBe(200);
    // The reader's team is not linked to the other chest.
    expect((await download(id)).statusCode).toBe(404);
  });

  it('deletes the files of every secret of a deleted chest', async () => {
    const { context, scenario } = setup;
    const owner = scenario.users.owner;
    const chest = await callApi(context.app, scenario.tokens.owner, 'POST', '/api/v1/vaults', {
      vault: {
        name: 'Doomed',
        assignments_attributes: [{ team_id: scenario.writeTeam.id, edit_access: true }],
      },
    });
    expect(chest.statusCode).toBe(201);
    const chestId = chest.json().id as string;
    const secret = await buildSecret(context.db, owner, chestId, {
      readerIds: [owner.id, scenario.users.writer.id],
    });
    const live = await upload(secret.id);
    const pending = (await startUpload(context.app, scenario.tokens.writer, secret.id, 10)).json().attachment
      .id as string;
    const removed = await callApi(context.app, scenario.tokens.owner, 'DELETE', `/api/v1/vaults/${chestId}`);
    expect(removed.statusCode).toBe(204);
    expect(await attachmentRows(context.db, live)).toEqual({ attachments: 0, chunks: 0 });
    expect(await attachmentRows(context.db, pending)).toEqual({ attachments: 0, chunks: 0 });
  });

  it('deletes every file of a deleted organisation, and nothing of another', async () => {
    const { context, scenario } = setup;
    const gone = await buildChestScenario(context.db);
    const file = await uploadFile(context.app, gone.tokens.writer, gone.secret.id, ATTACHMENT_TEST_SIZE);
    const kept = await upload(scenario.secret.id);
    await provePassword(context.app, gone.tokens.owner);
    const deleted = await callApi(context.app, gone.tokens.owner, 'DELETE', '/api/v1/organisation');
    expect(deleted.statusCode).toBe(204);
    expect(await attachmentRows(context.db, file.id)).toEqual({ attachments: 0, chunks: 0 });
    const rowsLeft = await context.db
      .selectFrom('attachment_chunks')
      .select('chunk_index')
      .where('organisation_id', '=', gone.users.owner.organisation_id)
      .execute();
    expect(rowsLeft).toEqual([]);
    expect(await attachmentRows(context.db, kept)).toEqual({ attachments: 1, chunks: 3 });
  });

  it('sweeps pending uploads older than an hour, at start and then on its interval; complete and recent ones stay', async () => {
    const { context, scenario } = setup;
    const organisationId = scenario.users.owner.organisation_id;
    const now = new Date();
    const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
    const pendingRow = async (createdAt: string) => {
      const row = await insertAttachment(context.db, {
        id: randomUUID(),
        organisationId,
        secretId: scenario.secret.id,
        createdBy: scenario.users.writer.id,
        size: 2 * 1024 * 1024,
        chunkCount: 2,
        createdAt,
      });
      await context.db
        .insertInto('attachment_chunks')
        .values({
          attachment_id: row.id,
          chunk_index: 0,
          organisation_id: organisationId,
          data: randomBytes(64),
        })
        .execute();
      await context.db
        .updateTable('attachments')
        .set({ uploaded_chunks: 1 })
        .where('id', '=', row.id)
        .execute();
      return row.id;
    };
    const stale = await pendingRow(at(STALE_UPLOAD_MS + 60_000));
    const recent = await pendingRow(at(STALE_UPLOAD_MS - 60_000));
    const complete = await upload(scenario.secret.id);
    await context.db
      .updateTable('attachments')
      .set({ created_at: at(3 * STALE_UPLOAD_MS) })
      .where('id', '=', complete)
      .execute();

    expect(await sweepStaleUploads(context.db, now)).toBe(1);
    expect(await attachmentRows(context.db, stale)).toEqual({ attachments: 0, chunks: 0 });
    expect(await attachmentRows(context.db, recent)).toEqual({ attachments: 1, chunks: 1 });
    expect(await attachmentRows(context.db, complete)).toEqual({ attachments: 1, chunks: 3 });

    // The job: a run at start, then on its interval (here 20 ms, with the clock two hours on).
    const later = new Date(now.getTime() + 2 * STALE_UPLOAD_MS);
    const another = await pendingRow(at(STALE_UPLOAD_MS + 1000));
    let clock = now;
    const sweeper = startAttachmentSweeper(context.db, context.app.log, {
      now: () => clock,
      intervalMs: 20,
    });
    await sweeper.idle();
    expect(await attachmentRows(context.db, another)).toEqual({ attachments: 0, chunks: 0 });
    expect(await attachmentRows(context.db, recent)).toEqual({ attachments: 1, chunks: 1 });
    clock = later;
    await expect
      .poll(async () => (await attachmentRows(context.db, recent)).attachments, { timeout: 5000 })
      .toBe(0);
    await sweeper.stop();
    expect(await attachmentRows(context.db, complete)).toEqual({ attachments: 1, chunks: 3 });
  });
});
