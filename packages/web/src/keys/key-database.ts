/*
 * The browser's 'coffer-keys' IndexedDB database: the store 'keys' holds the unlocked private key
 * (key-store.ts), the store 'pins' the public key fingerprints seen per user (key-pins.ts), the
 * store 'trust' the keys a signed-in user trusts by an explicit act (key-trust.ts), the store
 * 'revisions' the highest revision each signed-in user has seen of each secret
 * (crypto-client/revision-memory.ts), the store 'checkpoints' where each signed-in user last verified
 * the organisation's trust log (trust-log/local-checkpoint.ts).
 */

const DATABASE = 'coffer-keys';
// Version 2 added 'pins', version 3 'trust', version 4 'revisions', version 5 'checkpoints'; an older
// browser keeps what it has and gains the rest.
const VERSION = 5;

/** The object stores of the key database. */
export type KeyDatabaseStore = 'keys' | 'pins' | 'trust' | 'revisions' | 'checkpoints';

const STORES: readonly KeyDatabaseStore[] = ['keys', 'pins', 'trust', 'revisions', 'checkpoints'];

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, VERSION);
    opening.onupgradeneeded = () => {
      for (const store of STORES) {
        if (!opening.result.objectStoreNames.contains(store)) opening.result.createObjectStore(store);
      }
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

/** Runs one request in its own transaction on a store of the key database; answers its result once committed. */
export async function withKeyDatabaseStore<T>(
  name: KeyDatabaseStore,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(name, mode);
      const pending = act(transaction.objectStore(name));
      transaction.oncomplete = () => resolve(pending.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}
