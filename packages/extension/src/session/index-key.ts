import { base64ToBytes, bytesToBase64, randomBytes } from '@coffer/core';

/*
 * The local index's key (docs/extension-sync.md). A non-extractable CryptoKey cannot be put in
 * chrome.storage.session, and the popup and the service worker are pages that start and stop: so the
 * key is made at unlock as 32 random bytes, kept (base64) in the unlocked session in the session store
 * only, and imported as a non-extractable AES key wherever it is used.
 */

const INDEX_KEY_BYTES = 32;

/** A fresh index key for this unlock, as base64 for the session store. */
export function createIndexKeyBytes(): string {
  const raw = randomBytes(INDEX_KEY_BYTES);
  try {
    return bytesToBase64(raw);
  } finally {
    raw.fill(0);
  }
}

/** The session's index key as a non-extractable AES-256-GCM key. */
export async function importIndexKey(indexKey: string): Promise<CryptoKey> {
  const raw = base64ToBytes(indexKey);
  try {
    return await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
  }
}
