import type {
  HeaderSigner,
  SecretCategory,
  SecretCreate,
  SecretPayload,
  SignedSecretHeader,
} from '@coffer/core';
import { sealSecret, signRevisionHeader, wrapSecretKey } from '@coffer/core';

/** A reader a batch is wrapped for: a CryptoKey is structured-cloneable, so it is imported once by the page. */
export interface SealReader {
  userId: string;
  key: CryptoKey;
}

/** What a new secret's signed header states besides its payload (the strength: unless scored here). */
export interface SealedPlace {
  chest: string;
  hidden: boolean;
  category: SecretCategory;
  name: string;
  strength: number | null;
  form_fill: boolean;
}

/** One new secret to seal (revision 1): its id and key are made by the page, which keeps the key for a rewrap. */
export interface SealItem {
  secretId: string;
  secretKey: Uint8Array;
  payload: SecretPayload;
  /** The password to score and the secret's name (a word the scorer discounts), or null: not scored. */
  score: { password: string; name: string } | null;
  /** Its metadata, for the signed header (with the batch's `signer`). */
  place?: SealedPlace;
}

/** Many new secrets for the same readers (one chest's). */
export interface SealBatch {
  readers: SealReader[];
  items: SealItem[];
  /**
   * Given once the organisation has a verified trust log (core's headerSigner: a CryptoKey and what
   * the log says of its author, cloneable to a worker): each item's header is signed too.
   */
  signer?: HeaderSigner;
}

/** One item sealed: its payload, its key for every reader, its strength; or that it could not be sealed. */
export type SealedItem =
  | {
      encrypted_data: string;
      encryption_iv: string;
      keys: SecretCreate['secret_keys_attributes'];
      strength: number | null;
      signed_header?: SignedSecretHeader;
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
      sealed[index] = await sealItem(batch, batch.items[index] as SealItem, score);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEAL_LANES, batch.items.length) }, lane));
  return sealed;
}

/** How many items of a batch are sealed side by side. */
const SEAL_LANES = 4;

async function sealItem(
  { readers, signer }: SealBatch,
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
    if (!signer || !item.place) return { ...payload, keys, strength };
    const place = item.score ? { ...item.place, strength } : item.place;
    const signed_header = await signRevisionHeader(
      signer,
      { id: item.secretId, revision: 1, vault_id: place.chest, ...place, ...payload },
      item.secretKey,
    );
    return { ...payload, keys, strength, signed_header };
  } catch {
    return { failed: true };
  }
}
