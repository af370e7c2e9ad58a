import type { SecretCreate, SecretPayload } from '@coffer/core';
import { sealSecret, wrapSecretKey } from '@coffer/core';

/** A reader a batch is wrapped for: a CryptoKey is structured-cloneable, so it is imported once by the page. */
export interface SealReader {
  userId: string;
  key: CryptoKey;
}

/** One new secret to seal (revision 1): its id and key are made by the page, which keeps the key for a rewrap. */
export interface SealItem {
  secretId: string;
  secretKey: Uint8Array;
  payload: SecretPayload;
  /** The password to score and the secret's name (a word the scorer discounts), or null: not scored. */
  score: { password: string; name: string } | null;
}

/** Many new secrets for the same readers (one chest's). */
export interface SealBatch {
  readers: SealReader[];
  items: SealItem[];
}

/** One item sealed: its payload, its key for every reader, its strength; or that it could not be sealed. */
export type SealedItem =
  | {
      encrypted_data: string;
      encryption_iv: string;
      keys: SecretCreate['secret_keys_attributes'];
      strength: number | null;
    }
  | { failed: true };

/** Scores a password as the secret form does (compute-strength.ts), null when the scorer cannot load. */
export type StrengthScore = (password: string, name: string) => Promise<number | null>;

/**
 * Seals each item as createEncryptedSecret does (revision 1, its key wrapped for exactly the given
 * readers) and scores its password. Runs the same in a worker of the crypto pool and on the page.
 * A failure of one item is that item's only; the page zeroes the keys it made.
 */
export async function sealBatch(batch: SealBatch, score: StrengthScore): Promise<SealedItem[]> {
  const sealed: SealedItem[] = new Array(batch.items.length);
  let next = 0;
  // A few items at a time: one item's WebCrypto calls run off the thread while another is scored.
  const lane = async () => {
    while (next < batch.items.length) {
      const index = next;
      next += 1;
      sealed[index] = await sealItem(batch.readers, batch.items[index] as SealItem, score);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEAL_LANES, batch.items.length) }, lane));
  return sealed;
}

/** How many items of a batch are sealed side by side. */
const SEAL_LANES = 4;

async function sealItem(
  readers: readonly SealReader[],
  item: SealItem,
  score: StrengthScore,
): Promise<SealedItem> {
  try {
    const [payload, keys, strength] = await Promise.all([
      sealSecret({ secretId: item.secretId, revision: 1, payload: item.payload, secretKey: item.secretKey }),
      Promise.all(
        readers.map(async (reader) => ({
          user_id: reader.userId,
          encrypted_value: await wrapSecretKey(item.secretKey, reader.key, {
            secretId: item.secretId,
            userId: reader.userId,
          }),
        })),
      ),
      item.score ? score(item.score.password, item.score.name) : Promise.resolve(null),
    ]);
    return { ...payload, keys, strength };
  } catch {
    return { failed: true };
  }
}
