import type { StoredPrivateKey } from '@coffer/core';
import { openPrivateKey, openSigningKey } from '@coffer/core';
import { savePrivateKey, saveSigningKey } from './key-store.js';

/**
 * Opens the sealed private key from the sign-in answer with the derived encryption key and keeps
 * it only in the key store, as non-extractable CryptoKeys: one to unwrap, one to sign. Throws core's
 * CryptoError when it does not open (wrong key, tampered data, or iterations below the floor).
 */
export async function unlockPrivateKey(stored: StoredPrivateKey, encryptionKey: CryptoKey): Promise<void> {
  const [privateKey, signingKey] = await Promise.all([
    openPrivateKey(stored, encryptionKey),
    openSigningKey(stored, encryptionKey),
  ]);
  await Promise.all([savePrivateKey(privateKey), saveSigningKey(signingKey)]);
}
