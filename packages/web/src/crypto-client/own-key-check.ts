import { publicKeyFingerprint } from '@coffer/core';
import { loadPrivateKey } from '../keys/key-store.js';
import { provesOwnKey } from './own-key-proof.js';

/**
 * What the browser can say about the public key the server lists as the signed-in user's own:
 * - `proven`: it is the public half of the private key unlocked here; its fingerprint may be shown;
 * - `not-yours`: it is not (a key the server substituted, review R18): nothing of it may be shown as
 *   the user's, and nobody should confirm it;
 * - `no-private-key`: this browser holds no unlocked private key, so nothing can be proven.
 */
export type OwnKeyCheck =
  | { status: 'proven'; fingerprint: string }
  | { status: 'not-yours' }
  | { status: 'no-private-key' };

/**
 * Proves the listed public key against the private key unlocked at sign-in (one RSA-OAEP wrap and
 * unwrap of a random key), and only then computes the fingerprint a colleague compares by phone.
 */
export async function checkOwnKey(userId: string, publicKey: string): Promise<OwnKeyCheck> {
  const privateKey = await loadPrivateKey().catch(() => null);
  if (!privateKey) return { status: 'no-private-key' };
  if (!(await provesOwnKey(publicKey, userId, privateKey))) return { status: 'not-yours' };
  return { status: 'proven', fingerprint: await publicKeyFingerprint(publicKey) };
}
