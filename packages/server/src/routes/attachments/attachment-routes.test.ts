import {
  ATTACHMENT_ALREADY_COMPLETE_MESSAGE,
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_CHUNK_COUNT_MESSAGE,
  ATTACHMENT_CHUNK_LENGTH_MESSAGE,
  ATTACHMENT_CHUNK_ORDER_MESSAGE,
  ATTACHMENT_INCOMPLETE_MESSAGE,
  ATTACHMENT_MAX_BYTES,
  NO_PERMISSION_MESSAGE,
} from '@coffer/core';
import { describe, expect, it } from 'vitest';
import {
  attachmentRows,
  fakeSealedChunks,
  putChunk,
  startUpload,
  uploadFile,
} from '../../test/attachment-helpers.js';
import { callApi, SCENARIO_ROLES, type ScenarioRole, useChestScenario } from '../../test/chest-scenario.js';
import { buildMembership, buildSecret, buildSession, buildUser } from '../../test/factories.js';
import { CHUNK_CONTENT_TYPE_MESSAGE } from './attachment-routes.js';

// Expected status per role (test/chest-scenario.ts) on the scenario's secret, which the writer,
// reader, manager and both administrators hold a key of; the outsider sees its chest not at all and
// the stranger is an administrator of another organisation.
const START: Record<ScenarioRole, number> = {
  owner: 201,
  administrator: 201,
  manager: 201,
  writer: 201,
  reader: 403,
  outsider: 404,
  stranger: 404,
};
// A chunk of the writer's upload: only the writer; those who may edit the secret are still refused.
const CHUNK: Record<ScenarioRole, number> = {
  owner: 403,
  administrator: 403,
  manager: 403,
  writer: 204,
  reader: 403,
  outsider: 404,
  stranger: 404,
};
const DOWNLOAD: Record<ScenarioRole, number> = {
  owner: 200,
  administrator: 200,
  manager: 200,
  writer: 200,
  reader: 200,
  outsider: 404,
  stranger: 404,
};
const REMOVE: Record<ScenarioRole, number> = {
  owner: 204,
  administrator: 204,
  manager: 204,
  writer: 204,
  reader: 403,
  outsider: 404,
  stranger: 404,
};

function errorOf(status: number): object | undefined {
  if (status === 403) return { error: NO_PERMISSION_MESSAGE };
  if (status === 404) return { error: 'Not found' };
  return undefined;
}

describe('attachments: who may upload, download and remove (per role)', () => {
  const setup = useChestScenario();

  for (const role of SCENARIO_ROLES) {
    it(`starts an upload for the ${role}: ${START[role]}`, async () => {
      const { context, scenario } = setup;
      const response = await startUpload(context.app, scenario.tokens[role], scenario.secret.id, 10);
      expect(response.statusCode).toBe(START[role]);
      if (START[role] === 201) {
        const { attachment } = response.json();
        expect(attachment).toEqual({
          id: expect.any(String),
          secret_id: scenario.secret.id,
          size: 10,
          chunk_count: 1,
          complete: false,
          created_at: expect.any(String),
        });
        // Cleaned up, so later tests see only their own rows.
        const removed = await callApi(
          context.app,
          scenario.tokens[role],
          'DELETE',
          `/api/v1/attachments/${attachment.id}`,
        );
        expect(removed.statusCode).toBe(204);
      } else {
        expect(response.json()).toEqual(errorOf(START[role]));
      }
    });

    it(`takes a chunk of the writer's upload from the ${role}: ${CHUNK[role]}`, async () => {
      const { context, scenario } = setup;
      const started = await startUpload(context.app, scenario.tokens.writer, scenario.secret.id, 100);
      const id = started.json().attachment.id as string;
      const [chunk] = fakeSealedChunks(100) as [Buffer];
      const response = await putChunk(context.app, scenario.tokens[role], id, 0, chunk);
      expect(response.statusCode).toBe(CHUNK[role]);
      expect((await attachmentRows(context.db, id)).chunks).toBe(CHUNK[role] === 204 ? 1 : 0);
    });

    it(`downloads a file for the ${role}: ${DOWNLOAD[role]}`, async () => {
      const { context, scenario } = setup;
      const file = await uploadFile(context.app, scenario.tokens.writer, scenario.secret.id, 3000);
      const response = await callApi(
        context.app,
        scenario.tokens[role],
        'GET',
        `/api/v1/attachments/${file.id}`,
      );
      expect(response.statusCode).toBe(DOWNLOAD[role]);
      if (DOWNLOAD[role] === 200) {
        expect(response.headers['content-type']).toBe('application/octet-stream');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.rawPayload.equals(Buffer.concat(file.chunks))).toBe(true);
      } else {
        expect(response.json()).toEqual(errorOf(DOWNLOAD[role]));
      }
    });

    it(`removes a file for the ${role}: ${REMOVE[role]}`, async () => {
      const { context, scenario } = setup;
      const file = await uploadFile(context.app, scenario.tokens.writer, scenario.secret.id, 5);
      const response = await callApi(
        context.app,
        scenario.tokens[role],
        'DELETE',
        `/api/v1/attachments/${file.id}`,
      );
      expect(response.statusCode).toBe(REMOVE[role]);
      const gone = REMOVE[role] === 204;
      expect(await attachmentRows(context.db, file.id)).toEqual(
        gone ? { attachments: 0, chunks: 0 } : { attachments: 1, chunks: 1 },
      );
      if (gone) {
        const audit = await context.db
          .selectFrom('audit_log_entries')
          .select('action')
          .where('object_id', '=', scenario.secret.id)
          .where('action', 'like', 'Removed a file%')
          .execute();
        expect(audit.length).toBeGreaterThan(0);
      }
    });
  }

  it('answers 404 on download to a reader removed from the chest’s team, as the secret does', async () => {
    const { context, scenario } = setup;
    const organisationId = scenario.users.owner.organisation_id;
    const leaver = await buildUser(context.db, { organisation_id: organisationId });
    const membershipId = await buildMembership(context.db, leaver, scenario.readTeam.id, false);
    const token = await buildSession(context.db, leaver);
    const secret = await buildSecret(context.db, scenario.users.writer, scenario.chest.id, {
      readerIds: [...scenario.readerIds, leaver.id],
    });
    const file = await uploadFile(context.app, scenario.tokens.writer, secret.id, 64);
    expect((await callApi(context.app, token, 'GET', `/api/v1/attachments/${file.id}`)).statusCode).toBe(200);

    await context.db.deleteFrom('memberships').where('id', '=', membershipId).execute();
    const download = await callApi(context.app, token, 'GET', `/api/v1/attachments/${file.id}`);
    const show = await callApi(context.app, token, 'GET', `/api/v1/secrets/${secret.id}`);
    expect([download.statusCode, show.statusCode]).toEqual([404, 404]);
    expect(download.json()).toEqual({ error: 'Not found' });
  });

  it('answers 404 for a hidden secret’s file to all but administrators', async () => {
    const { context, scenario } = setup;
    const secret = await buildSecret(context.db, scenario.users.writer, scenario.chest.id, {
      readerIds: scenario.readerIds,
      hidden: true,
    });
    const file = await uploadFile(context.app, scenario.tokens.administrator, secret.id, 1);
    for (const role of ['writer', 'reader', 'manager'] as const) {
      const response = await callApi(
        context.app,
        scenario.tokens[role],
        'GET',
        `/api/v1/attachments/${file.id}`,
      );
      expect(response.statusCode).toBe(404);
    }
    const owner = await callApi(context.app, scenario.tokens.owner, 'GET', `/api/v1/attachments/${file.id}`);
    expect(owner.statusCode).toBe(200);
  });

  it('lets the uploader of a pending file remove it after losing write access; others who only read may not', async () => {
    const { context, scenario } = setup;
    const organisationId = scenario.users.owner.organisation_id;
    const uploader = await buildUser(context.db, { organisation_id: organisationId });
    const membershipId = await buildMembership(context.db, uploader, scenario.writeTeam.id, true);
    const token = await buildSession(context.db, uploader);
    const started = await startUpload(context.app, token, scenario.secret.id, 10);
    const id = started.json().attachment.id as string;
    await context.db
      .updateTable('memberships')
      .set({ edit_access: false })
      .where('id', '=', membershipId)
      .execute();

    const byReader = await callApi(
      context.app,
      scenario.tokens.reader,
      'DELETE',
      `/api/v1/attachments/${id}`,
    );
    expect(byReader.statusCode).toBe(403);
    const byUploader = await callApi(context.app, token, 'DELETE', `/api/v1/attachments/${id}`);
    expect(byUploader.statusCode).toBe(204);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 0, chunks: 0 });
  });
});

describe('attachments: uploads that break the rules write nothing', () => {
  const setup = useChestScenario();
  const start = async (size: number) => {
    const { context, scenario } = setup;
    const response = await startUpload(context.app, scenario.tokens.writer, scenario.secret.id, size);
    expect(response.statusCode).toBe(201);
    return response.json().attachment.id as string;
  };

  it('refuses a chunk count that does not follow from the size (422)', async () => {
    const { context, scenario } = setup;
    for (const [size, count] of [
      [0, 0],
      [0, 2],
      [ATTACHMENT_CHUNK_BYTES, 2],
      [ATTACHMENT_CHUNK_BYTES + 1, 1],
    ] as const) {
      const response = await startUpload(
        context.app,
        scenario.tokens.writer,
        scenario.secret.id,
        size,
        count,
      );
      expect(response.statusCode, `${size} in ${count}`).toBe(count === 0 ? 400 : 422);
      if (count !== 0) expect(response.json()).toEqual({ errors: [ATTACHMENT_CHUNK_COUNT_MESSAGE] });
    }
    const rows = await context.db.selectFrom('attachments').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('refuses a chunk out of order (409) and takes them in order', async () => {
    const { context, scenario } = setup;
    const size = 2 * ATTACHMENT_CHUNK_BYTES + 7;
    const id = await start(size);
    const chunks = fakeSealedChunks(size);
    const token = scenario.tokens.writer;
    const skip = await putChunk(context.app, token, id, 1, chunks[1] as Buffer);
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ error: ATTACHMENT_CHUNK_ORDER_MESSAGE });
    expect((await putChunk(context.app, token, id, 0, chunks[0] as Buffer)).statusCode).toBe(204);
    const again = await putChunk(context.app, token, id, 0, chunks[0] as Buffer);
    expect(again.statusCode).toBe(409);
    const past = await putChunk(context.app, token, id, 3, chunks[2] as Buffer);
    expect(past.statusCode).toBe(409);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 1, chunks: 1 });
  });

  it('stores a chunk sent twice at once only once', async () => {
    const { context, scenario } = setup;
    const id = await start(100);
    const [chunk] = fakeSealedChunks(100) as [Buffer];
    const answers = await Promise.all(
      [1, 2, 3].map(() => putChunk(context.app, scenario.tokens.writer, id, 0, chunk)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409, 409]);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 1, chunks: 1 });
  });

  it('refuses a chunk of the wrong length (422), and a body that is not raw bytes', async () => {
    const { context, scenario } = setup;
    const size = ATTACHMENT_CHUNK_BYTES + 100;
    const id = await start(size);
    const token = scenario.tokens.writer;
    const [first, last] = fakeSealedChunks(size) as [Buffer, Buffer];
    for (const wrong of [
      last,
      first.subarray(1),
      Buffer.concat([first.subarray(0, 100), last]),
      Buffer.alloc(0),
    ]) {
      const response = await putChunk(context.app, token, id, 0, wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: [ATTACHMENT_CHUNK_LENGTH_MESSAGE] });
    }
    const tooLong = await putChunk(context.app, token, id, 0, Buffer.concat([first, Buffer.alloc(1)]));
    expect(tooLong.statusCode).toBe(413);
    const asJson = await callApi(context.app, token, 'PUT', `/api/v1/attachments/${id}/chunks/0`, {
      data: 'x',
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual({ errors: [CHUNK_CONTENT_TYPE_MESSAGE] });
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 1, chunks: 0 });
  });

  it('refuses to complete an upload with chunks missing (422), and any chunk once complete (409)', async () => {
    const { context, scenario } = setup;
    const size = ATTACHMENT_CHUNK_BYTES + 1;
    const id = await start(size);
    const token = scenario.tokens.writer;
    const chunks = fakeSealedChunks(size);
    await putChunk(context.app, token, id, 0, chunks[0] as Buffer);
    const early = await callApi(context.app, token, 'POST', `/api/v1/attachments/${id}/complete`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ errors: [ATTACHMENT_INCOMPLETE_MESSAGE] });
    // Not downloadable while pending.
    expect((await callApi(context.app, token, 'GET', `/api/v1/attachments/${id}`)).statusCode).toBe(404);

    await putChunk(context.app, token, id, 1, chunks[1] as Buffer);
    const done = await callApi(context.app, token, 'POST', `/api/v1/attachments/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().attachment).toMatchObject({ id, size, chunk_count: 2, complete: true });

    const late = await putChunk(context.app, token, id, 2, chunks[1] as Buffer);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: ATTACHMENT_ALREADY_COMPLETE_MESSAGE });
    const twice = await callApi(context.app, token, 'POST', `/api/v1/attachments/${id}/complete`);
    expect(twice.statusCode).toBe(409);
    expect(await attachmentRows(context.db, id)).toEqual({ attachments: 1, chunks: 2 });
  });

  it('stores an empty file as one chunk of 28 bytes', async () => {
    const { context, scenario } = setup;
    const file = await uploadFile(context.app, scenario.tokens.writer, scenario.secret.id, 0);
    const response = await callApi(
      context.app,
      scenario.tokens.reader,
      'GET',
      `/api/v1/attachments/${file.id}`,
    );
    expect(response.headers['content-length']).toBe('28');
    expect(response.rawPayload.equals(file.chunks[0] as Buffer)).toBe(true);
  });

  it('refuses an upload to a secret marked for deletion (409), like a save', async () => {
    const { context, scenario } = setup;
    const secret = await buildSecret(context.db, scenario.users.writer, scenario.chest.id, {
      readerIds: scenario.readerIds,
      deleted_at: new Date().toISOString(),
    });
    const response = await startUpload(context.app, scenario.tokens.writer, secret.id, 1);
    expect(response.statusCode).toBe(409);
  });

  it('round-trips a 10 MB file byte for byte, streamed with its exact length', async () => {
    const { context, scenario } = setup;
    const file = await uploadFile(
      context.app,
      scenario.tokens.writer,
      scenario.secret.id,
      ATTACHMENT_MAX_BYTES,
    );
    expect(file.chunks).toHaveLength(10);
    const response = await callApi(
      context.app,
      scenario.tokens.reader,
      'GET',
      `/api/v1/attachments/${file.id}`,
    );
    expect(response.statusCode).toBe(200);
    const expected = Buffer.concat(file.chunks);
    expect(response.headers['content-length']).toBe(String(expected.length));
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(expected.length);
    expect(response.rawPayload.equals(expected)).toBe(true);
  }, 60_000);

  it('answers HEAD with the download’s headers and no bytes', async () => {
    const { context, scenario } = setup;
    const file = await uploadFile(context.app, scenario.tokens.writer, scenario.secret.id, 1500);
    const response = await context.app.inject({
      method: 'HEAD',
      url: `/api/v1/attachments/${file.id}`,
      headers: { authorization: `Bearer ${scenario.tokens.reader}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(1500 + 28));
    expect(response.rawPayload.length).toBe(0);
  });

  it('tells any member the organisation’s storage used and allowed', async () => {
    const { context, scenario } = setup;
    const response = await callApi(
      context.app,
      scenario.tokens.outsider,
      'GET',
      '/api/v1/organisation/attachment-storage',
    );
    expect(response.statusCode).toBe(200);
    const used = await context.db
      .selectFrom('attachments')
      .select('size')
      .where('organisation_id', '=', scenario.users.owner.organisation_id)
      .execute();
    expect(response.json()).toEqual({
      used: used.reduce((sum, row) => sum + Number(row.size), 0),
      total: context.config.attachmentOrgMaxBytes,
      file_max: context.config.attachmentMaxBytes,
    });
  });
});
