import { loadPrivateKey } from '../keys/key-store.js';
import { NO_PRIVATE_KEY_MESSAGE, SecretAccessError } from './secret-access-error.js';

/** The unlocked, non-extractable private key from the key store; throws when this browser holds none. */
export async function requirePrivateKey(): Promise<CryptoKey> {
  const key = await loadPrivateKey().catch(() => null);
  if (!key) throw new SecretAccessError('no-private-key', NO_PRIVATE_KEY_MESSAGE);
  return key;
}
