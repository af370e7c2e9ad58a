import type { KeyShare } from '@coffer/core';
import type { PublicKeyImporter, RewrapOutcome } from './rewrap-pairs.js';
import { createPublicKeyCache, rewrapPairs } from './rewrap-pairs.js';
import type { SealBatch, SealedItem, StrengthScore } from './seal-batch.js';
import { sealBatch } from './seal-batch.js';

/**
 * To a worker of the crypto pool: first the owner (the private key, a structured-cloned
 * non-extractable CryptoKey), then batches: missing pairs to rewrap (a reshare), or new secrets to
 * seal (an import).
 */
export type ToRewrapWorker =
  | { type: 'init'; userId: string; privateKey: CryptoKey }
  | { type: 'rewrap'; id: number; pairs: KeyShare[] }
  | ({ type: 'seal'; id: number } & SealBatch);

/** From a worker: a batch's outcome, or that it could not work on it. */
export type FromRewrapWorker =
  | ({ type: 'done'; id: number } & RewrapOutcome)
  | { type: 'sealed'; id: number; items: SealedItem[] }
  | { type: 'error'; id: number; message: string };

/**
 * The worker's side of the protocol, apart from the worker global so it can be tested on a page
 * (`score`: how a sealed secret's password is scored, compute-strength.ts in the worker): keeps the owner and a public key cache for the worker's life (each newcomer's key imported once
 * per worker), answers each batch. Holds no state a message could not rebuild.
 */
export function createRewrapWorkerHandler(score: StrengthScore, importKey?: PublicKeyImporter) {
  const publicKeyOf = createPublicKeyCache(importKey);
  let owner: { userId: string; privateKey: CryptoKey } | null = null;
  return async (message: ToRewrapWorker): Promise<FromRewrapWorker | null> => {
    if (message.type === 'init') {
      owner = { userId: message.userId, privateKey: message.privateKey };
      return null;
    }
    if (!owner) return { type: 'error', id: message.id, message: 'not initialised' };
    if (message.type === 'seal') {
      return { type: 'sealed', id: message.id, items: await sealBatch(message, score) };
    }
    try {
      return { type: 'done', id: message.id, ...(await rewrapPairs(message.pairs, owner, publicKeyOf)) };
    } catch {
      return { type: 'error', id: message.id, message: 'rewrap failed' };
    }
  };
}
