import type { TrustCheckpoint } from '@coffer/core';
import { withKeyDatabaseStore } from '../keys/key-database.js';

/*
 * Where each signed-in user last verified the trust log in this browser (store 'checkpoints' of
 * 'coffer-keys', by user id). Like revision marks, it is not key material and outlives the session: a
 * checkpoint forgotten at logout would let the server serve an older log at the next sign-in.
 */

function isCheckpoint(value: unknown): value is TrustCheckpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { org, user, seq, head } = value as Partial<TrustCheckpoint>;
  return (
    typeof org === 'string' &&
    typeof user === 'string' &&
    typeof head === 'string' &&
    Number.isSafeInteger(seq)
  );
}

/** This browser's checkpoint for the user, or null (never verified here, or IndexedDB unavailable). */
export async function readLocalCheckpoint(userId: string): Promise<TrustCheckpoint | null> {
  try {
    const stored = await withKeyDatabaseStore<unknown>('checkpoints', 'readonly', (store) =>
      store.get(userId),
    );
    return isCheckpoint(stored) && stored.user === userId ? stored : null;
  } catch {
    return null;
  }
}

/** Keeps a checkpoint, unless this browser already holds a later one (another tab got further). */
export async function storeLocalCheckpoint(checkpoint: TrustCheckpoint): Promise<void> {
  try {
    await withKeyDatabaseStore('checkpoints', 'readwrite', (store) => {
      const reading = store.get(checkpoint.user);
      reading.onsuccess = () => {
        const stored: unknown = reading.result;
        // A later one stays, unless this one brings the confirmation of its genesis.
        const newer = isCheckpoint(stored) && stored.org === checkpoint.org && stored.seq > checkpoint.seq;
        if (newer && (stored.genesis === checkpoint.genesis || checkpoint.genesis === null)) return;
        if (newer) {
          store.put({ ...stored, genesis: checkpoint.genesis }, checkpoint.user);
          return;
        }
        store.put(checkpoint, checkpoint.user);
      };
      return reading;
    });
  } catch {
    // Kept by the page that verified it and on the server; the next sync writes again.
  }
}
