import type { StoredPrivateKey } from '@coffer/core';
import { openPrivateKey } from '@coffer/core';
import { savePrivateKey } from './key-store.js';

/**
 * Opens the sealed private key from the sign-in answer with the derived encryption key and keeps
 * it only in the key store, as a non-extractable CryptoKey. Throws core's CryptoError when it does
 * not open (wrong key, tampered data, or iterations below the floor).
 */
export async function unlockPrivateKey(stored: StoredPrivateKey, encryptionKey: CryptoKey): Promise<void> {
  const privateKey = await openPrivateKey(stored, encryptionKey);
  await savePrivateKey(privateKey);
}
