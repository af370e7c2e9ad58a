import { sessionCleared } from '../lib/clear-session.js';
import { withKeyDatabaseStore } from './key-database.js';

/*
 * The unlocked private key lives only here: a non-extractable CryptoKey in IndexedDB, so a reload
 * does not ask for the password again, yet no script (ours or an injected one) can read its bytes.
 * Nothing of it ever goes to localStorage (crypto.md). Logging out, locking and the inactivity
 * timeout all clear the session, which deletes the key. The public key pins in the same database
 * (key-pins.ts) are not key material and stay.
 *
 * The same private key is kept twice, once per use WebCrypto allows it: RSA-OAEP to unwrap secret
 * keys, and RSA-PSS to sign (the trust log's entries and checkpoints, issue 30), both opened at unlock,
 * so that signing never asks for the password again.
 */

// The browser extension keeps the key in memory only, never on disk (docs/extension.md): no IndexedDB.
let memoryOnly = false;

/** From now on the private key lives in this page's memory only; IndexedDB is never written or read. */
export function keepPrivateKeyInMemoryOnly(): void {
  memoryOnly = true;
}

function withStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  if (memoryOnly) return Promise.reject(new Error('The private key is kept in memory only.'));
  return withKeyDatabaseStore('keys', mode, act);
}

/** One non-extractable key under its name in the store 'keys', cached in memory. */
class KeySlot {
  // Kept in memory too, so decrypting a secret does not wait on IndexedDB each time.
  private cached: CryptoKey | null = null;
  // Bumped whenever the key is dropped, so a save still in flight cannot outlive the session that made it.
  private generation = 0;
  // Bumped whenever the key is replaced or dropped, so that a proof made with another key is not reused.
  version = 0;

  constructor(private readonly name: string) {}

  async save(key: CryptoKey): Promise<void> {
    if (key.extractable) throw new Error('Only a non-extractable private key may be stored.');
    this.cached = key;
    this.version += 1;
    const saving = this.generation;
    try {
      await withStore('readwrite', (store) => store.put(key, this.name));
    } catch {
      return;
    }
    // The session ended while the key was being written: take it out again.
    if (saving !== this.generation) await this.delete();
  }

  async load(): Promise<CryptoKey | null> {
    if (this.cached) return this.cached;
    const loading = this.generation;
    let stored: unknown;
    try {
      stored = await withStore<unknown>('readonly', (store) => store.get(this.name));
    } catch {
      return null;
    }
    if (loading !== this.generation) return this.cached;
    this.cached = stored instanceof CryptoKey ? stored : null;
    return this.cached;
  }

  async delete(): Promise<void> {
    this.cached = null;
    this.generation += 1;
    this.version += 1;
    if (memoryOnly) return;
    await withStore('readwrite', (store) => store.delete(this.name));
  }
}

const unwrapping = new KeySlot('private-key');
const signing = new KeySlot('signing-key');

/** Which private key this is: changes whenever the key is stored or deleted (a cache key, not a secret). */
export function privateKeyVersion(): number {
  return unwrapping.version;
}

/**
 * Stores the unlocked private key for this browser session. Refuses an extractable key. The key is
 * usable from memory at once; when IndexedDB cannot keep it (a browser without it), it lasts until
 * the page reloads.
 */
export function savePrivateKey(key: CryptoKey): Promise<void> {
  return unwrapping.save(key);
}

/** The unlocked private key, or null when this browser holds none (signed out, or another browser). */
export function loadPrivateKey(): Promise<CryptoKey | null> {
  return unwrapping.load();
}

/** Stores the same private key opened for RSA-PSS signing, as savePrivateKey stores it for unwrapping. */
export function saveSigningKey(key: CryptoKey): Promise<void> {
  return signing.save(key);
}

/** The unlocked signing key, or null (signed out, another browser, or unlocked before it was kept). */
export function loadSigningKey(): Promise<CryptoKey | null> {
  return signing.load();
}

/** Deletes the private key, in both its uses, from memory and IndexedDB. */
export async function deletePrivateKey(): Promise<void> {
  await Promise.all([unwrapping.delete(), signing.delete()]);
}

sessionCleared.subscribe(() => {
  // A failure here leaves nothing usable: the key cannot be read out, and the token is already gone.
  deletePrivateKey().catch(() => undefined);
});
