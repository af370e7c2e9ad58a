import {
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  generateUserKeyPair,
  importSigningKey,
  normaliseEmailInput,
  sealPrivateKey,
} from '@coffer/core';
import { unlockPrivateKey } from './unlock-private-key.js';

/** What the server gets of a new key pair: the auth hash, the public key and the sealed private key. */
export interface NewAccountKeys {
  /** The auth hash of the password (crypto.md): the `password` of the call. */
  authHash: string;
  public_key: string;
  encrypted_private_key: string;
  private_key_iv: string;
  kdf_iterations: number;
}

/** A new key pair sealed under a password, and a way to open it here as a non-extractable key. */
export interface MadeAccountKeys {
  keys: NewAccountKeys;
  /** Opens the sealed private key into the key store (to unwrap and to sign), as a sign-in does. */
  unlock: () => Promise<void>;
  /** The new private key for signing (RSA-PSS, non-extractable): a rotation's trust-log entry. */
  signingKey: () => Promise<CryptoKey>;
}

/**
 * Makes an account's keys from an e-mail and password, as registration does (crypto.md): the keys
 * derived with 600,000 iterations, a new RSA-OAEP-3072 key pair, its private half sealed under the
 * encryption key. Used when an administrator adds a user or resets their password (from the
 * generated or chosen password) and when a user sets their first personal password.
 */
export async function makeAccountKeys(email: string, password: string): Promise<MadeAccountKeys> {
  const iterations = DEFAULT_KDF_ITERATIONS;
  const [derived, pair] = await Promise.all([
    deriveAccountKeys({ email: normaliseEmailInput(email), password, iterations }),
    generateUserKeyPair(),
  ]);
  const sealed = await sealPrivateKey(pair.privateKey, derived.encryptionKey, iterations);
  return {
    keys: { authHash: derived.authHash, public_key: pair.publicKey, ...sealed, kdf_iterations: iterations },
    unlock: () => unlockPrivateKey({ ...sealed, kdf_iterations: iterations }, derived.encryptionKey),
    signingKey: async () => importSigningKey(await crypto.subtle.exportKey('pkcs8', pair.privateKey)),
  };
}
