import { sessionCleared } from '../lib/clear-session.js';
import { withKeyDatabaseStore } from './key-database.js';

/*
 * The unlocked private key lives only here: a non-extractable CryptoKey in IndexedDB, so a reload
 * does not ask for the password again, yet no script (ours or an injected one) can read its bytes.
 * Nothing of it ever goes to localStorage (crypto.md). Logging out, locking and the inactivity
 * timeout all clear the session, which deletes the key. The public key pins in the same database
 * (key-pins.ts) are not key material and stay.
 */

const PRIVATE_KEY = 'private-key';

function withStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  if (memoryOnly) return Promise.reject(new Error('The private key is kept in memory only.'));
  return withKeyDatabaseStore('keys', mode, act);
}

// The browser extension keeps the key in memory only, never on disk (docs/extension.md): no IndexedDB.
let memoryOnly = false;

/** From now on the private key lives in this page's memory only; IndexedDB is never written or read. */
export function keepPrivateKeyInMemoryOnly(): void {
  memoryOnly = true;
}

// Kept in memory too, so decrypting a secret does not wait on IndexedDB each time.
let cached: CryptoKey | null = null;
// Bumped whenever the key is dropped, so a save still in flight cannot outlive the session that made it.
let generation = 0;
// Bumped whenever the key is replaced or dropped, so that a proof made with another key is not reused.
let version = 0;

/** Which private key this is: changes whenever the key is stored or deleted (a cache key, not a secret). */
export function privateKeyVersion(): number {
  return version;
}

/**
 * Stores the unlocked private key for this browser session. Refuses an extractable key. The key is
 * usable from memory at once; when IndexedDB cannot keep it (a browser without it), it lasts until
 * the page reloads.
 */
export async function savePrivateKey(key: CryptoKey): Promise<void> {
  if (key.extractable) throw new Error('Only a non-extractable private key may be stored.');
  cached = key;
  version += 1;
  const saving = generation;
  try {
    await withStore('readwrite', (store) => store.put(key, PRIVATE_KEY));
  } catch {
    return;
  }
  // The session ended while the key was being written: take it out again.
  if (saving !== generation) await deletePrivateKey();
}

/** The unlocked private key, or null when this browser holds none (signed out, or another browser). */
export async function loadPrivateKey(): Promise<CryptoKey | null> {
  if (cached) return cached;
  const loading = generation;
  let stored: unknown;
  try {
    stored = await withStore<unknown>('readonly', (store) => store.get(PRIVATE_KEY));
  } catch {
    return null;
  }
  if (loading !== generation) return cached;
  cached = stored instanceof CryptoKey ? stored : null;
  return cached;
}

/** Deletes the private key from memory and IndexedDB. */
export async function deletePrivateKey(): Promise<void> {
  cached = null;
  generation += 1;
  version += 1;
  if (memoryOnly) return;
  await withStore('readwrite', (store) => store.delete(PRIVATE_KEY));
}

sessionCleared.subscribe(() => {
  // A failure here leaves nothing usable: the key cannot be read out, and the token is already gone.
  deletePrivateKey().catch(() => undefined);
});
