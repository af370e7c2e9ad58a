// Where an import's time goes, phase by phase on the same drafts, each phase alone (import-throughput's
// profile): the strength scoring, the sealing and wrapping, the JSON of the bulk bodies, and the
// server's bulk creates sent one after another with bodies sealed beforehand.
import {
  generateSecretKey,
  importPublicKey,
  newSecretId,
  type SecretCreate,
  sealSecret,
  wrapSecretKey,
} from '@coffer/core';
import { startImportBatch } from '@coffer/web-src/api/import-batches-api.js';
import { createSecrets } from '@coffer/web-src/api/secrets-api.js';
import { fetchChestPublicKeys } from '@coffer/web-src/api/vaults-api.js';
import { computeStrength } from '@coffer/web-src/components/secrets/compute-strength.js';
import type { ImportDraft } from '@coffer/web-src/import/import-plan.js';
import { pool } from './bare-floor.js';

/** Each phase's total ms over the drafts. */
export interface PhaseProfile {
  items: number;
  strengthMs: number;
  sealMs: number;
  jsonMs: number;
  serverMs: number;
  requests: number;
}

export async function profilePhases(
  drafts: readonly ImportDraft[],
  chestId: string,
  concurrency: number,
): Promise<PhaseProfile> {
  let startedAt = performance.now();
  const strengths: (number | null)[] = [];
  for (const draft of drafts) {
    const password = 'password' in draft.payload ? draft.payload.password : '';
    strengths.push(await computeStrength(password, [draft.name]));
  }
  const strengthMs = performance.now() - startedAt;

  const readers = await fetchChestPublicKeys(chestId, false);
  const keys = await Promise.all(
    readers.map(async (reader) => ({
      userId: reader.user_id,
      key: await importPublicKey(reader.public_key),
    })),
  );
  const batch = await startImportBatch('bitwarden-json', drafts.length);
  const bodies: SecretCreate[] = new Array(drafts.length);
  startedAt = performance.now();
  await pool(
    drafts.map((draft, index) => ({ draft, index })),
    concurrency,
    async ({ draft, index }) => {
      const id = newSecretId();
      const secretKey = generateSecretKey();
      const sealed = await sealSecret({ secretId: id, revision: 1, payload: draft.payload, secretKey });
      const wrapped = await Promise.all(
        keys.map(async (reader) => ({
          user_id: reader.userId,
          encrypted_value: await wrapSecretKey(secretKey, reader.key, {
            secretId: id,
            userId: reader.userId,
          }),
        })),
      );
      bodies[index] = {
        id,
        revision: 1,
        vault_id: chestId,
        name: draft.name,
        category: draft.category,
        ...sealed,
        strength: strengths[index] ?? null,
        form_fill: true,
        hidden: false,
        secret_keys_attributes: wrapped,
        import_batch_id: batch.id,
      };
    },
  );
  const sealMs = performance.now() - startedAt;

  const requests: SecretCreate[][] = [];
  for (let index = 0; index < bodies.length; index += 50) requests.push(bodies.slice(index, index + 50));
  startedAt = performance.now();
  let bytes = 0;
  for (const request of requests) bytes += JSON.stringify({ secrets: request }).length;
  const jsonMs = performance.now() - startedAt;
  if (bytes === 0) throw new Error('no bodies');

  startedAt = performance.now();
  for (const request of requests) await createSecrets(request);
  const serverMs = performance.now() - startedAt;
  return { items: drafts.length, strengthMs, sealMs, jsonMs, serverMs, requests: requests.length };
}
