import type { KeyShare, ReshareKeyAttributes } from '@coffer/core';
import { importPublicKey, unwrapSecretKey, wrapSecretKey } from '@coffer/core';

/** A missing pair by its place only: which secret, whose key. */
export interface PairPlace {
  secret_id: string;
  user_id: string;
}

/** What rewrapping a batch of pairs gave: shares to deliver, and pairs that could not be rewrapped. */
export interface RewrapOutcome {
  shares: ReshareKeyAttributes[];
  failed: PairPlace[];
}

/** Imports a base64 SPKI public key (refusing anything but RSA-3072, e = 65537). */
export type PublicKeyImporter = (publicKey: string) => Promise<CryptoKey>;

/**
 * Imports each distinct public key once and hands out the same CryptoKey afterwards (a reshare
 * lists a newcomer's key once per secret). A key that fails to import is remembered as failing.
 */
export function createPublicKeyCache(importKey: PublicKeyImporter = importPublicKey): PublicKeyImporter {
  const imported = new Map<string, Promise<CryptoKey>>();
  return (publicKey) => {
    let key = imported.get(publicKey);
    if (!key) {
      key = importKey(publicKey);
      // Handled by whoever awaits it; this only keeps an unawaited failure from being reported.
      key.catch(() => undefined);
      imported.set(publicKey, key);
    }
    return key;
  };
}

/**
 * Rewraps missing pairs: each secret's key is unwrapped once with the caller's private key (its
 * label binds the secret and the caller), wrapped for every newcomer's public key (label: the
 * secret and the newcomer), and zeroed. A pair whose key fails its integrity check, or whose public
 * key is unusable, is counted as failed and skipped. Runs the same in a worker and on the page.
 */
export async function rewrapPairs(
  pairs: readonly KeyShare[],
  owner: { userId: string; privateKey: CryptoKey },
  publicKeyOf: PublicKeyImporter,
): Promise<RewrapOutcome> {
  const outcome: RewrapOutcome = { shares: [], failed: [] };
  for (const group of groupBySecret(pairs)) {
    const [first] = group;
    if (!first) continue;
    let secretKey: Uint8Array | undefined;
    try {
      secretKey = await unwrapSecretKey(first.encrypted_value, owner.privateKey, {
        secretId: first.secret_id,
        userId: owner.userId,
      });
    } catch {
      for (const pair of group) outcome.failed.push(placeOf(pair));
      continue;
    }
    try {
      for (const pair of group) {
        try {
          const encrypted_value = await wrapSecretKey(secretKey, await publicKeyOf(pair.public_key), {
            secretId: pair.secret_id,
            userId: pair.user_id,
          });
          outcome.shares.push({
            user_id: pair.user_id,
            secret_id: pair.secret_id,
            version: 1,
            encrypted_value,
          });
        } catch {
          outcome.failed.push(placeOf(pair));
        }
      }
    } finally {
      secretKey.fill(0);
    }
  }
  return outcome;
}

function placeOf(pair: PairPlace): PairPlace {
  return { secret_id: pair.secret_id, user_id: pair.user_id };
}

// Pairs of one secret that carry the same wrapped key of the caller share one unwrap.
function groupBySecret(pairs: readonly KeyShare[]): KeyShare[][] {
  const groups = new Map<string, KeyShare[]>();
  for (const pair of pairs) {
    const id = `${pair.secret_id}\n${pair.encrypted_value}`;
    const group = groups.get(id);
    if (group) group.push(pair);
    else groups.set(id, [pair]);
  }
  return [...groups.values()];
}
