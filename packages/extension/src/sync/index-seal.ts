// The index blob's encryption: AES-256-GCM under a key made at unlock that cannot be exported, so
// the sealed index on disk is useless without the unlocked session that made it. The additional
// data binds the user and the server: a blob copied between profiles or servers does not open.
import { base64ToBytes, bytesToBase64, randomBytes, utf8Decode, utf8Encode } from '@coffer/core';
import type { IndexOwner, IndexSnapshot } from './index-entry.js';
import type { SealedIndexBlob } from './index-store.js';

const IV_BYTES = 12;

/** Makes the index key at unlock: held in memory only, never extractable. */
export function createIndexKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** The additional data of a blob: the suite's version, the server's origin and the user's id. */
export function indexAdditionalData({ userId, server }: IndexOwner): string {
  return `coffer:extension-index:1:${server}:${userId}`;
}

/** Seals a snapshot for its owner under `key`, with a fresh IV. */
export async function sealIndex(key: CryptoKey, snapshot: IndexSnapshot): Promise<SealedIndexBlob> {
  const iv = randomBytes(IV_BYTES);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8Encode(indexAdditionalData(snapshot)) },
    key,
    utf8Encode(JSON.stringify(snapshot)),
  );
  return { version: 1, iv: bytesToBase64(iv), data: bytesToBase64(new Uint8Array(sealed)) };
}

/**
 * Opens a blob for `owner`; null when it does not open (another key, another user or server, a
 * flipped bit, a shape this version does not know). The caller discards it and syncs in full.
 */
export async function openIndex(
  key: CryptoKey,
  blob: SealedIndexBlob,
  owner: IndexOwner,
): Promise<IndexSnapshot | null> {
  try {
    if (blob.version !== 1) return null;
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: base64ToBytes(blob.iv),
        additionalData: utf8Encode(indexAdditionalData(owner)),
      },
      key,
      base64ToBytes(blob.data),
    );
    const snapshot = JSON.parse(utf8Decode(new Uint8Array(plain))) as IndexSnapshot;
    // The additional data already proves the owner; this guards against a snapshot of another shape.
    if (snapshot.version !== 1 || snapshot.userId !== owner.userId || snapshot.server !== owner.server)
      return null;
    if (!Array.isArray(snapshot.entries) || !Array.isArray(snapshot.skipped)) return null;
    return snapshot;
  } catch {
    return null;
  }
}
