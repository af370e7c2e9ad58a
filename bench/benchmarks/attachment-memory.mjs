// The server's memory while files are uploaded and downloaded (issue 27): five 10 MB files sent at
// once, in their ten sealed 1 MiB chunks each, then the five downloaded at once. The goal: the peak
// resident memory at most the idle memory plus 60 MB, so the chunks, not the files, are what a server
// holds. The bytes are random stand-ins of the exact ciphertext lengths (the server never sees keys).

import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES, attachmentChunkCiphertextBytes, attachmentChunkCount } from '@coffer/core';
import { importServer, withServerDatabase } from '../dataset/server-code.mjs';
import {
  formatMegabytes,
  formatVerdict,
  measureIdleRss,
  renderTable,
  startCpuWatch,
  startRealServer,
  startRssSampler,
} from '../lib/index.mjs';

const UPLOADS = 5;
const FILE_BYTES = ATTACHMENT_MAX_BYTES;
const GROWTH_GOAL_BYTES = 60e6;

export default {
  name: 'attachment-memory',
  title: 'Server memory while five 10 MB files are uploaded (and downloaded) at once',
  async run({ log, serverEnv }) {
    let seeded = null;
    const server = await startRealServer({
      env: { ...serverEnv, BILLING: 'off' },
      prepareDataDir: async (dataDir) => {
        seeded = await seedUploader(path.join(dataDir, 'coffer.sqlite'));
      },
    });
    try {
      const api = (method, url, body, headers = {}) =>
        fetch(`${server.url}${url}`, {
          method,
          headers: { authorization: `Bearer ${seeded.token}`, ...headers },
          ...(body === undefined ? {} : { body }),
        });
      const chunks = Array.from({ length: attachmentChunkCount(FILE_BYTES) }, (_, index) =>
        randomBytes(attachmentChunkCiphertextBytes(FILE_BYTES, index)),
      );
      // One file end to end first, so what is measured is steady state, not the first call's compiling.
      await uploadOne(api, seeded.secretId, chunks);
      const idle = (await measureIdleRss([server], { path: '/healthz' }))[server.name];
      log(
        `  idle RSS ${formatMegabytes(idle)}; ${UPLOADS} uploads of ${FILE_BYTES / 1024 / 1024} MiB at once`,
      );

      const watch = startCpuWatch([server.pid]);
      const uploadSampler = startRssSampler([server.pid], 20);
      const startedUploads = performance.now();
      const ids = await Promise.all(
        Array.from({ length: UPLOADS }, () => uploadOne(api, seeded.secretId, chunks)),
      );
      const uploadMs = performance.now() - startedUploads;
      const uploadPeak = uploadSampler.stop()[server.pid].peakBytes;

      const downloadSampler = startRssSampler([server.pid], 20);
      const startedDownloads = performance.now();
      const expected = Buffer.concat(chunks);
      await Promise.all(
        ids.map(async (id) => {
          const response = await api('GET', `/api/v1/attachments/${id}`);
          const body = Buffer.from(await response.arrayBuffer());
          if (response.status !== 200 || !body.equals(expected)) {
            throw new Error(
              `a download came back wrong: ${response.status}, ${body.length} of ${expected.length} bytes, ${body.subarray(0, 200).toString()}`,
            );
          }
        }),
      );
      const downloadMs = performance.now() - startedDownloads;
      const downloadPeak = downloadSampler.stop()[server.pid].peakBytes;
      const cpu = await watch.stop();

      const uploadGrowth = uploadPeak - idle;
      const downloadGrowth = downloadPeak - idle;
      const pass = uploadGrowth <= GROWTH_GOAL_BYTES;
      const rows = [
        [
          `${UPLOADS} uploads at once`,
          formatMegabytes(idle),
          formatMegabytes(uploadPeak),
          formatMegabytes(uploadGrowth),
          `${(uploadGrowth / GROWTH_GOAL_BYTES).toFixed(2)}×`,
          `${Math.round(uploadMs)} ms`,
          formatVerdict(pass),
        ],
        [
          `${UPLOADS} downloads at once`,
          formatMegabytes(idle),
          formatMegabytes(downloadPeak),
          formatMegabytes(downloadGrowth),
          `${(downloadGrowth / GROWTH_GOAL_BYTES).toFixed(2)}×`,
          `${Math.round(downloadMs)} ms`,
          'n/a',
        ],
      ];
      const body = [
        renderTable(
          ['what', 'idle RSS', 'peak RSS', 'peak − idle', 'vs 60 MB', 'wall time', 'result'],
          rows,
          ['left', 'right', 'right', 'right', 'right', 'right', 'left'],
        ),
        '',
        `The real server on SQLite (BILLING=off). Each upload: POST the start, PUT its ${chunks.length} ` +
          'chunks one after another (1 MiB + 28 bytes each, random stand-ins of the sealed bytes), POST ' +
          'complete; the five run at once from this process. Then the five files are downloaded at once ' +
          'and compared byte for byte (shown for scale; the goal is on uploads). RSS is VmRSS sampled ' +
          'every 20 ms (1 MB = 1,000,000 bytes); idle is read after one warm-up upload. The ratio is ' +
          'the growth against the 60 MB ceiling.',
      ].join('\n');
      return {
        body,
        goal: `peak RSS during ${UPLOADS} uploads at most idle + ${formatMegabytes(GROWTH_GOAL_BYTES)}`,
        pass,
        cpu,
        data: { idle, uploadPeak, downloadPeak, uploadMs, downloadMs, goalBytes: GROWTH_GOAL_BYTES },
      };
    } finally {
      await server.stop();
    }
  },
};

// One file: start, every chunk in order, complete; answers its id.
async function uploadOne(api, secretId, chunks) {
  const started = await api(
    'POST',
    `/api/v1/secrets/${secretId}/attachments`,
    JSON.stringify({ size: FILE_BYTES, chunk_count: chunks.length }),
    { 'content-type': 'application/json' },
  );
  if (started.status !== 201) throw new Error(`upload start answered ${started.status}`);
  const { attachment } = await started.json();
  for (const [index, chunk] of chunks.entries()) {
    const sent = await api('PUT', `/api/v1/attachments/${attachment.id}/chunks/${index}`, chunk, {
      'content-type': 'application/octet-stream',
    });
    await sent.arrayBuffer();
    if (sent.status !== 204) throw new Error(`chunk ${index} answered ${sent.status}`);
  }
  const completed = await api('POST', `/api/v1/attachments/${attachment.id}/complete`);
  await completed.arrayBuffer();
  if (completed.status !== 200) throw new Error(`complete answered ${completed.status}`);
  return attachment.id;
}

// An organisation with one administrator (who may write every chest), a chest and a secret, written
// with the server's own migrations and session code before it starts; answers the session token.
async function seedUploader(sqliteFile) {
  const { migrateToLatest } = await importServer('db/migrator.js');
  const { createSession } = await importServer('auth/session-service.js');
  return withServerDatabase({ sqliteFile }, async (db) => {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const organisationId = randomUUID();
    const userId = randomUUID();
    const chestId = randomUUID();
    const secretId = randomUUID();
    await db
      .insertInto('organisations')
      .values({ id: organisationId, name: 'Files Ltd', created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: userId,
        organisation_id: organisationId,
        name: 'Uploader',
        email: 'uploader@example.test',
        // Never checked: the session below is made directly, no one signs in.
        password_hash: 'unused',
        kdf_iterations: 600_000,
        public_key: 'unused',
        encrypted_private_key: 'unused',
        private_key_iv: 'unused',
        administrator: true,
        confirmed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .updateTable('organisations')
      .set({ owner_id: userId })
      .where('id', '=', organisationId)
      .execute();
    await db
      .insertInto('vaults')
      .values({
        id: chestId,
        organisation_id: organisationId,
        name: 'Files',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('secrets')
      .values({
        id: secretId,
        organisation_id: organisationId,
        vault_id: chestId,
        vault_name: 'Files',
        name: 'Server certificate',
        category: 'note',
        strength: 0,
        form_fill: false,
        hidden: false,
        encrypted_data: randomBytes(64).toString('base64'),
        encryption_iv: randomBytes(12).toString('base64'),
        revision: 1,
        suite: 1,
        created_by: userId,
        updated_by: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Downloading asks what opening the secret asks: a wrapped key of it for the caller.
    await db
      .insertInto('secret_keys')
      .values({
        id: randomUUID(),
        organisation_id: organisationId,
        secret_id: secretId,
        user_id: userId,
        encrypted_value: randomBytes(384).toString('base64'),
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { token } = await createSession(db, { id: userId, organisation_id: organisationId });
    return { token, secretId };
  });
}
