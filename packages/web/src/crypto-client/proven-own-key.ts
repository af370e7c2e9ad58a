import type { Profile } from '@coffer/core';
import { PROFILE_PATH } from '../api/accounts-profile-api.js';
import { requestOrThrow } from '../api/api-client.js';
import { provesOwnKey } from './own-key-proof.js';
import { requirePrivateKey } from './private-key.js';
import { OWN_KEY_MISMATCH_MESSAGE, SecretAccessError } from './secret-access-error.js';

/**
 * The signed-in user's public key as the server lists it, once proven against the private key
 * unlocked here ('key-changed' when it is not: a key the server substituted). What the browser seals
 * for the user, or checks the user's own signatures with, uses this key and no other.
 */
export async function provenOwnPublicKey(userId: string): Promise<string> {
  const privateKey = await requirePrivateKey();
  const profile = await requestOrThrow<Profile>(PROFILE_PATH);
  if (profile.id !== userId || !(await provesOwnKey(profile.public_key, userId, privateKey))) {
    throw new SecretAccessError('key-changed', OWN_KEY_MISMATCH_MESSAGE);
  }
  return profile.public_key;
}
