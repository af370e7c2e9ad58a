// The index blob's encryption: AES-256-GCM under a key made at unlock that cannot be exported, so
// the sealed index on disk is useless without the unlocked session that made it. The additional
// data binds the user and the server: a blob copied between profiles or servers does not open.
import { randomBytes, utf8Encode } from '@coffer/core';
import { deflate, fromBase64, inflate, toBase64 } from './blob-encoding.js';
import type { IndexOwner, IndexSnapshot } from './index-entry.js';
import { type PackedIndex, packIndex, unpackIndex } from './index-packing.js';
import type { SealedIndexBlob } from './index-store.js';

const IV_BYTES = 12;
const decoder = new TextDecoder();

/** Makes the index key at unlock: held in memory only, never extractable. */
export function createIndexKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** The additional data of a blob: the suite's version, the server's origin and the user's id. */
export function indexAdditionalData({ userId, server }: IndexOwner): string {
  return `coffer:extension-index:1:${server}:${userId}`;
}

/** Seals a snapshot for its owner under `key`, with a fresh IV: packed JSON, deflated, then AES-GCM. */
export async function sealIndex(key: CryptoKey, snapshot: IndexSnapshot): Promise<SealedIndexBlob> {
  const iv = randomBytes(IV_BYTES);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8Encode(indexAdditionalData(snapshot)) },
    key,
    await deflate(utf8Encode(JSON.stringify(packIndex(snapshot)))),
  );
  return { version: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(sealed)) };
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
        iv: fromBase64(blob.iv),
        additionalData: utf8Encode(indexAdditionalData(owner)),
      },
      key,
      fromBase64(blob.data),
    );
    const packed = JSON.parse(decoder.decode(await inflate(new Uint8Array(plain)))) as PackedIndex;
    const snapshot = unpackIndex(packed);
    // The additional data already proves the owner; this is a second look at what it holds.
    if (snapshot.userId !== owner.userId || snapshot.server !== owner.server) return null;
    return snapshot;
  } catch {
    return null;
  }
}
