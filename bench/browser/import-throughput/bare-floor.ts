// The crypto floor an import is held to: each item's payload sealed with core's suite under a key made
// for it, and that key wrapped (RSA-OAEP) for every reader of the chest, the readers' public keys
// imported once. No network, no trust checks, no strength scoring: the work an import cannot avoid.
import { generateSecretKey, importPublicKey, newSecretId, sealSecret, wrapSecretKey } from '@coffer/core';
import type { ImportDraft } from '@coffer/web-src/import/import-plan.js';

/** A reader as the chest lists them. */
export interface FloorReader {
  user_id: string;
  public_key: string;
}

/** Runs `act` over `items`, `concurrency` at a time. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  act: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await act(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Seals every draft's payload and wraps its key for every reader, `concurrency` items at a time; answers ms. */
export async function sealBare(
  drafts: readonly ImportDraft[],
  readers: readonly FloorReader[],
  concurrency: number,
): Promise<number> {
  const keys = await Promise.all(
    readers.map(async (reader) => ({
      userId: reader.user_id,
      key: await importPublicKey(reader.public_key),
    })),
  );
  let bytes = 0;
  const startedAt = performance.now();
  await pool(drafts, concurrency, async (draft) => {
    const secretId = newSecretId();
    const secretKey = generateSecretKey();
    const sealed = await sealSecret({ secretId, revision: 1, payload: draft.payload, secretKey });
    const wrapped = await Promise.all(
      keys.map((reader) => wrapSecretKey(secretKey, reader.key, { secretId, userId: reader.userId })),
    );
    secretKey.fill(0);
    bytes += sealed.encrypted_data.length + wrapped.reduce((sum, value) => sum + value.length, 0);
  });
  const ms = performance.now() - startedAt;
  if (bytes === 0) throw new Error('nothing was sealed');
  return ms;
}
