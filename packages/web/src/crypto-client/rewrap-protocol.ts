import type { KeyShare } from '@coffer/core';
import type { PublicKeyImporter, RewrapOutcome } from './rewrap-pairs.js';
import { createPublicKeyCache, rewrapPairs } from './rewrap-pairs.js';

/** To a rewrap worker: first the owner (the private key, a structured-cloned non-extractable CryptoKey), then batches. */
export type ToRewrapWorker =
  | { type: 'init'; userId: string; privateKey: CryptoKey }
  | { type: 'rewrap'; id: number; pairs: KeyShare[] };

/** From a rewrap worker: a batch's outcome, or that it could not work on it. */
export type FromRewrapWorker =
  | ({ type: 'done'; id: number } & RewrapOutcome)
  | { type: 'error'; id: number; message: string };

/**
 * The worker's side of the protocol, apart from the worker global so it can be tested on a page:
 * keeps the owner and a public key cache for the worker's life (each newcomer's key imported once
 * per worker), answers each batch. Holds no state a message could not rebuild.
 */
export function createRewrapWorkerHandler(importKey?: PublicKeyImporter) {
  const publicKeyOf = createPublicKeyCache(importKey);
  let owner: { userId: string; privateKey: CryptoKey } | null = null;
  return async (message: ToRewrapWorker): Promise<FromRewrapWorker | null> => {
    if (message.type === 'init') {
      owner = { userId: message.userId, privateKey: message.privateKey };
      return null;
    }
    if (!owner) return { type: 'error', id: message.id, message: 'not initialised' };
    try {
      return { type: 'done', id: message.id, ...(await rewrapPairs(message.pairs, owner, publicKeyOf)) };
    } catch {
      return { type: 'error', id: message.id, message: 'rewrap failed' };
    }
  };
}
