import type { KeyShare, ReshareKeyAttributes } from '@coffer/core';
import { unwrapSecretKey, wrapSecretKey } from '@coffer/core';
import type { ReshareScope } from '../api/secret-keys-api.js';
import { deliverKeyShares, fetchMissingKeys } from '../api/secret-keys-api.js';
import { confirmReaderKeys } from './confirm-reader-keys.js';
import { requirePrivateKey } from './private-key.js';

/** What a reshare did: pairs the server listed, keys delivered, pairs this browser could not unwrap. */
export interface ReshareResult {
  missing: number;
  shared: number;
  failed: number;
}

/**
 * Fills missing keys (crypto.md): downloads the pairs, unwraps each secret key with the caller's own
 * private key, wraps it for the newcomer's public key and delivers the shares. No key ever leaves
 * this browser unwrapped. Every newcomer's public key is checked against the pins first, all pairs
 * at once, so a changed key asks once (and Cancel throws a SecretAccessError, delivering nothing).
 * Used by the admin settings' 'Reshare Missing Keys'.
 */
export async function reshareMissingKeys(
  userId: string,
  scope: ReshareScope = { kind: 'all' },
): Promise<ReshareResult> {
  const privateKey = await requirePrivateKey();
  const { keyshare } = await fetchMissingKeys(scope);
  await confirmReaderKeys({ userId, privateKey }, keyshare);
  const shares: ReshareKeyAttributes[] = [];
  let failed = 0;
  for (const pair of keyshare) {
    const share = await rewrap(pair, userId, privateKey);
    if (share) shares.push(share);
    else failed += 1;
  }
  const shared = shares.length === 0 ? 0 : await deliverKeyShares(shares);
  return { missing: keyshare.length, shared, failed };
}

// One pair; a pair whose key fails its integrity check or whose public key is unusable is skipped.
async function rewrap(
  pair: KeyShare,
  userId: string,
  privateKey: CryptoKey,
): Promise<ReshareKeyAttributes | null> {
  let secretKey: Uint8Array | undefined;
  try {
    secretKey = await unwrapSecretKey(pair.encrypted_value, privateKey, { secretId: pair.secret_id, userId });
    const encrypted_value = await wrapSecretKey(secretKey, pair.public_key, {
      secretId: pair.secret_id,
      userId: pair.user_id,
    });
    return { user_id: pair.user_id, secret_id: pair.secret_id, version: 1, encrypted_value };
  } catch {
    return null;
  } finally {
    secretKey?.fill(0);
  }
}
